#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The exclusive lock every journal write holds (SPEC §9): `flock(LOCK_EX)` on
/// `<journal>/.demeter/lock` (folder and file created when missing). The lock belongs to the open
/// file, so the system releases it when the holder closes it, exits or is killed: a crashed writer
/// never leaves a journal locked. Waits for the current holder to finish. Neither `.demeter` nor
/// `lock` is opened through a symbolic link (`JournalStateFolder`).
public final class JournalLock {
  /// `<journal>/.demeter/lock`.
  public let path: String
  private var descriptor: Int32

  /// Takes the lock of `journal`, waiting as long as another process holds it.
  public init(journal: String) throws(ModelError) {
    let folder = JournalStateFolder.path(journal: journal)
    path = Self.join(folder, "lock")
    if mkdir(folder, 0o755) != 0 && errno != EEXIST {
      throw .persistenceError(
        "cannot create the lock folder \(AtomicFileWriter.quoted(folder)): \(errnoText())")
    }
    if let problem = JournalStateFolder.problem(journal: journal) { throw .persistenceError(problem) }
    let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard folderDescriptor >= 0 else {
      throw .persistenceError(
        "cannot open the lock folder \(AtomicFileWriter.quoted(folder)): \(errnoText())")
    }
    descriptor = openat(
      folderDescriptor, "lock", O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o644)
    let openError = errno
    close(folderDescriptor)
    guard descriptor >= 0 else {
      let reason =
        openError == ELOOP
        ? "it is a symbolic link, which is never followed; remove it" : String(cString: strerror(openError))
      throw .persistenceError("cannot open the journal lock \(AtomicFileWriter.quoted(path)): \(reason)")
    }
    while flock(descriptor, LOCK_EX) != 0 {
      if errno == EINTR { continue }
      let reason = errnoText()
      close(descriptor)
      descriptor = -1
      throw .persistenceError("cannot lock the journal (\(AtomicFileWriter.quoted(path))): \(reason)")
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

  static func join(_ folder: String, _ name: String) -> String {
    folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }
}
