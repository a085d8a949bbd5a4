#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A report written to a `-o` path that is not a regular file, in place: a character device
/// (`/dev/null`, a terminal) or a FIFO is opened for writing, a Unix socket connected to; none is
/// ever replaced or truncated (`AtomicFileWriter.Target.userOutput`).
package enum SpecialFileOutput {
  /// Writes what `produce` makes to the device, FIFO or socket at `path` (`shownAs` names it in
  /// messages).
  package static func write(
    to path: String, shownAs: String, produce: (inout AtomicFileWriter.Sink) throws(OutputError) -> Void
  ) throws(OutputError) {
    var info = stat()
    let isSocket = stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFSOCK
    let fd = isSocket ? connect(path) : open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC)
    if fd < 0 {
      throw OutputError("cannot write \(AtomicFileWriter.quoted(shownAs)): \(AtomicFileWriter.reason(errno))")
    }
    defer { _ = close(fd) }
    var sink = AtomicFileWriter.Sink(fd: fd, target: shownAs)
    try produce(&sink)
  }

  /// A stream (else datagram) socket connected to the Unix socket at `path`, or -1 with `errno` set.
  private static func connect(_ path: String) -> Int32 {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    let fits = withUnsafeMutableBytes(of: &address.sun_path) { field -> Bool in
      guard bytes.count < field.count else { return false }
      field.copyBytes(from: bytes)
      return true
    }
    guard fits else {
      errno = ENAMETOOLONG
      return -1
    }
    for kind in [SOCK_STREAM, SOCK_DGRAM] {
      #if canImport(Glibc)
        let fd = socket(AF_UNIX, Int32(kind.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
      #else
        let fd = socket(AF_UNIX, kind, 0)
      #endif
      if fd < 0 { return -1 }
      let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          systemConnect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
        }
      }
      if connected == 0 { return fd }
      let error = errno
      _ = close(fd)
      errno = error
      if error != EPROTOTYPE { return -1 }
    }
    return -1
  }

  private static func systemConnect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t)
    -> Int32
  {
    #if canImport(Glibc)
      Glibc.connect(fd, address, length)
    #else
      Darwin.connect(fd, address, length)
    #endif
  }
}
