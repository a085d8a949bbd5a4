import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// The eight-bytes-at-a-time digit reading (counts, values, values padded to eight digits)
/// against reading byte by byte.
@Suite struct DigitWordsTests {
  /// Bytes near the digits' range and its edges, so that carries and nibbles are tried.
  static let bytes: [UInt8] = Array(UInt8(ascii: "0")...UInt8(ascii: "9")) + [
    0x2F, 0x3A, 0x3F, 0x40, 0x2E, 0x2D, 0x65, 0x45, 0x20, 0x22, 0x7D, 0x00, 0x80, 0xC3, 0xF9, 0xFA, 0xFF,
  ]

  @Test(arguments: [UInt64(1), 2, 3])
  func leadingDigitsAndTheirValue(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    for _ in 0..<20_000 {
      // Mostly digits, so that long runs occur.
      let word: [UInt8] = (0..<8).map { _ in
        random.next() % 4 == 0
          ? Self.bytes[Int(random.next() % UInt64(Self.bytes.count))] : UInt8(ascii: "0") + UInt8(random.next() % 10)
      }
      let packed = word.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
      let digits = word.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
      #expect(DigitWords.leadingDigits(packed) == digits)
      if digits > 0 {
        let value = word[..<digits].reduce(Int64(0)) { $0 * 10 + Int64($1 - UInt8(ascii: "0")) }
        #expect(DigitWords.value(packed, count: digits) == value)
      }
      let padded = (0..<8).reduce(Int64(0)) { sum, index in
        sum * 10 + (index < digits ? Int64(word[index] - UInt8(ascii: "0")) : 0)
      }
      #expect(DigitWords.paddedValue(packed, nonDigits: DigitWords.nonDigits(packed)) == padded)
    }
  }
}
