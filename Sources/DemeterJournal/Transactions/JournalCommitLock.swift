import DemeterFoundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The lock of a journal's commit window (manual: writing), so that no reader ever sees half of a
/// `JournalTransaction`.
///
/// Two files in `<journal>/.demeter/`:
/// - `commit`: a writer holds it exclusively (`flock(LOCK_EX)`) for the short window in which its
///   transaction record exists and its staged files are renamed into place (or in which it completes
///   a killed writer's record); readers hold it shared (`LOCK_SH`) while they list and read the day
///   files. A reader therefore sees every file before a transaction or every file after it.
/// - `commit-queue`: a turnstile that keeps a stream of readers from starving a writer (`flock`
///   grants a shared lock even while an exclusive one is waiting). A writer holds it exclusively while
///   it waits for `commit`; a reader takes it shared and releases it at once before asking for
///   `commit`, so readers that come after a waiting writer wait behind it, not before.
///
/// The writer takes this lock only after it has staged every file (the slow part) and while it already
/// holds the `JournalLock`, so readers wait for renames, never for a whole write. Like the journal
/// lock, both belong to open files: a killed holder never leaves them held.
///
/// Readers never create these files (reading leaves a journal untouched, and a read-only journal can
/// be read): a reader that finds no `commit` file reads without it and checks afterwards that none
/// appeared meanwhile (`JournalReading`).
@usableFromInline package final class JournalCommitLock {
  /// `<journal>/.demeter/commit`.
  package static func path(journal: String) -> String { JournalLayout(journal: journal).commitLock }
  /// `<journal>/.demeter/commit-queue`.
  package static func queuePath(journal: String) -> String { JournalLayout(journal: journal).commitQueue }

  private var descriptor: Int32

  private init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// Takes the lock exclusively, for a writer that holds the `JournalLock`: waits for the readers
  /// reading now; readers that come later wait for it. Creates the files when missing.
  package static func exclusive(journal: String) throws(ModelError) -> JournalCommitLock {
    let queue = try openCreating(queuePath(journal: journal))
    defer { close(queue) }
    try lock(queue, LOCK_EX, path: queuePath(journal: journal))
    let descriptor = try openCreating(path(journal: journal))
    do throws(ModelError) {
      try lock(descriptor, LOCK_EX, path: path(journal: journal))
    } catch {
      close(descriptor)
      throw error
    }
    return JournalCommitLock(descriptor: descriptor)
  }

  /// Takes the lock shared, for a reader: waits while a writer commits (or waits to). nil when the
  /// journal has no `commit` file (no transaction ever committed there) or it cannot be opened or
  /// locked; the reader then reads without it.
  @usableFromInline package static func shared(journal: String) -> JournalCommitLock? {
    let queue = open(queuePath(journal: journal), O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    if queue >= 0 {
      _ = try? lock(queue, LOCK_SH, path: "")
      close(queue)
    }
    let descriptor = open(path(journal: journal), O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    guard (try? lock(descriptor, LOCK_SH, path: "")) != nil else {
      close(descriptor)
      return nil
    }
    return JournalCommitLock(descriptor: descriptor)
  }

  /// Whether the journal has a `commit` file (a writer has committed a transaction there).
  @usableFromInline package static func exists(journal: String) -> Bool {
    FileStatus.of(path(journal: journal)) != nil
  }

  /// Releases the lock (also done when the value is freed).
  @usableFromInline package func release() {
    guard descriptor >= 0 else { return }
    close(descriptor)
    descriptor = -1
  }

  deinit { release() }

  private static func openCreating(_ path: String) throws(ModelError) -> Int32 {
    let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw .persistenceError("cannot open the commit lock '\(path)': \(errnoText())")
    }
    return descriptor
  }

  private static func lock(_ descriptor: Int32, _ operation: Int32, path: String) throws(ModelError) {
    while flock(descriptor, operation) != 0 {
      if errno == EINTR { continue }
      throw .persistenceError("cannot lock '\(path)': \(errnoText())")
    }
  }
}
