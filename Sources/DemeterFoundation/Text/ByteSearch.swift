#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension UnsafeBufferPointer<UInt8> {
  /// The index of the first `byte` at or after `start` and before `end` (default: the end), by
  /// `memchr`.
  package func firstIndex(of byte: UInt8, from start: Int, before end: Int? = nil) -> Int? {
    let end = end ?? count
    guard start < end, let base = baseAddress else { return nil }
    guard let found = memchr(base + start, Int32(byte), end - start) else { return nil }
    return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
  }
}
