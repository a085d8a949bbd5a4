import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// The word-at-a-time reading of day file names (`DayFileFinder.looksLikeDayFile`,
/// `date(fromFileName:)`) against a plain walk of the pattern, on names made by changing bytes
/// of valid ones at every place.
@Suite struct DayFileNameTests {
  /// The digits of `name` read byte by byte against `9999-99-99.jsonl`; nil if it does not match.
  static func plainDigits(_ name: [UInt8]) -> Int? {
    let pattern = Array("9999-99-99.jsonl".utf8)
    guard name.count == pattern.count else { return nil }
    var digits = 0
    for (byte, expected) in zip(name, pattern) {
      if expected == UInt8(ascii: "9") {
        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
        digits = digits * 10 + Int(byte - UInt8(ascii: "0"))
      } else if byte != expected {
        return nil
      }
    }
    return digits
  }

  @Test func namesReadLikeAPlainWalkOfThePattern() {
    var random = SplitMix64(seed: 41)
    let replacements: [UInt8] = [
      0x00, 0x2D, 0x2E, 0x2F, 0x30, 0x35, 0x39, 0x3A, 0x41, 0x6A, 0x7F, 0x80, 0xB0, 0xB9, 0xC3, 0xFF,
    ]
    for round in 0..<20_000 {
      let made = CivilDate(dayNumber: Int(random.next() % 3_000_000) - 719_162)
      var name = Array((made.description + ".jsonl").utf8)
      guard name.count == 16 else { continue }
      for _ in 0..<(round % 3) {
        let place = Int(random.next() % 16)
        let pick = Int(random.next() % UInt64(replacements.count))
        name[place] = random.next() % 2 == 0 ? replacements[pick] : UInt8(truncatingIfNeeded: random.next())
      }
      let text = String(decoding: name, as: UTF8.self)
      let expected = Self.plainDigits(name)
      guard Array(text.utf8) == name else { continue }
      #expect(DayFileFinder.looksLikeDayFile(text) == (expected != nil), "\(name)")
      let date = expected.flatMap { CivilDate(year: $0 / 10_000, month: $0 / 100 % 100, day: $0 % 100) }
      #expect(DayFileFinder.date(fromFileName: text) == date, "\(name)")
    }
  }
}
