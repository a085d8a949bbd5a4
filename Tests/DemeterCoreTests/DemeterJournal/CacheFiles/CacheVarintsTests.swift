import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// The digest index's varints: every width of unsigned and signed 128-bit values reads back as
/// written, and a varint longer than allowed is an error, not a crash; on random bytes the reader
/// (with its word-at-a-time fast paths) agrees with a plain LEB128 decoding.
@Suite struct CacheVarintsTests {
  @Test(arguments: [1, 2] as [UInt64])
  func valuesOfEveryWidthRoundTrip(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    var unsigned: [UInt128] = [0, 1, 127, 128, UInt128(UInt64.max), .max]
    var signed: [Int128] = [0, -1, 1, .min, .max, Int128(Int64.min), Int128(Int64.max)]
    for bits in 1...127 {
      let high = UInt128(random.next()) << 64 | UInt128(random.next())
      unsigned.append(high >> (128 - bits))
      signed.append(Int128(bitPattern: high) >> (128 - bits))
    }
    var writer = CacheWriter()
    for value in unsigned { writer.appendVarint(value) }
    for value in signed { writer.appendSigned(value) }
    let (readUnsigned, readSigned, atEnd) = writer.bytes.withUnsafeBytes { bytes in
      var reader = CacheReader(bytes)
      let readUnsigned = unsigned.map { _ in try? reader.varint() }
      let readSigned = signed.map { _ in try? reader.signed() }
      return (readUnsigned, readSigned, reader.isAtEnd)
    }
    #expect(readUnsigned == unsigned)
    #expect(readSigned == signed)
    #expect(atEnd)
    let tooLong = [UInt8](repeating: 0x80, count: 20)
    let failures = tooLong.withUnsafeBytes { bytes in
      var reader = CacheReader(bytes)
      var narrow = CacheReader(bytes)
      return [(try? reader.varint()) == nil, (try? narrow.varint(maxBytes: 5)) == nil]
    }
    #expect(failures == [true, true])
  }

  @Test(arguments: [3, 4] as [UInt64])
  func randomBytesReadLikeAPlainDecoding(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    for _ in 0..<200 {
      // Mostly one-byte varints, some longer, sometimes cut short at the end.
      let bytes = (0..<Int.random(in: 0...40, using: &random)).map { _ in
        UInt8.random(in: 0...(Int.random(in: 0..<4, using: &random) == 0 ? 0xFF : 0x7F), using: &random)
      }
      let read: [UInt128?] = bytes.withUnsafeBytes { raw in
        var reader = CacheReader(raw)
        var values: [UInt128?] = []
        while !reader.isAtEnd {
          guard let value = try? reader.varint(maxBytes: 10) else { return values + [nil] }
          values.append(value)
        }
        return values
      }
      #expect(read == Self.plainDecoding(bytes, maxBytes: 10))
    }
  }

  /// Long varints of every length, at every distance from the end and under every byte limit: the
  /// reader's word-at-a-time paths (eight and sixteen bytes ahead) agree with the plain decoding.
  @Test(arguments: [5, 6] as [UInt64])
  func longVarintsReadLikeAPlainDecoding(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    for _ in 0..<3_000 {
      let continuing = Int.random(in: 0...10, using: &random)
      let bytes = (0..<Int.random(in: 0...60, using: &random)).map { _ in
        let more: UInt8 = Int.random(in: 0..<10, using: &random) < continuing ? 0x80 : 0
        return UInt8.random(in: 0...0x7F, using: &random) | more
      }
      let maxBytes = Int.random(in: 1...19, using: &random)
      let read: [UInt128?] = bytes.withUnsafeBytes { raw in
        var reader = CacheReader(raw)
        var values: [UInt128?] = []
        while !reader.isAtEnd {
          guard let value = try? reader.varint(maxBytes: maxBytes) else { return values + [nil] }
          values.append(value)
        }
        return values
      }
      #expect(read == Self.plainDecoding(bytes, maxBytes: maxBytes), "\(bytes), at most \(maxBytes) bytes")
    }
  }

  /// The varints of `bytes` one after another, then nil if the last one is cut short or too long.
  static func plainDecoding(_ bytes: [UInt8], maxBytes: Int) -> [UInt128?] {
    var values: [UInt128?] = []
    var index = 0
    while index < bytes.count {
      var value: UInt128 = 0
      var length = 0
      while true {
        guard index < bytes.count, length < maxBytes else { return values + [nil] }
        value |= UInt128(bytes[index] & 0x7F) << (7 * length)
        length += 1
        index += 1
        if bytes[index - 1] < 0x80 { break }
      }
      values.append(value)
    }
    return values
  }
}
