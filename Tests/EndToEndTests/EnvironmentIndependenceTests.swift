import Foundation
import TestSupport
import Testing

/// Reports depend on the journal and the options only: not the machine's time zone or locale, nor how
/// the day files are arranged in folders (manual: journal, testing).
@Suite struct EnvironmentIndependenceTests {
  static let commands: [[String]] = [
    ["week", "all"], ["day", "all", "--format", "json"],
    ["month", "all", "--format", "csv", "--decimals", "2"],
    ["range", "2026-11-01..2026-11-07", "--format", "json"], ["week", "2026-W47", "--format", "html"],
    ["month", "2026-11", "--format", "markdown"],
  ]

  static let environments: [[String: String]] = [
    ["TZ": "Pacific/Chatham"],
    ["TZ": "America/New_York"],
    ["TZ": "Asia/Kathmandu", "LANG": "de_DE.UTF-8"],
    ["LANG": "de_DE.UTF-8"],
    ["LC_ALL": "fr_FR.UTF-8", "TZ": "Pacific/Chatham"],
    ["LANG": "de_DE.UTF-8", "LC_ALL": "fr_FR.UTF-8", "LC_NUMERIC": "de_DE.UTF-8", "TZ": "America/New_York"],
  ]

  private static func run(
    _ command: [String], journal: String = ToolRun.sampleJournal, environment: [String: String] = [:]
  ) throws -> ToolRun {
    try ToolRun.run(command + ["--journal", journal, "--today", "2026-11-21"], environment: environment)
  }

  @Test(arguments: commands, environments)
  func sameOutputInEveryZoneAndLocale(command: [String], environment: [String: String]) throws {
    let reference = try Self.run(command, environment: ["TZ": "UTC", "LANG": "C"])
    let run = try Self.run(command, environment: environment)
    #expect(reference.status == 0)
    #expect(run.status == 0)
    #expect(run.stdout == reference.stdout)
    #expect(run.stderr == reference.stderr)
  }

  @Test(arguments: commands)
  func repeatedRunsAreIdentical(command: [String]) throws {
    let first = try Self.run(command)
    let second = try Self.run(command)
    #expect(first.status == 0)
    #expect(first.stdout == second.stdout)
  }

  @Test func nestedLayoutGivesTheSameOutput() throws {
    let copy = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: copy) }
    let source = ToolRun.fixtures.appendingPathComponent("sample-journal")
    let manager = FileManager.default
    var moved = 0
    for name in try manager.contentsOfDirectory(atPath: source.path).sorted() {
      var target = copy
      if name.hasSuffix(".jsonl"), name != "ingredients.jsonl" {
        // 2026-11-21.jsonl → 2026/11/2026-11-21.jsonl
        target = copy.appendingPathComponent(String(name.prefix(4))).appendingPathComponent(
          String(name.dropFirst(5).prefix(2)))
        try manager.createDirectory(at: target, withIntermediateDirectories: true)
        moved += 1
      }
      try manager.copyItem(at: source.appendingPathComponent(name), to: target.appendingPathComponent(name))
    }
    #expect(moved == 28)
    #expect(manager.fileExists(atPath: copy.appendingPathComponent("2026/10/2026-10-26.jsonl").path))
    for command in Self.commands + [["week", "all", "--week-start", "sunday", "--tz", "+09:00"]] {
      let flat = try Self.run(command)
      let nested = try Self.run(command, journal: copy.path)
      #expect(flat.status == 0)
      #expect(nested.status == 0)
      #expect(nested.stdout == flat.stdout, "\(command)")
    }
    let check = try ToolRun.run(["check", "--journal", copy.path])
    #expect(check.stdout == "checked 28 files, 224 valid entries: 0 errors, 18 warnings (13 not listed)\n")
  }

  @Test(arguments: ["sunday", "saturday"])
  func otherWeekStartsAreLabelledByTheirFirstDay(start: String) throws {
    let run = try Self.run(["week", "all", "--week-start", start, "-f", "csv"])
    #expect(run.status == 0)
    let rows = run.csvRows()
    #expect(rows.first?.first == "week")
    #expect(rows.count == 6)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let formatter = DateFormatter()
    formatter.calendar = calendar
    formatter.timeZone = calendar.timeZone
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyy-MM-dd"
    for row in rows.dropFirst() where row.count >= 2 {
      #expect(row[0] == "week of \(row[1])")
      let date = try #require(formatter.date(from: row[1]))
      #expect(calendar.component(.weekday, from: date) == (start == "sunday" ? 1 : 7), "\(row[1])")
    }
    #expect(Self.total(rows, column: "entries") == 224)
  }

  @Test func mondayWeeksAreLabelledISO() throws {
    let run = try Self.run(["week", "all", "--week-start", "monday", "-f", "csv"])
    #expect(CSVReader.column("week", of: run.csvRows()) == ["2026-W44", "2026-W45", "2026-W46", "2026-W47"])
    #expect(run.stdout == (try Self.run(["week", "all", "-f", "csv"])).stdout)
  }

  @Test func timeZoneOptionMovesEntriesBetweenDays() throws {
    let asWritten = try Self.run(["day", "all", "-f", "csv"])
    let tokyo = try Self.run(["day", "all", "--tz", "+09:00", "-f", "csv"])
    #expect(asWritten.status == 0)
    #expect(tokyo.status == 0)
    #expect(tokyo.stdout != asWritten.stdout)
    let before = asWritten.csvRows()
    let after = tokyo.csvRows()
    #expect(Self.total(before, column: "entries") == 224)
    #expect(Self.total(after, column: "entries") == 224)
    let beforeCounts = Self.counts(before)
    let afterCounts = Self.counts(after)
    #expect(beforeCounts.count == 28)
    #expect(afterCounts.contains { beforeCounts[$0.key] != $0.value })
    // Entries written at -05:00 in the evening count for the next day at +09:00.
    #expect(CSVReader.column("date", of: after)?.last == "2026-11-23")
  }

  /// The same days and numbers; `csv` because the text report's footer names the zone as written.
  @Test(arguments: ["UTC", "+00:00", "Etc/UTC"])
  func spellingsOfUTCAgree(zone: String) throws {
    let reference = try Self.run(["day", "all", "--tz", "UTC", "-f", "csv"])
    let run = try Self.run(["day", "all", "--tz", zone, "-f", "csv"])
    #expect(run.status == 0)
    #expect(run.stdout == reference.stdout)
  }

  /// The sum of a whole-number CSV column; -1 without that column or with a cell that is not a number.
  static func total(_ rows: [[String]], column: String) -> Int {
    guard let cells = CSVReader.column(column, of: rows) else { return -1 }
    let numbers = cells.compactMap { Int($0) }
    return numbers.count == cells.count ? numbers.reduce(0, +) : -1
  }

  /// date → entries of a day report's CSV rows.
  static func counts(_ rows: [[String]]) -> [String: String] {
    let dates = CSVReader.column("date", of: rows) ?? []
    let entries = CSVReader.column("entries", of: rows) ?? []
    return Dictionary(zip(dates, entries).map { ($0, $1) }, uniquingKeysWith: { first, _ in first })
  }
}
