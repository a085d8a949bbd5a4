#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One `write(2)` call: how many bytes of `count` at `pointer` went to `fd`, or -1 with `errno` set.
/// The one place the tool names the C library's `write` (Glibc or Darwin).
package func systemWrite(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
  #if canImport(Glibc)
    Glibc.write(fd, pointer, count)
  #else
    Darwin.write(fd, pointer, count)
  #endif
}

/// Writes every byte of `bytes` to `fd`, retrying interrupted and short writes: nil when all were
/// written, else the failure's `errno` (`EIO` for a write that took nothing).
package func systemWriteAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> Int32? {
  var offset = 0
  while offset < bytes.count {
    let written = systemWrite(fd, bytes.baseAddress! + offset, bytes.count - offset)
    if written < 0 {
      if errno == EINTR { continue }
      return errno
    }
    if written == 0 { return EIO }
    offset += written
  }
  return nil
}
