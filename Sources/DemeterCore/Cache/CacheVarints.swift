/// Compact integers for the digest index: LEB128 (7 bits a byte, low bits first), signed values
/// zig-zag mapped first so small magnitudes of either sign take few bytes.
extension CacheWriter {
  mutating func appendVarint(_ value: UInt128) {
    var value = value
    while value >= 0x80 {
      append(UInt8(truncatingIfNeeded: value) | 0x80)
      value >>= 7
    }
    append(UInt8(value))
  }

  mutating func appendVarint(_ value: Int) { appendVarint(UInt128(UInt(bitPattern: value))) }

  mutating func appendSigned(_ value: Int128) {
    appendVarint(UInt128(bitPattern: (value << 1) ^ (value >> 127)))
  }

  mutating func appendSigned(_ value: Int32) { appendSigned(Int128(value)) }
}

extension CacheReader {
  /// An unsigned varint of at most `maxBytes` bytes (10 fit 64 bits, 19 fit 128).
  mutating func varint(maxBytes: Int = 19) throws(CacheFormatError) -> UInt128 {
    if let value = varint64(maxBytes: maxBytes) { return UInt128(value) }
    var small: UInt64 = 0
    for index in 0..<min(maxBytes, 9) {
      let byte = try nextByte()
      small |= UInt64(byte & 0x7F) << (7 * index)
      if byte < 0x80 { return UInt128(small) }
    }
    var value = UInt128(small)
    for index in 9..<max(maxBytes, 9) {
      let byte = try nextByte()
      value |= UInt128(byte & 0x7F) << (7 * index)
      if byte < 0x80 { return value }
    }
    throw CacheFormatError("varint too long at byte \(offset)")
  }

  /// A varint count of at most `limit`.
  mutating func varintCount(atMost limit: Int) throws(CacheFormatError) -> Int {
    if let value = varint64(maxBytes: 9) {
      guard limit >= 0, value <= UInt64(limit) else { throw CacheFormatError("count \(value) exceeds \(limit)") }
      return Int(value)
    }
    let value = try varint(maxBytes: 10)
    guard value <= UInt128(limit) else { throw CacheFormatError("count \(value) exceeds \(limit)") }
    return Int(value)
  }

  mutating func signed() throws(CacheFormatError) -> Int128 {
    if let value = varint64(maxBytes: 9) { return Int128(Self.unzigzag(value)) }
    let value = try varint()
    return Int128(bitPattern: value >> 1) ^ -Int128(value & 1)
  }

  /// A signed varint that must fit `T`.
  mutating func signed<T: FixedWidthInteger & SignedInteger>(_: T.Type) throws(CacheFormatError) -> T {
    if let value = varint64(maxBytes: 9) {
      guard let narrow = T(exactly: Self.unzigzag(value)) else { throw CacheFormatError("value out of range") }
      return narrow
    }
    let value = try signed()
    guard let narrow = T(exactly: value) else { throw CacheFormatError("value \(value) out of range") }
    return narrow
  }

  /// The signed value of a zig-zag mapped varint of at most 63 bits.
  private static func unzigzag(_ value: UInt64) -> Int64 {
    Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
  }
}
