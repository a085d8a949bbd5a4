import Foundation
import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// Finding zones by name: validation, letter case, legacy names, `$TZDIR`, and the machine's zone.
@Suite struct ZoneInfoDatabaseTests {
  @Test(arguments: [
    "Europe/Paris", "UTC", "Etc/GMT+5", "America/Argentina/Buenos_Aires", "GMT-0", "EST5EDT", "Factory",
    "America/Port-au-Prince", "a.b",
  ])
  func validNames(name: String) {
    #expect(ZoneInfoDatabase.isValidName(name))
  }

  @Test(arguments: [
    "", "/etc/localtime", "../etc/passwd", "Europe/../../etc/passwd", "Europe//Paris", "Europe/Paris/",
    "./UTC",
    "Europe/.hidden", "posix/Europe/Paris", "right/UTC", "localtime", "posixrules", "Europe/Paris\0x",
    "Europe/Pa ris", "Europe\\Paris", "Éurope/Paris", String(repeating: "a", count: 256),
  ])
  func invalidNames(name: String) {
    #expect(!ZoneInfoDatabase.isValidName(name))
    #expect(ZoneInfoDatabase.system.rules(named: name) == nil)
  }

  @Test(arguments: [
    ("europe/berlin", "Europe/Berlin"), ("AMERICA/NEW_YORK", "America/New_York"), ("utc", "UTC"),
    ("us/eastern", "US/Eastern"), ("america/argentina/buenos_aires", "America/Argentina/Buenos_Aires"),
    ("pst", "PST"), ("systemv/est5edt", "SystemV/EST5EDT"), ("Europe/Paris", "Europe/Paris"),
    ("etc/gmt+5", "Etc/GMT+5"),
  ])
  func correctsLetterCase(text: String, identifier: String) {
    #expect(ZoneInfoDatabase.system.identifier(matching: text) == identifier)
  }

  @Test(arguments: [
    "mars/olympus", "posix/europe/paris", "POSIX/Europe/Paris", "Right/UTC", "LOCALTIME", "zone.tab",
  ])
  func findsNoZoneForOtherNames(text: String) {
    #expect(ZoneInfoDatabase.system.identifier(matching: text) == nil)
  }

  /// `$TZDIR` names the folder: a zone of its own there, and none of the system's.
  @Test func readsAnotherFolder() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("demeter-tzdir-\(UUID())").path
    try FileManager.default.createDirectory(atPath: folder + "/Test", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let zone = TZifBuilder(types: [(12_345, false)], footer: "<+032545>-3:25:45")
    _ = FileManager.default.createFile(atPath: folder + "/Test/Zone", contents: Data(zone.bytes(version: 2)))
    _ = FileManager.default.createFile(atPath: folder + "/Test/NotTZif", contents: Data("hello".utf8))
    let database = ZoneInfoDatabase(directory: folder)
    #expect(database.rules(named: "Test/Zone")?.utcOffset(atUnixSeconds: 0) == 12_345)
    #expect(database.identifier(matching: "test/zone") == "Test/Zone")
    #expect(database.rules(named: "Test/NotTZif") == nil)
    #expect(database.rules(named: "Test") == nil)
    #expect(database.rules(named: "Europe/Paris") == nil)
  }

  @Test func cachesEachZone() throws {
    let first = try #require(ZoneInfoDatabase.system.rules(named: "Asia/Tokyo"))
    let second = try #require(ZoneInfoDatabase.system.rules(named: "Asia/Tokyo"))
    #expect(first === second)
  }

  /// The machine's zone: `TZ` (a name, `:name`, a TZif path or a POSIX rule), else the file
  /// `/etc/localtime`, else UTC.
  @Test func localZoneFromTZAndLocaltime() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("demeter-local-\(UUID())").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let localtime = folder + "/localtime"
    _ = FileManager.default.createFile(
      atPath: localtime,
      contents: Data(TZifBuilder(types: [(7_200, false)], footer: "<+02>-2").bytes(version: 2)))
    let july = Timestamp.at("2026-07-01T12:00:00Z").instant!.seconds
    func offset(_ tz: String?, localtime: String = localtime) -> Int {
      LocalTimeZone.find(tz: tz, localtime: localtime, database: .system).utcOffset(atUnixSeconds: july)
    }
    #expect(offset("Europe/Paris") == 7_200)
    #expect(offset("America/New_York") == -14_400)
    #expect(offset(":Asia/Tokyo") == 32_400)
    #expect(offset("/usr/share/zoneinfo/Asia/Kathmandu") == 20_700)
    #expect(offset("EST5EDT,M3.2.0,M11.1.0") == -14_400)
    #expect(offset("JST-9") == 32_400)
    #expect(offset(nil) == 7_200)
    #expect(offset("") == 7_200)
    #expect(offset("Mars/Olympus") == 7_200)
    #expect(offset("../../etc/passwd") == 7_200)
    #expect(offset(nil, localtime: folder + "/missing") == 0)
  }

  /// In this process, `local` is the zone Foundation calls current.
  @Test func localZoneIsFoundationsCurrentZone() {
    for seconds in stride(from: 0, through: 2_208_988_800, by: 864_000 + 3_601) {
      #expect(
        LocalTimeZone.rules.utcOffset(atUnixSeconds: seconds)
          == TimeZone.current.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds))))
    }
  }
}
