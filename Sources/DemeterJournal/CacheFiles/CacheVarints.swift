/// Compact integers for the digest index: LEB128 (7 bits a byte, low bits first), signed values
/// zig-zag mapped first so small magnitudes of either sign take few bytes.
extension CacheWriter {
  package mutating func appendVarint(_ value: UInt128) {
    guard value > UInt64.max else { return appendVarint(UInt64(value)) }
    var value = value
    while value >= 0x80 {
      append(UInt8(truncatingIfNeeded: value) | 0x80)
      value >>= 7
    }
    append(UInt8(value))
  }

  private mutating func appendVarint(_ value: UInt64) {
    var value = value
    while value >= 0x80 {
      append(UInt8(truncatingIfNeeded: value) | 0x80)
      value &>>= 7
    }
    append(UInt8(value))
  }

  package mutating func appendVarint(_ value: Int) { appendVarint(UInt64(UInt(bitPattern: value))) }

  package mutating func appendSigned(_ value: Int128) {
    appendVarint(UInt128(bitPattern: (value << 1) ^ (value >> 127)))
  }

  package mutating func appendSigned(_ value: Int32) { appendSigned(Int128(value)) }
}

extension CacheReader {
  /// A varint count of at most `limit`.
  @inlinable @inline(__always)
  package mutating func varintCount(atMost limit: Int) throws(CacheFormatError) -> Int {
    if let value = shortVarint() {
      guard limit >= 0, value <= UInt64(limit) else { throw Self.countExceeds(String(value), at: nil, limit) }
      return Int(value)
    }
    return try longVarintCount(atMost: limit)
  }

  /// `varintCount(atMost:)` of a varint that does not end within eight bytes, or near the end.
  @inline(never)
  @usableFromInline mutating func longVarintCount(atMost limit: Int) throws(CacheFormatError) -> Int {
    if let value = varint64(maxBytes: 9) {
      guard limit >= 0, value <= UInt64(limit) else {
        throw Self.countExceeds(String(value), at: nil, limit)
      }
      return Int(value)
    }
    let value = try varint(maxBytes: 10)
    guard value <= UInt128(limit) else { throw Self.countExceeds(String(value), at: nil, limit) }
    return Int(value)
  }

  @inlinable package mutating func signed() throws(CacheFormatError) -> Int128 {
    let value = try varint()
    return Int128(bitPattern: value >> 1) ^ -Int128(value & 1)
  }

  /// A signed varint that must fit `T`.
  @inlinable @inline(__always)
  package mutating func signed<T: FixedWidthInteger & SignedInteger>(_: T.Type) throws(CacheFormatError) -> T {
    if let value = shortVarint() {
      guard let narrow = T(exactly: Self.unzigzag(value)) else { throw CacheFormatError("value out of range") }
      return narrow
    }
    return try longSigned(T.self)
  }

  /// `signed(_:)` of a varint that does not end within eight bytes, or near the end, or out of range.
  @inline(never)
  @usableFromInline mutating func longSigned<T: FixedWidthInteger & SignedInteger>(_: T.Type) throws(CacheFormatError)
    -> T
  {
    if let value = varint64(maxBytes: 9) {
      guard let narrow = T(exactly: Self.unzigzag(value)) else {
        throw CacheFormatError("value out of range")
      }
      return narrow
    }
    let value = try signed()
    guard let narrow = T(exactly: value) else { throw CacheFormatError("value \(value) out of range") }
    return narrow
  }

  /// The signed value of a zig-zag mapped varint of at most 63 bits.
  @usableFromInline static func unzigzag(_ value: UInt64) -> Int64 {
    Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
  }
}
