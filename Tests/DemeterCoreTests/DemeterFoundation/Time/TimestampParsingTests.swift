import Foundation
import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

extension TimeTests {
  @Suite struct TimestampParsing {
    @Test(arguments: [
      ("2026-11-21T08:15:00-05:00", "2026-11-21", 29_700, 0, -18_000),
      ("2026-11-21T08:15:00Z", "2026-11-21", 29_700, 0, 0),
      ("2026-11-21t08:15:00z", "2026-11-21", 29_700, 0, 0),
      ("2026-11-21 08:15:00+05:45", "2026-11-21", 29_700, 0, 20_700),
      ("2026-11-21T08:15:00-03:30", "2026-11-21", 29_700, 0, -12_600),
      ("2026-11-21T08:15:00+14:00", "2026-11-21", 29_700, 0, 50_400),
      ("2026-11-21T08:15:00+09:30", "2026-11-21", 29_700, 0, 34_200),
      ("2026-11-21T08:15:00+10:30", "2026-11-21", 29_700, 0, 37_800),
      ("2026-11-21T08:15:00-00:00", "2026-11-21", 29_700, 0, 0),
      ("2026-11-21T08:15:00+23:59", "2026-11-21", 29_700, 0, 86_340),
      ("2026-11-21T08:15:00.5Z", "2026-11-21", 29_700, 500_000_000, 0),
      ("2026-11-21T08:15:00.123+01:00", "2026-11-21", 29_700, 123_000_000, 3_600),
      ("2026-11-21T08:15:00.000000001Z", "2026-11-21", 29_700, 1, 0),
      ("2026-11-21T08:15:00.123456789Z", "2026-11-21", 29_700, 123_456_789, 0),
      ("2026-11-21T08:15:00.1234567899999Z", "2026-11-21", 29_700, 123_456_789, 0),
      ("2016-12-31T23:59:60Z", "2016-12-31", 86_399, 999_999_999, 0),
      ("2016-12-31T23:59:60.5Z", "2016-12-31", 86_399, 999_999_999, 0),
      ("2024-02-29T12:00:00Z", "2024-02-29", 43_200, 0, 0),
      ("2000-02-29T00:00:00Z", "2000-02-29", 0, 0, 0),
      ("2026-11-21T23:59:59.999+00:00", "2026-11-21", 86_399, 999_000_000, 0),
    ])
    func parsesValidTimestamps(text: String, date: String, secondOfDay: Int, nanosecond: Int, offset: Int) {
      let expected = Timestamp(
        localDate: .on(date), secondOfDay: secondOfDay, nanosecond: nanosecond, utcOffsetSeconds: offset)
      #expect(Timestamp.parse(text) == .success(expected))
    }

    @Test(arguments: ["2026-11-21T08:15:00", "2026-11-21 08:15:00.25", "2026-11-21t00:00:00"])
    func withoutOffsetIsWallClockTime(text: String) throws {
      let timestamp = try Timestamp.parse(text).get()
      #expect(timestamp.utcOffsetSeconds == nil)
      #expect(timestamp.instant == nil)
      #expect(timestamp.converted(to: .fixedOffset(seconds: 3_600)) == timestamp)
      #expect(timestamp.converted(to: .named("America/New_York")) == timestamp)
    }

    @Test func localDateIsAsWrittenWhateverTheMachineZone() throws {
      let timestamp = try Timestamp.parse("2026-11-21T00:30:00+09:00").get()
      #expect(timestamp.localDate == .on("2026-11-21"))
      #expect(timestamp.converted(to: .asWritten) == timestamp)
      #expect(timestamp.converted(to: .fixedOffset(seconds: 0)).localDate == .on("2026-11-20"))
    }

    @Test(arguments: [
      ("", 0, "expected a 4-digit year"),
      ("26-11-21T08:15:00Z", 2, "expected a 4-digit year"),
      ("2026/11/21T08:15:00Z", 4, "expected '-' after the year"),
      ("2026-13-01T00:00:00Z", 5, "month 13 is out of range (01–12)"),
      ("2026-00-01T00:00:00Z", 5, "month 00 is out of range (01–12)"),
      ("2026-1-01T00:00:00Z", 6, "expected a 2-digit month"),
      ("2026-11_21T00:00:00Z", 7, "expected '-' after the month"),
      ("2026-11-31T00:00:00Z", 8, "day 31 is out of range for 2026-11 (01–30)"),
      ("2023-02-29T12:00:00Z", 8, "day 29 is out of range: 2023 is not a leap year"),
      ("2026-11-21", 10, "expected 'T' and a time (HH:MM:SS) after the date"),
      ("2026-11-21X08:15:00Z", 10, "expected 'T' between date and time"),
      ("2026-11-21T8:15:00Z", 12, "expected a 2-digit hour"),
      ("2026-11-21T24:00:00Z", 11, "hour 24 is out of range (00–23)"),
      ("2026-11-21T08-15:00Z", 13, "expected ':' after the hour"),
      ("2026-11-21T08:5", 15, "expected a 2-digit minute"),
      ("2026-11-21T08:60:00Z", 14, "minute 60 is out of range (00–59)"),
      ("2026-11-21T08:15Z", 16, "missing seconds (write HH:MM:SS)"),
      ("2026-11-21T08:15", 16, "missing seconds (write HH:MM:SS)"),
      ("2026-11-21T08:15+01:00", 16, "missing seconds (write HH:MM:SS)"),
      ("2026-11-21T08:15:6Z", 18, "expected a 2-digit second"),
      ("2026-11-21T08:15:61Z", 17, "second 61 is out of range (00–60)"),
      ("2026-11-21T08:15:00.Z", 20, "expected digits after '.'"),
      ("2026-11-21T08:15:00.", 20, "expected digits after '.'"),
      ("2026-11-21T08:15:00 Z", 19, "expected 'Z' or an offset like +05:30 after the time"),
      ("2026-11-21T08:15:00+24:00", 20, "offset hour 24 is out of range (00–23)"),
      ("2026-11-21T08:15:00+05:60", 23, "offset minute 60 is out of range (00–59)"),
      ("2026-11-21T08:15:00+0530", 22, "expected ':' in the offset (like +05:30)"),
      ("2026-11-21T08:15:00+05", 22, "expected ':' in the offset (like +05:30)"),
      ("2026-11-21T08:15:00+5:30", 21, "expected an offset like +05:30"),
      ("2026-11-21T08:15:00+05:3", 24, "expected an offset like +05:30"),
      ("2026-11-21T08:15:00Zjunk", 20, "unexpected text after the timestamp"),
      ("2026-11-21T08:15:00+05:30 ", 25, "unexpected text after the timestamp"),
    ])
    func rejectsInvalidTimestampsAtTheSpot(text: String, offset: Int, message: String) {
      #expect(Timestamp.parse(text) == .failure(TimestampError(offset: offset, message: message)))
    }

    @Test func parsesFromAByteBuffer() {
      let bytes = Array("2026-11-21T08:15:00.25+01:00".utf8)
      let result = bytes.withUnsafeBufferPointer { Timestamp.parse($0) }
      #expect((try? result.get())?.rfc3339 == "2026-11-21T08:15:00.25+01:00")
    }

    @Test(arguments: [
      ("2026-11-21T08:15:00.120Z", "2026-11-21T08:15:00.12Z"),
      ("2026-11-21t08:15:00+00:00", "2026-11-21T08:15:00Z"),
      ("2026-11-21 08:15:00", "2026-11-21T08:15:00"),
      ("2026-11-21T08:15:00.000-03:30", "2026-11-21T08:15:00-03:30"),
      ("2026-11-21T08:15:00.000000001+05:45", "2026-11-21T08:15:00.000000001+05:45"),
      ("2016-12-31T23:59:60Z", "2016-12-31T23:59:59.999999999Z"),
    ])
    func writesCanonicalRFC3339(text: String, canonical: String) {
      #expect(Timestamp.at(text).rfc3339 == canonical)
      #expect(Timestamp.at(canonical).rfc3339 == canonical)
    }

    @Test func writesOffsetsThatAreNotWholeMinutes() {
      let timestamp = Timestamp(unixSeconds: 0, utcOffsetSeconds: 3_208)
      #expect(timestamp.rfc3339 == "1970-01-01T00:53:28+00:53:28")
    }

    @Test func instantsMatchFoundationForRandomTimestamps() throws {
      var generator = SplitMix64(seed: 47)
      let formatter = ISO8601DateFormatter()
      for _ in 0..<2_000 {
        let date = CivilDate(dayNumber: Int.random(in: -3_000...30_000, using: &generator))
        let offsetMinutes = Int.random(in: -(23 * 60 + 59)...(23 * 60 + 59), using: &generator)
        let timestamp = Timestamp(
          localDate: date, secondOfDay: Int.random(in: 0..<86_400, using: &generator),
          utcOffsetSeconds: offsetMinutes * 60)
        let reparsed = try Timestamp.parse(timestamp.rfc3339).get()
        #expect(reparsed == timestamp)
        let reference = try #require(formatter.date(from: timestamp.rfc3339))
        #expect(timestamp.instant?.seconds == Int(reference.timeIntervalSince1970))
      }
    }

    @Test func instantOfKnownMoments() {
      #expect(Timestamp.at("1970-01-01T00:00:00Z").instant! == (0, 0))
      #expect(Timestamp.at("1970-01-01T00:00:00+01:00").instant! == (-3_600, 0))
      #expect(Timestamp.at("2026-11-21T00:30:00.25+09:00").instant! == (1_795_188_600, 250_000_000))
    }
  }
}
