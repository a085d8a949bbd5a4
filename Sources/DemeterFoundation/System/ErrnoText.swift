#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The C library's words for an `errno` value (the current one by default), e.g. "Permission denied".
package func errnoText(_ code: Int32 = errno) -> String {
  String(cString: strerror(code))
}
