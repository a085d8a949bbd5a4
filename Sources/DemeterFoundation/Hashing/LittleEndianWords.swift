extension UnsafeRawPointer {
  /// The 8 bytes at `offset` as a little-endian `UInt64` (any alignment).
  @inlinable @inline(__always)
  package func littleEndianWord(at offset: Int) -> UInt64 {
    UInt64(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt64.self))
  }
}
