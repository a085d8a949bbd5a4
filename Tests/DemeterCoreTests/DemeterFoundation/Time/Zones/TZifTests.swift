import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// The TZif reader (RFC 8536) and the rules it gives.
@Suite struct TZifTests {
  /// New York in 2026: EST until 2026-03-08T07:00Z, EDT until 2026-11-01T06:00Z, then the footer.
  static let newYork2026 = TZifBuilder(
    transitions: [(1_772_953_200, 1), (1_793_512_800, 0)], types: [(-18_000, false), (-14_400, true)],
    footer: "EST5EDT,M3.2.0,M11.1.0")

  @Test(arguments: [1, 2, 3, 4])
  func readsEveryVersion(version: Int) throws {
    let tzif = try TZif(parsing: Self.newYork2026.bytes(version: version))
    #expect(tzif.version == version)
    #expect(tzif.transitionTimes == [1_772_953_200, 1_793_512_800])
    #expect(tzif.transitionTypes == [1, 0])
    #expect(tzif.types.map(\.utcOffset) == [-18_000, -14_400])
    #expect(tzif.types.map(\.isDaylightSaving) == [false, true])
    #expect(tzif.footer == (version == 1 ? "" : "EST5EDT,M3.2.0,M11.1.0"))
  }

  @Test func offsetsBeforeBetweenAndAfterTheTransitions() throws {
    let rules = ZoneRules(try TZif(parsing: Self.newYork2026.bytes(version: 2)))
    #expect(rules.utcOffset(atUnixSeconds: 0) == -18_000)  // type 0 before the first transition
    #expect(rules.utcOffset(atUnixSeconds: 1_772_953_199) == -18_000)
    #expect(rules.utcOffset(atUnixSeconds: 1_772_953_200) == -14_400)
    #expect(rules.utcOffset(atUnixSeconds: 1_793_512_799) == -14_400)
    #expect(rules.utcOffset(atUnixSeconds: 1_793_512_800) == -18_000)
    // 2030-07-01T12:00Z: after the table, the footer gives EDT.
    #expect(rules.utcOffset(atUnixSeconds: 1_909_224_000) == -14_400)
    // Without a footer (version 1), the last type holds.
    let version1 = ZoneRules(try TZif(parsing: Self.newYork2026.bytes(version: 1)))
    #expect(version1.utcOffset(atUnixSeconds: 1_909_224_000) == -18_000)
  }

  @Test func noTransitionsUsesTheFooterOrTheOnlyType() throws {
    let fixed = TZifBuilder(types: [(19_800, false)], footer: "<+0530>-5:30")
    #expect(ZoneRules(try TZif(parsing: fixed.bytes(version: 2))).utcOffset(atUnixSeconds: 1_000) == 19_800)
    let footerOnly = TZifBuilder(types: [(0, false)], footer: "EST5EDT,M3.2.0,M11.1.0")
    let rules = ZoneRules(try TZif(parsing: footerOnly.bytes(version: 3)))
    #expect(rules.utcOffset(atUnixSeconds: 1_909_224_000) == -14_400)
    #expect(rules.utcOffset(atUnixSeconds: 1_893_456_000) == -18_000)  // 2030-01-01
  }

  @Test func skipsLeapSecondRecords() throws {
    var builder = Self.newYork2026
    builder.leapSeconds = 3
    let tzif = try TZif(parsing: builder.bytes(version: 2))
    #expect(tzif.transitionTimes == [1_772_953_200, 1_793_512_800])
    #expect(tzif.footer == "EST5EDT,M3.2.0,M11.1.0")
  }

  @Test func sixtyFourBitTimesBeyond2038() throws {
    let builder = TZifBuilder(
      transitions: [(-5_000_000_000, 1), (5_000_000_000, 0)], types: [(3_600, false), (7_200, false)])
    let tzif = try TZif(parsing: builder.bytes(version: 2))
    #expect(tzif.transitionTimes == [-5_000_000_000, 5_000_000_000])
    let rules = ZoneRules(tzif)
    #expect(rules.utcOffset(atUnixSeconds: -6_000_000_000) == 3_600)
    #expect(rules.utcOffset(atUnixSeconds: 0) == 7_200)
    #expect(rules.utcOffset(atUnixSeconds: 6_000_000_000) == 3_600)
  }

  @Test func rejectsDamagedFiles() {
    let good = Self.newYork2026.bytes(version: 2)
    var badMagic = good
    badMagic[0] = UInt8(ascii: "X")
    var badVersion = good
    badVersion[4] = UInt8(ascii: "9")
    var badType = Self.newYork2026
    badType.transitions[0].type = 7
    var unordered = Self.newYork2026
    unordered.transitions.reverse()
    var noTypes = good
    // typecnt of the 64-bit header (after the 44-byte header and 38-byte data of version 1) set to 0.
    let secondHeader = 44 + 2 * 5 + 2 * 6 + 12 + 2 * 2
    for index in 0..<4 { noTypes[secondHeader + 36 + index] = 0 }
    for bytes in [
      [], Array("TZif".utf8), badMagic, badVersion, Array(good.prefix(60)), Array(good.dropLast(1)),
      badType.bytes(version: 2), unordered.bytes(version: 2), noTypes, Array("not a zone file\n".utf8),
    ] {
      #expect(throws: TZif.FormatError.self) { try TZif(parsing: bytes) }
    }
  }

  @Test func readsTheInstalledDatabase() throws {
    for name in ["America/New_York", "Europe/London", "Australia/Lord_Howe", "UTC", "Asia/Kathmandu"] {
      let bytes = try FileBytes.read("/usr/share/zoneinfo/" + name, limit: .timeZone)
      let tzif = try TZif(parsing: bytes)
      #expect(tzif.version >= 2)
      #expect(!tzif.footer.isEmpty)
      #expect(POSIXTimeZoneRule(parsing: tzif.footer) != nil, "\(name): \(tzif.footer)")
    }
  }
}
