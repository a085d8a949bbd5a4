#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Replaces a journal file so that it is never half-written (SPEC §9, §11): the bytes go to a
/// temporary file in the same folder, which is flushed to disk and renamed over the target; the
/// folder is flushed after the rename. A failed write removes its temporary file and leaves the old
/// file as it was.
///
/// DemeterReporting's `AtomicFileWriter` does the same for report files; DemeterCore cannot use it
/// (the dependency goes the other way), hence this small writer for the journal side.
public enum AtomicFile {
  /// Writes `bytes` to `path` (whose folder must exist). The new file keeps the old file's permission
  /// bits, or gets 0644 minus the umask when there was none.
  /// - Throws: `ModelError.persistenceError` naming the path and the system's reason.
  public static func write(_ bytes: [UInt8], to path: String) throws(ModelError) {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    var info = stat()
    let mode: mode_t = stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0o644
    var descriptor: Int32 = -1
    var temporary = ""
    for _ in 0..<16 {
      let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 16)
      temporary =
        (folder == "." ? "" : folder == "/" ? "/" : folder + "/") + ".\(name).tmp-\(getpid())-\(suffix)"
      descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
      if descriptor >= 0 || errno != EEXIST { break }
    }
    guard descriptor >= 0 else { throw failure("cannot create a temporary file next to", path) }
    var problem: ModelError?
    if let error = writeAll(bytes, to: descriptor) {
      problem = failure("cannot write", path, error)
    } else if fchmod(descriptor, mode) != 0 || fsyncRetrying(descriptor) != 0 {
      problem = failure("cannot flush", path)
    }
    if close(descriptor) != 0, problem == nil { problem = failure("cannot write", path) }
    if problem == nil, rename(temporary, path) != 0 { problem = failure("cannot replace", path) }
    if let problem {
      _ = unlink(temporary)
      throw problem
    }
    let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if folderDescriptor >= 0 {
      _ = fsyncRetrying(folderDescriptor)
      _ = close(folderDescriptor)
    }
  }

  /// Writes every byte, retrying interrupted and short writes; the `errno` of a failure, else nil.
  private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
    bytes.withUnsafeBytes { buffer -> Int32? in
      var offset = 0
      while offset < buffer.count {
        let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return errno
        }
        if written == 0 { return EIO }
        offset += written
      }
      return nil
    }
  }

  private static func fsyncRetrying(_ descriptor: Int32) -> Int32 {
    while true {
      let result = fsync(descriptor)
      if result == 0 || errno != EINTR { return result }
    }
  }

  private static func failure(_ what: String, _ path: String, _ error: Int32 = errno) -> ModelError {
    .persistenceError(
      "\(what) '\(TerminalSafeText.sanitize(path).text)': \(String(cString: strerror(error)))")
  }
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}
