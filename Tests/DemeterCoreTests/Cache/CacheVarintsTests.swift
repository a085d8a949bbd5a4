import Testing

@testable import DemeterCore

/// The digest index's varints: every width of unsigned and signed 128-bit values reads back as
/// written, and a varint longer than allowed is an error, not a crash.
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
}
