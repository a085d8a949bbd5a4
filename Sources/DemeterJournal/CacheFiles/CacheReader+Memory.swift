extension CacheReader {
  /// Takes the memory `count` values of `T` will take from `memoryLeft`, before they are decoded:
  /// a file whose counts are all in range but would decode to more memory than its reader allows
  /// is refused before the memory is taken.
  /// - Throws: `CacheFormatError.overMemory` when they would take more than is left.
  @inlinable @inline(__always)
  package mutating func claim<T>(_ count: Int, of _: T.Type) throws(CacheFormatError) {
    let (bytes, overflow) = count.multipliedReportingOverflow(by: MemoryLayout<T>.stride)
    guard !overflow, bytes <= memoryLeft else { throw .overMemory }
    memoryLeft -= bytes
  }

  /// Takes the memory of the `count` bytes of a string or line (and the storage that holds them).
  @inlinable @inline(__always)
  package mutating func claimBytes(_ count: Int) throws(CacheFormatError) {
    try claim(count + Self.storageOverhead, of: UInt8.self)
  }

  /// About what an array's or a string's heap storage takes besides its elements.
  @usableFromInline static let storageOverhead = 32
}

extension CacheFormatError {
  /// The values would take more memory than the reader allows (`CacheReader.claim`).
  @usableFromInline static let overMemory = CacheFormatError("over the memory its reader allows")

  package var isOverMemory: Bool { self == .overMemory }
}
