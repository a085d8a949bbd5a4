import Foundation
import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

extension TimeTests {
  @Suite struct TimeZoneConversion {
    @Test(arguments: [
      // America/New_York, spring forward 2026-03-08 02:00 EST → 03:00 EDT.
      ("America/New_York", "2026-03-08T06:59:59Z", "2026-03-08T01:59:59-05:00"),
      ("America/New_York", "2026-03-08T07:00:00Z", "2026-03-08T03:00:00-04:00"),
      // Fall back 2026-11-01 02:00 EDT → 01:00 EST: 01:xx happens twice.
      ("America/New_York", "2026-11-01T05:30:00Z", "2026-11-01T01:30:00-04:00"),
      ("America/New_York", "2026-11-01T05:59:59.5Z", "2026-11-01T01:59:59.5-04:00"),
      ("America/New_York", "2026-11-01T06:00:00Z", "2026-11-01T01:00:00-05:00"),
      ("America/New_York", "2026-11-01T06:30:00Z", "2026-11-01T01:30:00-05:00"),
      ("America/New_York", "2026-11-01T01:30:00-04:00", "2026-11-01T01:30:00-04:00"),
      ("America/New_York", "2026-11-01T01:30:00-05:00", "2026-11-01T01:30:00-05:00"),
      // Europe/Berlin, 2026-03-29 02:00 CET → 03:00 CEST and 2026-10-25 03:00 CEST → 02:00 CET.
      ("Europe/Berlin", "2026-03-29T00:59:59Z", "2026-03-29T01:59:59+01:00"),
      ("Europe/Berlin", "2026-03-29T01:00:00Z", "2026-03-29T03:00:00+02:00"),
      ("Europe/Berlin", "2026-10-25T00:30:00Z", "2026-10-25T02:30:00+02:00"),
      ("Europe/Berlin", "2026-10-25T01:30:00Z", "2026-10-25T02:30:00+01:00"),
      // Australia/Adelaide: +10:30 ends 2026-04-05 03:00 → 02:00, starts 2026-10-04 02:00 → 03:00.
      ("Australia/Adelaide", "2026-04-04T16:29:59Z", "2026-04-05T02:59:59+10:30"),
      ("Australia/Adelaide", "2026-04-04T16:30:00Z", "2026-04-05T02:00:00+09:30"),
      ("Australia/Adelaide", "2026-10-03T16:29:59Z", "2026-10-04T01:59:59+09:30"),
      ("Australia/Adelaide", "2026-10-03T16:30:00Z", "2026-10-04T03:00:00+10:30"),
      // Asia/Kathmandu +05:45, around midnight.
      ("Asia/Kathmandu", "2026-11-20T18:14:59Z", "2026-11-20T23:59:59+05:45"),
      ("Asia/Kathmandu", "2026-11-20T18:15:00Z", "2026-11-21T00:00:00+05:45"),
      // Midnight changes the date in both directions.
      ("America/New_York", "2026-11-21T00:30:00+09:00", "2026-11-20T10:30:00-05:00"),
      ("Asia/Tokyo", "2026-11-20T20:00:00-05:00", "2026-11-21T10:00:00+09:00"),
      ("America/St_Johns", "2027-01-01T02:00:00Z", "2026-12-31T22:30:00-03:30"),
    ])
    func convertsToNamedZones(zone: String, text: String, expected: String) {
      let converted = Timestamp.at(text).converted(to: .named(zone))
      #expect(converted.rfc3339 == expected)
      #expect(converted.instant! == Timestamp.at(text).instant!)
    }

    @Test(arguments: [
      ("2026-11-21T00:30:00+09:00", 0, "2026-11-20T15:30:00Z"),
      ("2026-12-31T23:30:00-05:00", 3_600, "2027-01-01T05:30:00+01:00"),
      ("2026-11-21T12:00:00Z", 50_400, "2026-11-22T02:00:00+14:00"),
      ("2026-11-21T12:00:00.75Z", -43_200, "2026-11-21T00:00:00.75-12:00"),
      ("1969-12-31T23:00:00-01:00", 0, "1970-01-01T00:00:00Z"),
      ("1970-01-01T00:30:00+01:00", 0, "1969-12-31T23:30:00Z"),
    ])
    func convertsToFixedOffsets(text: String, offset: Int, expected: String) {
      #expect(Timestamp.at(text).converted(to: .fixedOffset(seconds: offset)).rfc3339 == expected)
    }

    @Test(arguments: [
      "America/New_York", "Europe/Berlin", "Australia/Adelaide", "Asia/Kathmandu", "Pacific/Chatham",
    ])
    func hourlyConversionsThrough2026MatchFoundation(zone: String) throws {
      let timeZone = try #require(TimeZone(identifier: zone))
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = timeZone
      let start = Timestamp.at("2026-01-01T00:17:00Z").instant!.seconds
      var mismatches: [String] = []
      for hour in 0..<(366 * 24) {
        let seconds = start + hour * 3_600
        let converted = Timestamp(unixSeconds: seconds, utcOffsetSeconds: 0).converted(to: .named(zone))
        let c = calendar.dateComponents(
          [.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: Double(seconds)))
        let expectedDate = CivilDate(year: c.year!, month: c.month!, day: c.day!)!
        let expectedSecond = c.hour! * 3_600 + c.minute! * 60 + c.second!
        if converted.localDate != expectedDate || converted.secondOfDay != expectedSecond
          || converted.instant?.seconds != seconds
        {
          mismatches.append(converted.rfc3339)
        }
      }
      #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    @Test func asWrittenAndWallClockAreNeverConverted() {
      let written = Timestamp.at("2026-11-21T08:15:00+05:45")
      #expect(written.converted(to: .asWritten) == written)
      let wallClock = Timestamp.at("2026-11-21T08:15:00")
      for rule in [TimeZoneRule.asWritten, .local, .fixedOffset(seconds: 0), .named("Europe/Berlin")] {
        #expect(wallClock.converted(to: rule) == wallClock)
      }
    }

    @Test func localUsesTheMachineZone() {
      let timestamp = Timestamp.at("2026-07-01T12:00:00Z")
      #expect(timestamp.converted(to: .local) == timestamp.converted(to: .named(TimeZone.current.identifier)))
    }

    @Test func unknownNamedZoneLeavesTheTimestampUnchanged() {
      let timestamp = Timestamp.at("2026-07-01T12:00:00Z")
      #expect(timestamp.converted(to: .named("Mars/Olympus")) == timestamp)
    }
  }

  @Suite struct TimeZoneRuleParsing {
    @Test(arguments: [
      ("UTC", TimeZoneRule.fixedOffset(seconds: 0)), ("utc", .fixedOffset(seconds: 0)),
      ("Z", .fixedOffset(seconds: 0)), ("z", .fixedOffset(seconds: 0)), ("GMT", .fixedOffset(seconds: 0)),
      ("+05:30", .fixedOffset(seconds: 19_800)), ("-03:30", .fixedOffset(seconds: -12_600)),
      ("+0545", .fixedOffset(seconds: 20_700)), ("+14", .fixedOffset(seconds: 50_400)),
      ("UTC+05:30", .fixedOffset(seconds: 19_800)), ("gmt-08:00", .fixedOffset(seconds: -28_800)),
      ("-00:00", .fixedOffset(seconds: 0)), (" Europe/Berlin ", .named("Europe/Berlin")),
      ("europe/berlin", .named("Europe/Berlin")), ("AMERICA/NEW_YORK", .named("America/New_York")),
      ("Asia/Kathmandu", .named("Asia/Kathmandu")), ("local", .local), ("Local", .local),
      ("as-written", .asWritten),
    ])
    func parsesSpellings(text: String, expected: TimeZoneRule) throws {
      #expect(try TimeZoneRule.parse(text) == expected)
    }

    @Test(arguments: [
      ("Mars/Olympus", "unknown time zone"), ("", "the time zone is empty"),
      ("+24:00", "the offset is out of range (hours 00–23, minutes 00–59)"),
      ("+05:60", "the offset is out of range (hours 00–23, minutes 00–59)"),
      ("+5:30", "an offset is written like +05:30 or -03:00"),
      ("+05:3", "an offset is written like +05:30 or -03:00"),
      ("+053:0", "an offset is written like +05:30 or -03:00"),
      ("UTC+", "an offset is written like +05:30 or -03:00"),
    ])
    func rejectsUnknownZonesWithSpellingHelp(text: String, message: String) {
      #expect(throws: TimeZoneRuleError(text: text, message: message)) { try TimeZoneRule.parse(text) }
      let description = TimeZoneRuleError(text: text, message: message).description
      #expect(
        description.contains("Europe/Berlin") && description.contains("+05:30") && description.contains("UTC")
      )
    }

    @Test(arguments: [
      TimeZoneRule.asWritten, .local, .fixedOffset(seconds: 0), .fixedOffset(seconds: 20_700),
      .fixedOffset(seconds: -12_600), .named("Australia/Adelaide"),
    ])
    func descriptionReadsBack(rule: TimeZoneRule) throws {
      #expect(try TimeZoneRule.parse(rule.description) == rule)
    }
  }

  @Suite struct ReportClockToday {
    /// 2026-11-21T11:00:00Z: already 2026-11-22 at +14:00, still 2026-11-20 at -12:00, just
    /// 2026-11-21 at -11:00.
    static let now = Date(timeIntervalSince1970: 1_795_258_800)

    @Test func overrideWins() {
      let date = CivilDate.on("2020-02-29")
      for rule in [TimeZoneRule.asWritten, .local, .fixedOffset(seconds: 50_400), .named("Asia/Tokyo")] {
        #expect(ReportClock.today(override: date, zone: rule, now: Self.now) == date)
      }
    }

    @Test(arguments: [
      (TimeZoneRule.fixedOffset(seconds: 0), "2026-11-21"), (.fixedOffset(seconds: 50_400), "2026-11-22"),
      (.fixedOffset(seconds: -43_200), "2026-11-20"), (.named("Pacific/Kiritimati"), "2026-11-22"),
      (.named("Pacific/Pago_Pago"), "2026-11-21"), (.named("Europe/Berlin"), "2026-11-21"),
    ])
    func todayInAZone(rule: TimeZoneRule, expected: String) {
      #expect(
        Timestamp(unixSeconds: Int(Self.now.timeIntervalSince1970), utcOffsetSeconds: 0).rfc3339
          == "2026-11-21T11:00:00Z")
      #expect(ReportClock.today(override: nil, zone: rule, now: Self.now) == .on(expected))
    }

    @Test func asWrittenAndLocalUseTheMachineZone() {
      let expected = ReportClock.today(
        override: nil, zone: .named(TimeZone.current.identifier), now: Self.now)
      #expect(ReportClock.today(override: nil, zone: .asWritten, now: Self.now) == expected)
      #expect(ReportClock.today(override: nil, zone: .local, now: Self.now) == expected)
    }
  }
}
