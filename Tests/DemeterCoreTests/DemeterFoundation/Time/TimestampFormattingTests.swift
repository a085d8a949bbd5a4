import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// RFC 3339 text: the one-buffer fast path against the piece-by-piece reference.
@Suite struct TimestampFormattingTests {
  @Test func theFastPathWritesWhatThePieceByPieceTextWrites() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<20_000 {
      let date = CivilDate(dayNumber: Int.random(in: -800_000...3_000_000, using: &generator))
      let offset: Int? =
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: nil
        case 1: 0
        case 2:
          Int.random(in: -18...18, using: &generator) * 3600 + Int.random(in: 0...3, using: &generator) * 900
        default: Int.random(in: -64_800...64_800, using: &generator)
        }
      let time = Timestamp(
        localDate: date, secondOfDay: Int.random(in: 0..<86_400, using: &generator),
        nanosecond: Bool.random(using: &generator) ? 0 : Int.random(in: 0..<1_000_000_000, using: &generator),
        utcOffsetSeconds: offset)
      #expect(time.rfc3339 == time.rfc3339PieceByPiece, "\(time.rfc3339PieceByPiece)")
      #expect(time.withRFC3339Bytes { String(decoding: $0, as: UTF8.self) } == time.rfc3339PieceByPiece)
    }
  }

  @Test func commonTimesAreWrittenWhole() {
    let date = CivilDate(year: 2026, month: 11, day: 26)!
    #expect(
      Timestamp(localDate: date, secondOfDay: 8 * 3600 + 5 * 60 + 9, utcOffsetSeconds: nil).rfc3339
        == "2026-11-26T08:05:09")
    #expect(Timestamp(localDate: date, secondOfDay: 0, utcOffsetSeconds: 0).rfc3339 == "2026-11-26T00:00:00Z")
    #expect(
      Timestamp(localDate: date, secondOfDay: 86_399, utcOffsetSeconds: -34_200).rfc3339
        == "2026-11-26T23:59:59-09:30")
  }
}
