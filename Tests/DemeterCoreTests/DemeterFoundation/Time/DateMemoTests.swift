import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// Reading timestamps through a remembered date gives what reading each afresh gives, on runs of
/// one day, changes of day, and bad dates.
@Suite struct DateMemoTests {
  @Test func remembersOnlyTheSameTenBytes() {
    let texts = [
      "2025-09-01T05:23:00-04:00", "2025-09-01T23:59:59Z", "2025-09-02T00:00:00Z", "2025-09-01T05:23:00",
      "2024-02-29T10:00:00Z", "2025-02-29T10:00:00Z", "2025-02-29T10:00:00Z", "2025-09-01 05:23:00+05:30",
      "2025-09-0", "2025-13-01T00:00:00Z", "2025-09-01T25:00:00Z", "2025-09-01T05:23:00.5Z",
    ]
    var memo = DateMemo()
    for _ in 0..<2 {
      for text in texts {
        var bytes = Array(text.utf8)
        let remembered = bytes.withUnsafeMutableBufferPointer {
          Timestamp.parse(UnsafeBufferPointer($0), dates: &memo)
        }
        #expect(remembered == Timestamp.parse(text), "\(text)")
      }
    }
  }

  /// The common forms read as words once the date is remembered (`YYYY-MM-DDTHH:MM:SS±HH:MM`, the
  /// same with milliseconds, `…Z`), against reading afresh: random times, fractions and offsets
  /// with stray bytes at every place, in and out of range, of every length near the common ones.
  @Test func commonFormReadsAsAFreshReadingDoes() {
    var random = SplitMix64(seed: 31)
    let alphabet = Array("0123456789:+-Zz.T ".utf8) + [0x00, 0x2F, 0x3A, 0x3B, 0x80, 0xB0, 0xFF]
    var memo = DateMemo()
    var read = 0
    for _ in 0..<20_000 {
      let offset = ["+05:30", "-04:00", "Z", "+23:59", "-24:00", "+00:60", ""].randomElement(using: &random)!
      let time = [25, 61, 61].map { most in
        let value = Int.random(in: 0...most, using: &random)
        return value < 10 ? "0\(value)" : "\(value)"
      }.joined(separator: ":")
      let digits = (0..<4).map { _ in String(Int.random(in: 0...9, using: &random)) }.joined()
      let milliseconds = "." + digits.prefix(3)
      let fraction = ["", milliseconds, milliseconds, ".", "." + digits.prefix(1), "." + digits]
        .randomElement(using: &random)!
      var bytes = Array(("2026-11-21T" + time + fraction + offset).utf8)
      if Bool.random(using: &random) {
        bytes[Int.random(in: 10..<bytes.count, using: &random)] = alphabet.randomElement(using: &random)!
      }
      let remembered = bytes.withUnsafeBufferPointer { Timestamp.parse($0, dates: &memo) }
      let fresh = bytes.withUnsafeBufferPointer { Timestamp.parse($0) }
      #expect(remembered == fresh, "\(bytes)")
      if case .success = fresh { read += 1 }
    }
    #expect(read > 5_000)
  }
}
