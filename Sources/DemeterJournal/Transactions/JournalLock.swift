import DemeterFoundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The exclusive lock every journal write holds (manual: writing): `flock(LOCK_EX)` on
/// `<journal>/.demeter/lock` (folder and file created when missing; the folder ignores itself in
/// git, `JournalStateFolder.create`). The lock belongs to the open
/// file, so the system releases it when the holder closes it, exits or is killed: a crashed writer
/// never leaves a journal locked. Neither `.demeter` nor `lock` is opened through a symbolic link
/// (`JournalStateFolder`).
///
/// A `flock` lock does not say who holds it, so the holder writes its process id into the lock file
/// (`PID\n`) once it has the lock and empties the file when it lets go. A writer that has to wait
/// reads it to say whom it waits for (`Waiting`); an id left by a killed holder names no running
/// process and is not reported.
///
/// Taking it first completes a transaction a killed writer left unfinished (`TransactionLog`), so
/// every writer starts from a journal with no half-made change.
public final class JournalLock {
  /// How long a writer waits for the lock, and what it does when that takes a while.
  public struct Waiting: Sendable {
    /// How long a writer waits by default (`--lock-timeout`).
    public static let defaultTimeout = TimeLimit(seconds: 30)
    /// After waiting this long, `onWait` is called (once).
    public static let reportAfter = TimeLimit(seconds: 1)

    /// The longest wait (0: try once).
    public var timeout: TimeLimit
    /// Called once when the lock is still taken after `reportAfter`, with the holder's process id
    /// when it is known.
    public var onWait: @Sendable (_ holder: Int32?) -> Void

    public init(
      timeout: TimeLimit = defaultTimeout, onWait: @escaping @Sendable (_ holder: Int32?) -> Void = { _ in }
    ) {
      self.timeout = timeout
      self.onWait = onWait
    }
  }

  /// `<journal>/.demeter/lock`.
  public let path: String
  private var descriptor: Int32

  /// Takes the lock of `journal`, waiting for its holder as `waiting` says.
  /// - Throws: `persistenceError` when the lock file cannot be opened, the lock is still held after
  ///   `waiting.timeout` seconds (the message names the holder's process id when known), or a killed
  ///   writer's transaction record cannot be completed (the lock is then released).
  public init(journal: String, waiting: Waiting = Waiting()) throws(ModelError) {
    let layout = JournalLayout(journal: journal)
    let folder = layout.stateFolder
    path = layout.lock
    if let failure = JournalStateFolder.create(at: folder) {
      throw .persistenceError(
        "cannot create the lock folder \(AtomicFileWriter.quoted(folder)): \(errnoText(failure))")
    }
    if let problem = JournalStateFolder.problem(journal: journal) { throw .persistenceError(problem) }
    let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard folderDescriptor >= 0 else {
      throw .persistenceError(
        "cannot open the lock folder \(AtomicFileWriter.quoted(folder)): \(errnoText())")
    }
    descriptor = openat(
      folderDescriptor, JournalLayout.lockFileName, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC,
      0o644)
    let openError = errno
    close(folderDescriptor)
    guard descriptor >= 0 else {
      let reason =
        openError == ELOOP
        ? "it is a symbolic link, which is never followed; remove it" : errnoText(openError)
      throw .persistenceError("cannot open the journal lock \(AtomicFileWriter.quoted(path)): \(reason)")
    }
    do throws(ModelError) {
      try acquire(waiting)
    } catch {
      close(descriptor)
      descriptor = -1
      throw error
    }
    recordHolder()
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
    _ = ftruncate(descriptor, 0)
    close(descriptor)
    descriptor = -1
  }

  deinit { release() }

  /// Runs `body` while holding the lock of `journal`.
  public static func withLock<Result>(
    journal: String, waiting: Waiting = Waiting(), _ body: () throws(ModelError) -> Result
  ) throws(ModelError) -> Result {
    let lock = try JournalLock(journal: journal, waiting: waiting)
    defer { lock.release() }
    return try body()
  }

  // MARK: - Waiting

  /// The longest pause between two tries, in seconds.
  private static let longestPause = 0.025

  /// Takes the lock, trying again after short pauses (`flock` cannot wait with a time limit)
  /// until `waiting.timeout` has passed.
  private func acquire(_ waiting: Waiting) throws(ModelError) {
    // The report's clock starts first, so with a timeout of at least `reportAfter` it is due no later
    // than the timeout, and (checked first) is said before giving up.
    var report: TimeLimit.Deadline? = Waiting.reportAfter.startingNow()
    let giveUp = waiting.timeout.startingNow()
    var pause = 0.001
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      if errno == EINTR { continue }
      guard errno == EWOULDBLOCK else {
        throw .persistenceError("cannot lock the journal (\(AtomicFileWriter.quoted(path))): \(errnoText())")
      }
      if let deadline = report, deadline.hasPassed {
        report = nil
        waiting.onWait(holder())
      }
      if giveUp.hasPassed {
        let holder = holder().map { " by PID \($0)" } ?? ""
        throw .persistenceError(
          "the journal lock \(AtomicFileWriter.quoted(path)) is still held\(holder) after waiting "
            + "\(waiting.timeout); try again "
            + "when that write is done, or wait longer with --lock-timeout SECONDS")
      }
      let untilNext = min(giveUp.remainingSeconds, report?.remainingSeconds ?? .infinity)
      usleep(UInt32(min(pause, untilNext) * 1_000_000) + 1)
      pause = min(pause * 2, Self.longestPause)
    }
  }

  /// Writes this process's id into the lock file for writers that wait (best effort: the lock
  /// holds without it).
  private func recordHolder() {
    var text = "\(getpid())\n"
    text.withUTF8 { bytes in
      if pwrite(descriptor, bytes.baseAddress, bytes.count, 0) == bytes.count {
        _ = ftruncate(descriptor, off_t(bytes.count))
      }
    }
  }

  /// The process id the lock file names, when that process is running.
  private func holder() -> Int32? {
    var buffer = [UInt8](repeating: 0, count: 16)
    let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
    guard count > 0, buffer[count - 1] == 0x0A,
      let pid = Int32(String(decoding: buffer[0..<count - 1], as: UTF8.self)), pid > 0,
      kill(pid, 0) == 0 || errno == EPERM
    else { return nil }
    return pid
  }
}
