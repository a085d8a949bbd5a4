import Foundation
import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// The zone database reader against Foundation's `TimeZone` (ICU's copy of the tz data), the oracle
/// it replaces: UTC offsets from 1970 to 2040, the local times the tool converts to around every
/// transition, and the names each accepts.
@Suite struct ZoneDifferentialTests {
  static let zones = [
    "America/New_York", "Europe/London", "Australia/Lord_Howe", "Asia/Kathmandu", "Pacific/Chatham",
    "America/St_Johns", "Africa/Casablanca", "UTC", "Europe/Paris", "Europe/Dublin", "America/Sao_Paulo",
    "Asia/Tehran", "Pacific/Apia", "Pacific/Kiritimati", "America/Santiago", "Antarctica/Troll",
    "Asia/Gaza", "Africa/Cairo", "Europe/Moscow", "America/Nuuk", "Australia/Adelaide", "Asia/Kolkata",
  ]
  static let start = 0  // 1970-01-01T00:00:00Z
  static let end = 2_208_988_800  // 2040-01-01T00:00:00Z

  /// Offsets every 6 hours and 7 minutes from 1970 to 2040, then second by second around each
  /// change found.
  @Test(arguments: zones)
  func offsetsMatchFoundation(zone: String) throws {
    let foundation = try #require(TimeZone(identifier: zone))
    let rules = try #require(ZoneInfoDatabase.system.rules(named: zone))
    func expected(_ seconds: Int) -> Int {
      foundation.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds)))
    }
    var mismatches: [Int] = []
    var previous = Self.start
    for seconds in stride(from: Self.start, through: Self.end, by: 22_020) {
      if rules.utcOffset(atUnixSeconds: seconds) != expected(seconds) { mismatches.append(seconds) }
      if expected(seconds) != expected(previous) {
        let change = Self.change(between: previous, and: seconds, expected)
        for moment in change - 2...change + 2 where rules.utcOffset(atUnixSeconds: moment) != expected(moment)
        {
          mismatches.append(moment)
        }
      }
      previous = seconds
    }
    #expect(
      mismatches.isEmpty,
      "\(zone): \(mismatches.prefix(5).map { Timestamp(unixSeconds: $0, utcOffsetSeconds: 0).rfc3339 })")
  }

  /// The local date and time that `Timestamp.converted(to:)` gives one second before, at and after
  /// every offset change from 1970 to 2040 (the gaps and repeated hours of DST), as Foundation's
  /// calendar gives them.
  @Test(arguments: ["America/New_York", "Europe/London", "Australia/Lord_Howe", "Pacific/Chatham"])
  func conversionsAroundEveryTransitionMatchFoundation(zone: String) throws {
    let foundation = try #require(TimeZone(identifier: zone))
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = foundation
    func offset(_ seconds: Int) -> Int {
      foundation.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds)))
    }
    var mismatches: [String] = []
    var previous = Self.start
    var transitions = 0
    for seconds in stride(from: Self.start, through: Self.end, by: 43_200) {
      defer { previous = seconds }
      guard offset(seconds) != offset(previous) else { continue }
      transitions += 1
      let change = Self.change(between: previous, and: seconds, offset)
      for moment in [change - 1, change, change + 1] {
        let converted = Timestamp(unixSeconds: moment, utcOffsetSeconds: 0).converted(to: .named(zone))
        let c = calendar.dateComponents(
          [.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: Double(moment)))
        if converted.localDate != CivilDate(year: c.year!, month: c.month!, day: c.day!)
          || converted.secondOfDay != c.hour! * 3_600 + c.minute! * 60 + c.second!
          || converted.utcOffsetSeconds != offset(moment) || converted.instant?.seconds != moment
        {
          mismatches.append(converted.rfc3339)
        }
      }
    }
    #expect(transitions > 20 || zone == "Asia/Kathmandu")
    #expect(mismatches.isEmpty, "\(zone): \(mismatches.prefix(5))")
  }

  /// Every zone Foundation knows, coarsely (every 3 days and 5 hours) from 1970 to 2025: rules
  /// announced later may reach the installed database and Foundation's copy at different times.
  @Test func everyKnownZoneMatchesFoundation() {
    var differing: [String] = []
    for zone in TimeZone.knownTimeZoneIdentifiers {
      guard let foundation = TimeZone(identifier: zone),
        let rules = ZoneInfoDatabase.system.rules(named: zone)
      else {
        differing.append("\(zone) (missing)")
        continue
      }
      for seconds in stride(from: Self.start, through: 1_735_689_600, by: 277_200)
      where rules.utcOffset(atUnixSeconds: seconds)
        != foundation.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds)))
      {
        differing.append("\(zone) at \(Timestamp(unixSeconds: seconds, utcOffsetSeconds: 0).rfc3339)")
        break
      }
    }
    #expect(differing.isEmpty, "\(differing)")
  }

  /// Foundation accepts exactly the names the database reader accepts, among the installed files
  /// and a few that are no zone.
  @Test func acceptsTheNamesFoundationAccepts() {
    var names = Self.installedFiles()
    names += [
      "posixrules", "localtime", "zone.tab", "iso3166.tab", "tzdata.zi", "leapseconds", "right/UTC",
      "posix/Europe/Paris", "../etc/passwd", "/usr/share/zoneinfo/Europe/Paris", "Europe//Paris",
      "Europe/Paris/", "Europe/./Paris", "Mars/Olympus", "CEST", "Etc/Unknown", "",
    ]
    names += ZoneInfoDatabase.legacyAliases.map(\.name)
    var differing: [String] = []
    for name in names
    where (ZoneInfoDatabase.system.rules(named: name) != nil) != (TimeZone(identifier: name) != nil) {
      differing.append(name)
    }
    #expect(differing.isEmpty, "\(differing)")
  }

  /// The legacy names ICU still accepts stand for the zones ICU gives them (the `SystemV/` zones
  /// from 1976 on).
  @Test(arguments: ZoneInfoDatabase.legacyAliases.map(\.name))
  func legacyAliasesMatchFoundation(name: String) throws {
    let foundation = try #require(TimeZone(identifier: name))
    let rules = try #require(ZoneInfoDatabase.system.rules(named: name))
    var mismatches: [String] = []
    let start = name.hasPrefix("SystemV/") ? 189_302_400 : Self.start  // 1976-01-01
    for seconds in stride(from: start, through: Self.end, by: 86_400 * 7 + 3_607)
    where rules.utcOffset(atUnixSeconds: seconds)
      != foundation.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds)))
    {
      mismatches.append(Timestamp(unixSeconds: seconds, utcOffsetSeconds: 0).rfc3339)
    }
    #expect(mismatches.isEmpty, "\(name): \(mismatches.prefix(3))")
  }

  /// The paths of the files under the zone folder, except the `posix/` and `right/` copies.
  static func installedFiles() -> [String] {
    let folder = ZoneInfoDatabase.system.directory
    var names: [String] = []
    let enumerator = FileManager.default.enumerator(atPath: folder)
    while let path = enumerator?.nextObject() as? String {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder),
        !isFolder.boolValue,
        !path.hasPrefix("posix/"), !path.hasPrefix("right/")
      else { continue }
      names.append(path)
    }
    return names.sorted()
  }

  /// The first second in `(low, high]` whose offset differs from the one at `low`.
  static func change(between low: Int, and high: Int, _ offset: (Int) -> Int) -> Int {
    var low = low
    var high = high
    let before = offset(low)
    while high - low > 1 {
      let middle = low + (high - low) / 2
      if offset(middle) == before { low = middle } else { high = middle }
    }
    return high
  }
}
