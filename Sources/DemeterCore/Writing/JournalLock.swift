#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The exclusive lock every journal write holds (SPEC §9): `flock(LOCK_EX)` on
/// `<journal>/.demeter/lock` (folder and file created when missing). The lock belongs to the open
/// file, so the system releases it when the holder closes it, exits or is killed: a crashed writer
/// never leaves a journal locked. Waits for the current holder to finish.
///
/// Taking it first completes a transaction a killed writer left unfinished (`TransactionLog`), so
/// every writer starts from a journal with no half-made change.
public final class JournalLock {
  /// `<journal>/.demeter/lock`.
  public let path: String
  private var descriptor: Int32

  /// Takes the lock of `journal`, waiting as long as another process holds it.
  /// - Throws: `persistenceError` when the lock cannot be taken, or when a killed writer's
  ///   transaction record cannot be completed (the lock is then released).
  public init(journal: String) throws(ModelError) {
    let folder = Self.folder(journal: journal)
    path = Self.join(folder, "lock")
    if mkdir(folder, 0o755) != 0 && errno != EEXIST {
      throw .persistenceError("cannot create the lock folder '\(folder)': \(errnoText())")
    }
    descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw .persistenceError("cannot open the journal lock '\(path)': \(errnoText())")
    }
    while flock(descriptor, LOCK_EX) != 0 {
      if errno == EINTR { continue }
      let reason = errnoText()
      close(descriptor)
      descriptor = -1
      throw .persistenceError("cannot lock the journal ('\(path)'): \(reason)")
    }
    do throws(ModelError) {
      try TransactionLog.complete(journal: journal)
    } catch {
      release()
      throw error
    }
  }

  /// Releases the lock (also done when the value is freed).
  public func release() {
    guard descriptor >= 0 else { return }
    close(descriptor)
    descriptor = -1
  }

  deinit { release() }

  /// Runs `body` while holding the lock of `journal`.
  public static func withLock<Result>(
    journal: String, _ body: () throws(ModelError) -> Result
  ) throws(ModelError) -> Result {
    let lock = try JournalLock(journal: journal)
    defer { lock.release() }
    return try body()
  }

  /// `<journal>/.demeter`, where the locks and the transaction record live.
  static func folder(journal: String) -> String { join(journal, ".demeter") }

  static func join(_ folder: String, _ name: String) -> String {
    folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }
}
