#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads `length` bytes of `fd` from `offset` with `pread`, retrying interrupted and short reads:
/// the bytes, or nil with `failure` set to the `errno` (`EIO` when the file ends first).
func systemReadAll(_ fd: Int32, length: Int, at offset: Int, failure: inout Int32?) -> [UInt8]? {
  var failed: Int32?
  let bytes = [UInt8](unsafeUninitializedCapacity: length) { buffer, initialized in
    while initialized < length {
      let read = pread(fd, buffer.baseAddress! + initialized, length - initialized, off_t(offset + initialized))
      if read < 0, errno == EINTR { continue }
      guard read > 0 else {
        failed = read < 0 ? errno : EIO
        return
      }
      initialized += read
    }
  }
  failure = failed
  return failed == nil ? bytes : nil
}
