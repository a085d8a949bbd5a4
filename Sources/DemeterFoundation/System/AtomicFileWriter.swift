#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a file (a report, a rewritten day file) so that it is never half-written (manual: writing, reliability): the bytes
/// go to a temporary file
/// in the target's folder, which is flushed to disk and then renamed over the target. A failed write
/// removes its temporary file and leaves any previous target untouched.
///
/// The temporary file is `.NAME.tmp`, locked (`flock`) by its writer until it is renamed or removed,
/// so one a killed writer left behind (its lock free) is removed by the next write: no folder is
/// listed to find such files. Where that name cannot be used (a live writer of the same file holds
/// it — it is never waited for —, locks are not supported, something else holds the name) the
/// temporary file gets a name of its own, `.NAME.tmp-<pid>-<random>`, and a durable write first
/// removes the ones of `path` that killed writers left.
///
/// What is at the target decides the rest (`Target`); a target that is a folder (or a link to one)
/// is refused. A regular file replaced keeps its mode (a 0600 day file stays 0600).
public enum AtomicFileWriter {
  /// How a write treats what it finds at its path besides a regular file.
  public enum Target: Sendable {
    /// A file of the tool's own (a day file, a cache entry): a symbolic link there is replaced by
    /// the new file, never written through, so a link planted in a journal sends nothing outside it.
    case own
    /// The user's `-o` path: a symbolic link is followed and its final target replaced atomically;
    /// a character device, FIFO or socket is written in place, never replaced (`-o /dev/null`
    /// leaves `/dev/null` a device).
    case userOutput
  }

  /// Writes `bytes` to `path`, creating missing parent folders (mode 0755, like `mkdir -p`). A new
  /// file has mode 0644 minus the umask; a replaced regular file keeps its mode.
  ///
  /// With `durable` false the file and folder are not flushed to disk: the rename still makes the
  /// write all-or-nothing for other processes, but a power cut may lose or truncate the file. For
  /// files that can be rebuilt and are checked when read (the parse cache), where a flush per file
  /// would cost more than the work it saves.
  public static func write(
    _ bytes: [UInt8], to path: String, durable: Bool = true, target: Target = .own
  ) throws(OutputError) {
    try write(
      to: path, durable: durable, target: target,
      produce: { sink throws(OutputError) in try sink.write(bytes) },
      beforeRename: { _ throws(OutputError) in })
  }

  /// Where `write(to:durable:produce:)` sends the bytes as they are made.
  public struct Sink {
    package let fd: Int32
    package let target: String

    public mutating func write(_ bytes: [UInt8]) throws(OutputError) {
      try AtomicFileWriter.writeAll(bytes, to: fd, target: target)
    }
  }

  /// `write(_:to:durable:)` of the bytes `produce` hands to its sink piece by piece, so they never
  /// have to be held at once; an error it throws leaves the old file in place.
  public static func write(
    to path: String, durable: Bool = true, target: Target = .own,
    produce: (inout Sink) throws(OutputError) -> Void
  ) throws(OutputError) {
    try write(
      to: path, durable: durable, target: target, produce: produce,
      beforeRename: { _ throws(OutputError) in })
  }

  /// `write(_:to:)` with a hook that runs after the temporary file (whose path it receives) is
  /// written and flushed, just before the rename; an error it throws fails the write. For tests.
  package static func write(
    _ bytes: [UInt8], to path: String, durable: Bool = true,
    beforeRename: (String) throws(OutputError) -> Void
  ) throws(OutputError) {
    try write(
      to: path, durable: durable, target: .own,
      produce: { sink throws(OutputError) in try sink.write(bytes) }, beforeRename: beforeRename)
  }

  /// Writes `bytes` to a temporary file beside `path` (as `write(_:to:)` names it), flushed to disk,
  /// and returns its path without renaming it: one staged file of a `JournalTransaction`. Its lock is
  /// released when it is closed, here; the journal lock, which the caller holds, keeps every other
  /// writer of day files away until the transaction renames or removes it.
  package static func stage(_ bytes: [UInt8], for path: String) throws(OutputError) -> String {
    try write(
      to: path, durable: true, target: .own, produce: { sink throws(OutputError) in try sink.write(bytes) },
      beforeRename: { _ throws(OutputError) in }, renaming: false)
  }

  /// The write itself; with `renaming` false it stops before the rename and returns the temporary
  /// file's path (closed), else it returns `path`.
  @discardableResult
  private static func write(
    to givenPath: String, durable: Bool, target: Target, produce: (inout Sink) throws(OutputError) -> Void,
    beforeRename: (String) throws(OutputError) -> Void, renaming: Bool = true
  ) throws(OutputError) -> String {
    // A device, FIFO or socket, however reached (`/dev/stdout` into a pipe is a link to a link to
    // a pipe that has no path to follow), is written through the path as given.
    var reached = stat()
    if target == .userOutput, stat(givenPath, &reached) == 0,
      [S_IFCHR, S_IFIFO, S_IFSOCK].contains(reached.st_mode & S_IFMT)
    {
      try SpecialFileOutput.write(to: givenPath, shownAs: givenPath, produce: produce)
      return givenPath
    }
    let path = target == .userOutput ? try followingLinks(givenPath) : givenPath
    let (folder, name) = try split(path)
    try createFolders(folder)
    var existing = stat()
    let exists = lstat(path, &existing) == 0
    if FileStatus.isFolder(path) {
      throw OutputError("cannot write \(quoted(givenPath)): it is a folder")
    }
    let (fd, temporary) = try openTemporaryFile(in: folder, for: name, target: path, durable: durable)
    do throws(OutputError) {
      if exists, existing.st_mode & S_IFMT == S_IFREG {
        try retryingInterrupts(fchmod(fd, existing.st_mode & 0o7777), target: path)
      }
      var sink = Sink(fd: fd, target: path)
      try produce(&sink)
      if durable { try retryingInterrupts(fsync(fd), target: path) }
      try beforeRename(temporary)
      // Renamed while still open, so its lock is held until it has its new name.
      if renaming, rename(temporary, path) != 0 {
        throw OutputError("cannot write \(quoted(path)): \(reason(errno))")
      }
    } catch {
      _ = unlink(temporary)
      _ = close(fd)
      throw error
    }
    let closed = close(fd)
    if durable { syncFolder(folder) }
    if closed != 0 {
      if !renaming { _ = unlink(temporary) }
      throw OutputError("cannot write \(quoted(path)): \(reason(errno))")
    }
    return renaming ? path : temporary
  }

  // MARK: - Steps

  /// `path` with every symbolic link along its last component followed (relative links from the
  /// link's folder), up to 40 links; a link to nothing gives the path it names, to be created.
  private static func followingLinks(_ path: String) throws(OutputError) -> String {
    var current = path
    for _ in 0..<40 {
      var info = stat()
      guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let length = readlink(current, &buffer, buffer.count - 1)
      if length < 0 { throw OutputError("cannot write \(quoted(path)): \(reason(errno))") }
      let link = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      let folder = PathText.deletingLastComponent(current)
      if link.hasPrefix("/") || folder.isEmpty {
        current = link
      } else {
        current = folder.hasSuffix("/") ? folder + link : folder + "/" + link
      }
    }
    throw OutputError("cannot write \(quoted(path)): \(reason(ELOOP))")
  }

  /// The folder (`.` when the path has none) and the file name of `path`.
  package static func split(_ path: String) throws(OutputError) -> (folder: String, name: String) {
    if path.isEmpty { throw OutputError("cannot write to an empty path") }
    guard let slash = path.lastIndex(of: "/") else {
      try checkName(path, path: path)
      return (".", path)
    }
    let name = String(path[path.index(after: slash)...])
    try checkName(name, path: path)
    var folder = String(path[..<slash])
    while folder.hasSuffix("/") { folder.removeLast() }
    return (folder.isEmpty ? "/" : folder, name)
  }

  private static func checkName(_ name: String, path: String) throws(OutputError) {
    if name.isEmpty || name == "." || name == ".." {
      throw OutputError("cannot write \(quoted(path)): it is a folder")
    }
  }

  /// `mkdir -p folder`: creates each missing folder of the path in turn (mode 0755 minus the umask).
  public static func createFolders(_ folder: String) throws(OutputError) {
    if FileStatus.isFolder(folder) { return }
    var prefix = folder.hasPrefix("/") ? "/" : ""
    for component in folder.split(separator: "/") where component != "." {
      prefix += prefix.isEmpty || prefix.hasSuffix("/") ? String(component) : "/" + component
      if FileStatus.isFolder(prefix) { continue }
      if mkdir(prefix, 0o755) != 0 {
        let error = errno
        if error == EEXIST && FileStatus.isFolder(prefix) { continue }
        let why = error == EEXIST ? reason(ENOTDIR) : reason(error)
        throw OutputError("cannot create folder \(quoted(prefix)): \(why)")
      }
    }
  }

  /// The temporary file for `name` in `folder`, open for writing: `.NAME.tmp` locked, else one of a
  /// name of its own (after removing, for a durable write, those of killed writers).
  private static func openTemporaryFile(
    in folder: String, for name: String, target: String, durable: Bool
  ) throws(OutputError) -> (Int32, String) {
    let temporary = (folder == "." ? "" : folder.hasSuffix("/") ? folder : folder + "/") + ".\(name).tmp"
    if let fd = openLocked(temporary) { return (fd, temporary) }
    if durable { removeStaleTemporaryFiles(in: folder, for: name) }
    return try createTemporaryFile(in: folder, for: name, target: target)
  }

  /// Creates `temporary` and locks it; one already there is removed when its writer is gone (its lock
  /// free). nil — never a wait — if a live writer holds it, locks are not supported, or the name
  /// holds something that is not such a file (a folder, a link, a file that cannot be removed).
  static func openLocked(_ temporary: String) -> Int32? {
    // Each turn either takes the name or finds it taken; a writer that locks a file checks that it
    // still has the name, since the name only ever changes under the lock of the file it names.
    for _ in 0..<64 {
      var fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
      let created = fd >= 0
      if !created {
        if errno == EINTR { continue }
        guard errno == EEXIST else { return nil }
        fd = open(temporary, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 {
          if errno == ENOENT || errno == EINTR { continue }
          return nil
        }
      }
      var held = stat()
      var locked: Int32 = -1
      if fstat(fd, &held) == 0, held.st_mode & S_IFMT == S_IFREG {
        repeat { locked = flock(fd, LOCK_EX | LOCK_NB) } while locked != 0 && errno == EINTR
      }
      guard locked == 0 else {
        if created { _ = unlink(temporary) }
        _ = close(fd)
        return nil
      }
      var named = stat()
      let stillNamed =
        lstat(temporary, &named) == 0 && (named.st_dev, named.st_ino) == (held.st_dev, held.st_ino)
      if created && stillNamed { return fd }
      // Not ours and no live writer's: a killed writer's (or ours, taken for one before we locked it).
      let removed = !stillNamed || unlink(temporary) == 0
      _ = close(fd)
      if !removed { return nil }
    }
    return nil
  }

  /// Removes the temporary files a killed writer of `name` left in `folder` (`.NAME.tmp-<pid>-…` of a
  /// process that no longer exists); a live writer's file is left alone. Best effort: errors are
  /// ignored.
  static func removeStaleTemporaryFiles(in folder: String, for name: String) {
    let prefix = ".\(name).tmp-"
    guard let names = DirectoryEntries.names(in: folder) else { return }
    for candidate in names where candidate.hasPrefix(prefix) {
      let rest = candidate.dropFirst(prefix.count)
      guard let dash = rest.firstIndex(of: "-"), let pid = pid_t(rest[..<dash]), pid > 0 else { continue }
      if kill(pid, 0) != 0 && errno == ESRCH {
        _ = unlink((folder.hasSuffix("/") ? folder : folder + "/") + candidate)
      }
    }
  }

  /// Creates `.NAME.tmp-<pid>-<random>` in `folder` with `O_CREAT|O_EXCL`.
  private static func createTemporaryFile(
    in folder: String, for name: String, target: String
  ) throws(OutputError) -> (Int32, String) {
    var attempts = 0
    while true {
      let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 16)
      let temporary =
        (folder == "." ? "" : folder.hasSuffix("/") ? folder : folder + "/")
        + ".\(name).tmp-\(getpid())-\(suffix)"
      let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
      if fd >= 0 { return (fd, temporary) }
      let error = errno
      attempts += 1
      if (error == EEXIST && attempts < 16) || error == EINTR { continue }
      throw OutputError(
        "cannot write \(quoted(target)): cannot create a temporary file in \(quoted(folder)): "
          + "\(reason(error))"
      )
    }
  }

  /// Writes every byte, retrying interrupted and short writes.
  static func writeAll(_ bytes: [UInt8], to fd: Int32, target: String) throws(OutputError) {
    let failure = bytes.withUnsafeBytes { systemWriteAll($0, to: fd) }
    if let failure { throw OutputError("cannot write \(quoted(target)): \(reason(failure))") }
  }

  static func retryingInterrupts(_ call: @autoclosure () -> Int32, target: String) throws(OutputError) {
    while call() != 0 {
      let error = errno
      if error == EINTR { continue }
      throw OutputError("cannot write \(quoted(target)): \(reason(error))")
    }
  }

  /// Flushes the folder so the rename itself survives a crash. Best effort: the new file is already
  /// in place, so a folder that cannot be flushed (some file systems refuse) is not a failure.
  package static func syncFolder(_ folder: String) {
    let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if fd < 0 { return }
    while fsync(fd) != 0 && errno == EINTR {}
    _ = close(fd)
  }

  // MARK: - Helpers

  /// The words for `error` (`errnoText`), for messages made outside DemeterCore.
  package static func reason(_ error: Int32) -> String {
    errnoText(error)
  }

  /// `'path'` escaped for messages printed on a terminal (`TerminalSafeText.escaped`).
  package static func quoted(_ path: String) -> String {
    "'" + TerminalSafeText.escaped(path) + "'"
  }
}
