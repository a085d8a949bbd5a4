import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// POSIX TZ rules (TZif footers and the `TZ` variable).
@Suite struct POSIXTimeZoneRuleTests {
  static func unix(_ text: String) -> Int { Timestamp.at(text).instant!.seconds }

  @Test(
    arguments: [
      ("EST5EDT,M3.2.0,M11.1.0", -18_000, -14_400), ("<+0545>-5:45", 20_700, nil),
      ("JST-9", 32_400, nil), ("<-03>3", -10_800, nil), ("UTC0", 0, nil),
      ("NZST-12NZDT,M9.5.0,M4.1.0/3", 43_200, 46_800),
      ("<+1245>-12:45<+1345>,M9.5.0/2:45,M4.1.0/3:45", 45_900, 49_500),
      ("<+1030>-10:30<+11>-11,M10.1.0,M4.1.0", 37_800, 39_600), ("IST-1GMT0,M10.5.0,M3.5.0/1", 3_600, 0),
      ("<+00>0<+01>,0/0,J365/25", 0, 3_600), ("EST5EDT", -18_000, -14_400), ("AAA+24", -86_400, nil),
      ("<-02>2<-01>,M3.5.0/-1,M10.5.0/0", -7_200, -3_600), ("XXX3YYY,J60/167,300/-167", -10_800, -7_200),
    ] as [(String, Int, Int?)])
  func parses(text: String, standard: Int, saving: Int?) throws {
    let rule = try #require(POSIXTimeZoneRule(parsing: text))
    #expect(rule.standardOffset == standard)
    #expect(rule.daylightSaving?.utcOffset == saving)
  }

  @Test(arguments: [
    "", "E5", "EST", "EST5EDT,M3.2.0", "EST5EDT,M13.2.0,M11.1.0", "EST5EDT,M3.6.0,M11.1.0",
    "EST5EDT,M3.2.7,M11.1.0", "EST25", "EST5:60", "EST5EDT,J0,J365", "EST5EDT,366,1", "<AB>5", "<ABC5",
    "EST5EDT,M3.2.0/168,M11.1.0", "EST5 ", "EST5EDT,M3.2.0,M11.1.0,", "Europe/Paris", "EST5EDT4X",
  ])
  func rejects(text: String) {
    #expect(POSIXTimeZoneRule(parsing: text) == nil)
  }

  @Test func northernHemisphereTransitions() throws {
    let rule = try #require(POSIXTimeZoneRule(parsing: "EST5EDT,M3.2.0,M11.1.0"))
    // 2026: DST from Sunday 2026-03-08 02:00 EST to Sunday 2026-11-01 02:00 EDT.
    #expect(rule.utcOffset(atUnixSeconds: Self.unix("2026-03-08T06:59:59Z")) == -18_000)
    #expect(rule.utcOffset(atUnixSeconds: Self.unix("2026-03-08T07:00:00Z")) == -14_400)
    #expect(rule.utcOffset(atUnixSeconds: Self.unix("2026-11-01T05:59:59Z")) == -14_400)
    #expect(rule.utcOffset(atUnixSeconds: Self.unix("2026-11-01T06:00:00Z")) == -18_000)
    #expect(rule.utcOffset(atUnixSeconds: Self.unix("2026-01-01T00:00:00Z")) == -18_000)
    #expect(rule.utcOffset(atUnixSeconds: Self.unix("2026-12-31T23:59:59Z")) == -18_000)
  }

  @Test func southernHemisphereTransitions() throws {
    let rule = try #require(POSIXTimeZoneRule(parsing: "NZST-12NZDT,M9.5.0,M4.1.0/3"))
    // 2026: DST ends Sunday 2026-04-05 03:00 NZDT (14:00Z the day before), starts Sunday
    // 2026-09-27 02:00 NZST (14:00Z the day before).
    #expect(rule.utcOffset(atUnixSeconds: Self.unix("2026-01-01T00:00:00Z")) == 46_800)
    #expect(rule.utcOffset(atUnixSeconds: Self.unix("2026-04-04T13:59:59Z")) == 46_800)
    #expect(rule.utcOffset(atUnixSeconds: Self.unix("2026-04-04T14:00:00Z")) == 43_200)
    #expect(rule.utcOffset(atUnixSeconds: Self.unix("2026-09-26T13:59:59Z")) == 43_200)
    #expect(rule.utcOffset(atUnixSeconds: Self.unix("2026-09-26T14:00:00Z")) == 46_800)
    #expect(rule.utcOffset(atUnixSeconds: Self.unix("2026-12-31T12:00:00Z")) == 46_800)
  }

  /// RFC 8536's example of daylight saving time all year, and negative and large transition times.
  @Test func extensionsOfVersion3() throws {
    let always = try #require(POSIXTimeZoneRule(parsing: "EST5EDT4,0/0,J365/25"))
    for text in [
      "2026-01-01T05:00:00Z", "2026-07-01T00:00:00Z", "2026-12-31T23:59:59Z", "2028-02-29T12:00:00Z",
    ] {
      #expect(always.utcOffset(atUnixSeconds: Self.unix(text)) == -14_400, "\(text)")
    }
    // America/Nuuk: -02 with DST from the last Sunday of March at -01:00 to the last Sunday of
    // October at 00:00 (both 01:00Z).
    let nuuk = try #require(POSIXTimeZoneRule(parsing: "<-02>2<-01>,M3.5.0/-1,M10.5.0/0"))
    #expect(nuuk.utcOffset(atUnixSeconds: Self.unix("2026-03-29T00:59:59Z")) == -7_200)
    #expect(nuuk.utcOffset(atUnixSeconds: Self.unix("2026-03-29T01:00:00Z")) == -3_600)
    #expect(nuuk.utcOffset(atUnixSeconds: Self.unix("2026-10-25T00:59:59Z")) == -3_600)
    #expect(nuuk.utcOffset(atUnixSeconds: Self.unix("2026-10-25T01:00:00Z")) == -7_200)
  }

  @Test func transitionDays() {
    // Jn never counts February 29: J60 is March 1 in every year.
    #expect(POSIXTimeZoneRule.date(of: .julian(60), in: 2024) == .on("2024-03-01"))
    #expect(POSIXTimeZoneRule.date(of: .julian(60), in: 2026) == .on("2026-03-01"))
    #expect(POSIXTimeZoneRule.date(of: .julian(365), in: 2024) == .on("2024-12-31"))
    // n counts from 0 and includes February 29.
    #expect(POSIXTimeZoneRule.date(of: .dayOfYear(59), in: 2024) == .on("2024-02-29"))
    #expect(POSIXTimeZoneRule.date(of: .dayOfYear(0), in: 2026) == .on("2026-01-01"))
    // Mm.w.d: the second Sunday of March, the last Sunday of October (week 5), a first Monday.
    #expect(
      POSIXTimeZoneRule.date(of: .monthWeekDay(month: 3, week: 2, weekday: 0), in: 2026) == .on("2026-03-08"))
    #expect(
      POSIXTimeZoneRule.date(of: .monthWeekDay(month: 10, week: 5, weekday: 0), in: 2026) == .on("2026-10-25")
    )
    #expect(
      POSIXTimeZoneRule.date(of: .monthWeekDay(month: 2, week: 5, weekday: 6), in: 2025) == .on("2025-02-22"))
    #expect(
      POSIXTimeZoneRule.date(of: .monthWeekDay(month: 6, week: 1, weekday: 1), in: 2026) == .on("2026-06-01"))
  }
}
