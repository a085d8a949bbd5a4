/// Why a cache file could not be used: it is truncated, damaged, from another format or program, or
/// inconsistent. Never shown to the user: such a file is ignored and rewritten.
@usableFromInline package struct CacheFormatError: Error, Sendable, Hashable {
  package var reason: String

  @usableFromInline package init(_ reason: String) {
    self.reason = reason
  }
}

/// Builds a cache file: integers little-endian, strings as a length and their UTF-8 bytes.
@usableFromInline package struct CacheWriter {
  @usableFromInline package private(set) var bytes: [UInt8] = []

  package init(capacity: Int = 0) {
    bytes.reserveCapacity(capacity)
  }

  @inlinable package mutating func append<T: FixedWidthInteger>(_ value: T) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  @inlinable package mutating func append(_ byte: UInt8) {
    bytes.append(byte)
  }

  @inlinable package mutating func append(_ flag: Bool) {
    bytes.append(flag ? 1 : 0)
  }

  /// A string as its UTF-8 byte count (`UInt32`) and bytes.
  @inlinable package mutating func append(_ text: String) {
    var text = text
    text.withUTF8 { utf8 in
      append(UInt32(utf8.count))
      bytes.append(contentsOf: utf8)
    }
  }

  @inlinable package mutating func append(raw: UnsafeRawBufferPointer) {
    bytes.append(contentsOf: raw)
  }

  /// Drops the bytes written so far, keeping the storage (a writer flushed in pieces).
  package mutating func removeAll() {
    bytes.removeAll(keepingCapacity: true)
  }
}

/// Reads a cache file, checking every length and count against the bytes that remain before using it,
/// so a truncated or damaged file is an error, never a crash or a huge allocation.
@usableFromInline package struct CacheReader {
  @usableFromInline package let buffer: UnsafeRawBufferPointer
  @usableFromInline package private(set) var offset: Int
  /// The bytes of memory the values still to be decoded may take (`claim`); unbounded unless the
  /// reader of an untrusted file sets it.
  @usableFromInline package var memoryLeft = Int.max

  package init(_ buffer: UnsafeRawBufferPointer, offset: Int = 0) {
    self.buffer = buffer
    self.offset = offset
  }

  @usableFromInline package var remaining: Int { buffer.count - offset }

  package var isAtEnd: Bool { offset == buffer.count }

  /// The next `count` bytes.
  @inlinable @inline(__always)
  package mutating func bytes(_ count: Int) throws(CacheFormatError) -> UnsafeRawBufferPointer {
    guard count >= 0, count <= remaining else { throw truncated() }
    let slice = UnsafeRawBufferPointer(start: buffer.baseAddress.map { $0 + offset }, count: count)
    offset += count
    return slice
  }

  @inline(never)
  @usableFromInline func truncated() -> CacheFormatError { CacheFormatError("truncated at byte \(offset)") }

  @inlinable @inline(__always)
  package mutating func integer<T: FixedWidthInteger>(_: T.Type = T.self) throws(CacheFormatError) -> T {
    let raw = try bytes(MemoryLayout<T>.size)
    return T(littleEndian: raw.loadUnaligned(as: T.self))
  }

  /// A varint of at most `maxBytes` and 9 bytes (63 bits) that lies wholly before the end, read
  /// past; otherwise nil, and nothing is read (the caller reads it with its checks).
  @inlinable @inline(__always)
  package mutating func varint64(maxBytes: Int) -> UInt64? {
    if remaining >= 8 {
      let word = buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      if let found = Self.varintInWord(word) {
        guard found.length <= maxBytes else { return nil }
        offset += found.length
        return found.value
      }
      // No end in the first eight bytes: the ninth ends it, or the varint is longer than 63 bits.
      guard maxBytes >= 9, remaining >= 9, buffer[offset + 8] < 0x80 else { return nil }
      defer { offset += 9 }
      return Self.gathered(UInt64(littleEndian: word)) | UInt64(buffer[offset + 8]) &<< 56
    }
    let end = min(maxBytes, 9, remaining)
    var value: UInt64 = 0
    var index = 0
    while index < end {
      let byte = buffer[offset + index]
      value |= UInt64(byte & 0x7F) &<< (7 &* UInt64(index))
      index += 1
      if byte < 0x80 {
        offset += index
        return value
      }
    }
    return nil
  }

  /// The varint that ends within the next eight bytes, read past; nil (nothing read) if none does.
  @inline(__always)
  @usableFromInline mutating func shortVarint() -> UInt64? {
    guard remaining >= 8,
      let found = Self.varintInWord(buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    else { return nil }
    offset += found.length
    return found.value
  }

  /// The varint at the start of the eight bytes `word` (as read from memory) and its length, when it
  /// ends within them, read in a few steps rather than byte by byte.
  @inline(__always)
  @usableFromInline static func varintInWord(_ word: UInt64) -> (value: UInt64, length: Int)? {
    let word = UInt64(littleEndian: word)
    let ends = ~word & 0x8080_8080_8080_8080
    guard ends != 0 else { return nil }
    let length = (ends.trailingZeroBitCount &+ 1) / 8
    return (gathered(length == 8 ? word : word & ((1 &<< (8 &* UInt64(length))) &- 1)), length)
  }

  /// The seven low bits of each byte of `bytes` (the first one lowest), next to each other.
  @inlinable @inline(__always)
  package static func gathered(_ bytes: UInt64) -> UInt64 {
    var value = bytes
    value = (value & 0x7F00_7F00_7F00_7F00) &>> 1 | (value & 0x007F_007F_007F_007F)
    value = (value & 0x3FFF_0000_3FFF_0000) &>> 2 | (value & 0x0000_3FFF_0000_3FFF)
    return (value & 0x0FFF_FFFF_0000_0000) &>> 4 | (value & 0x0000_0000_0FFF_FFFF)
  }

  /// An unsigned varint of at most `maxBytes` bytes (10 fit 64 bits, 19 fit 128): `varint64` when
  /// it fits, else gathered in 128 bits.
  @usableFromInline package mutating func varint(maxBytes: Int = 19) throws(CacheFormatError) -> UInt128 {
    if let value = varint64(maxBytes: maxBytes) { return UInt128(value) }
    if remaining >= 16 {
      let low = buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      if Self.varintInWord(low) == nil,
        let high = Self.varintInWord(buffer.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)),
        8 + high.length <= maxBytes
      {
        offset += 8 + high.length
        return UInt128(high.value) << 56 | UInt128(Self.gathered(UInt64(littleEndian: low)))
      }
    }
    let available = min(maxBytes, remaining)
    var value: UInt128 = 0
    var index = 0
    while index < available {
      let byte = buffer[offset + index]
      value |= UInt128(byte & 0x7F) << (7 * index)
      index += 1
      if byte < 0x80 {
        offset += index
        return value
      }
    }
    throw index == maxBytes
      ? CacheFormatError("varint too long at byte \(offset)") : CacheFormatError("truncated at byte \(offset + index)")
  }

  @inlinable @inline(__always)
  package mutating func flag() throws(CacheFormatError) -> Bool {
    let value = try integer(UInt8.self)
    guard value <= 1 else { throw Self.notAFlag(value, at: offset - 1) }
    return value == 1
  }

  @inline(never)
  @usableFromInline static func notAFlag(_ value: UInt8, at offset: Int) -> CacheFormatError {
    CacheFormatError("flag \(value) at byte \(offset)")
  }

  /// A count written as `UInt32` or `UInt64`, at most `limit`.
  @inlinable @inline(__always)
  package mutating func count<T: FixedWidthInteger>(_: T.Type, atMost limit: Int) throws(CacheFormatError) -> Int {
    let value = try integer(T.self)
    guard value >= 0, UInt64(value) <= UInt64(limit) else {
      throw Self.countExceeds(String(value), at: offset - MemoryLayout<T>.size, limit)
    }
    return Int(value)
  }

  @inline(never)
  @usableFromInline static func countExceeds(_ value: String, at offset: Int?, _ limit: Int) -> CacheFormatError {
    CacheFormatError("count \(value)\(offset.map { " at byte \($0)" } ?? "") exceeds \(limit)")
  }

  package mutating func string() throws(CacheFormatError) -> String {
    String(decoding: try stringBytes(), as: UTF8.self)
  }

  /// A string's UTF-8 bytes, in place (for a reader that compares or skips it).
  @inlinable @inline(__always)
  package mutating func stringBytes() throws(CacheFormatError) -> UnsafeRawBufferPointer {
    try bytes(try count(UInt32.self, atMost: remaining))
  }
}

extension Array where Element == UInt8 {
  /// `withUnsafeBytes` for a body that throws a `CacheFormatError` (kept typed).
  @inlinable package func withCacheBytes<T>(_ body: (UnsafeRawBufferPointer) throws(CacheFormatError) -> T) throws(CacheFormatError) -> T {
    try withUnsafeBytes { raw in Result { () throws(CacheFormatError) in try body(raw) } }.get()
  }
}
