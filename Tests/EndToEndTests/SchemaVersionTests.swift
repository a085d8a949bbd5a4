import Foundation
import Testing

/// Schema versions on the built binary (manual: journal, writing): `fmt --check` locates lines not in the current
/// version and fails, `fmt --upgrade` rewrites only those lines and is idempotent, writers write the
/// current version, and a report warns once, in one line, about lines newer than the tool — cold and
/// warm (from the parse cache) alike.
@Suite struct SchemaVersionTests {
  static func line(
    _ id: String, _ time: String, food: String = "oats", version: String? = nil, alcohol: String? = nil,
    extra: String = ""
  ) -> String {
    let energy =
      alcohol == nil
      ? #""calories":150,"protein":5,"carbohydrates":27,"fat":3,"#
      : #""calories":125,"protein":0.1,"carbohydrates":3.4,"fat":0,"alcohol":\#(alcohol!),"#
    return "{" + (version.map { #""schemaVersion":\#($0),"# } ?? "")
      + #""id":"00000000-0000-4000-8000-\#(id)","timestamp":"2026-11-\#(time)Z","rawDescription":"","#
      + #""foodName":"\#(food)","quantity":1,"unit":"serving","# + energy
      + #""confidence":1,"matchedIngredientID":null\#(extra)}"#
  }

  static func write(_ lines: [String], _ name: String, in journal: URL) throws {
    try (lines.joined(separator: "\n") + "\n").write(
      to: journal.appendingPathComponent(name), atomically: true, encoding: .utf8)
  }

  static func read(_ name: String, in journal: URL) throws -> String {
    try String(contentsOf: journal.appendingPathComponent(name), encoding: .utf8)
  }

  @Test func fmtCheckLocatesOutdatedLinesAndUpgradeRewritesOnlyThem() throws {
    let journal = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: journal) }
    let current = [
      Self.line("00000000a001", "20T08:00:00"),
      Self.line("00000000a002", "20T19:00:00", food: "red wine", version: "2", alcohol: "15.6"),
    ]
    try Self.write(current, "2026-11-20.jsonl", in: journal)
    let oats = Self.line("00000000b001", "21T08:00:00")
    let unstated = Self.line("00000000b002", "21T19:00:00", food: "red wine", alcohol: "15.60")
    let older = Self.line("00000000b003", "21T20:00:00", food: "red wine", version: "1", alcohol: "2")
    try Self.write([oats, unstated, older], "2026-11-21.jsonl", in: journal)
    let untouched = try Self.read("2026-11-20.jsonl", in: journal)

    let check = try ToolRun.run(["fmt", "--check", "--journal", journal.path])
    #expect(check.status == 1)
    #expect(check.stdout == "", "the files are in canonical form")
    let path = journal.appendingPathComponent("2026-11-21.jsonl").path
    let advice = "'demeter-report fmt --upgrade' rewrites it in version 2"
    #expect(
      check.stderrLines == [
        "\(path):2:1: error: line has \"alcohol\", which schema version 2 added, but says version 1; "
          + "\(advice)",
        "\(path):3:1: error: line has \"alcohol\", which schema version 2 added, but says version 1; "
          + "\(advice)",
      ], "\(check.stderr)")

    let plain = try ToolRun.run(["fmt", "--journal", journal.path])
    #expect(plain.status == 0 && plain.stdout == "", "\(plain.stderr)")

    let upgrade = try ToolRun.run(["fmt", "--upgrade", "--journal", journal.path])
    #expect(upgrade.status == 0, "\(upgrade.stderr)")
    #expect(upgrade.stdout == path + "\n")
    #expect(try Self.read("2026-11-20.jsonl", in: journal) == untouched)
    let upgraded = [
      oats, Self.line("00000000b002", "21T19:00:00", food: "red wine", version: "2", alcohol: "15.60"),
      Self.line("00000000b003", "21T20:00:00", food: "red wine", version: "2", alcohol: "2"),
    ]
    #expect(try Self.read("2026-11-21.jsonl", in: journal) == upgraded.joined(separator: "\n") + "\n")

    let again = try ToolRun.run(["fmt", "--upgrade", "--journal", journal.path])
    #expect(again.status == 0 && again.stdout == "" && again.stderr == "", "\(again.stderr)")
    #expect(try Self.read("2026-11-21.jsonl", in: journal) == upgraded.joined(separator: "\n") + "\n")
    #expect(try Self.read("2026-11-20.jsonl", in: journal) == untouched)
    let recheck = try ToolRun.run(["fmt", "--check", "--journal", journal.path])
    #expect(recheck.status == 0 && recheck.stderr == "", "\(recheck.stderr)")
  }

  @Test func addWritesTheVersionALineNeeds() throws {
    let journal = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: journal) }
    let add = [
      "add", "--food", "red wine", "--calories", "125", "--protein", "0.1", "--carbs", "3.4", "--fat", "0",
      "--journal", journal.path,
    ]
    let wine = try ToolRun.run(add + ["--time", "2026-11-21T19:00:00Z", "--alcohol", "15.6"])
    #expect(wine.status == 0, "\(wine.stderr)")
    let water = try ToolRun.run(add + ["--time", "2026-11-21T20:00:00Z"])
    #expect(water.status == 0, "\(water.stderr)")
    let lines = try Self.read("2026-11-21.jsonl", in: journal).split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines.first?.hasPrefix(#"{"schemaVersion":2,"id":"#) == true, "\(lines)")
    #expect(lines.last?.contains("schemaVersion") == false, "\(lines)")
    let check = try ToolRun.run(["fmt", "--check", "--journal", journal.path])
    #expect(check.status == 0 && check.stderr == "", "\(check.stderr)")
  }

  @Test func aReportWarnsOnceAboutNewerLinesColdAndWarm() throws {
    let (folder, journal) = try CacheTests.copy(ToolRun.sampleJournal)
    defer { try? FileManager.default.removeItem(at: folder) }
    let newer = [
      "2026-11-17.jsonl": [Self.line("00000000c001", "17T23:00:00", version: "4", extra: #","mood":"ok""#)],
      "2026-11-18.jsonl": [
        Self.line("00000000c002", "18T23:00:00", version: "4"),
        Self.line("00000000c003", "18T23:30:00", version: "4"),
      ],
    ]
    // The same lines without their version: what the newer lines must count for.
    let (plainFolder, plainJournal) = try CacheTests.copy(ToolRun.sampleJournal)
    defer { try? FileManager.default.removeItem(at: plainFolder) }
    var first = ""
    for (name, lines) in newer {
      let file = try #require(CacheTests.dayFiles(journal).first { $0.lastPathComponent == name })
      let existing = try String(contentsOf: file, encoding: .utf8)
      if name == "2026-11-17.jsonl" {
        first = "\(file.path):\(existing.split(separator: "\n").count + 1)"
      }
      try (existing + lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
      let plainFile = plainJournal.appendingPathComponent(
        String(file.path.dropFirst(journal.path.count + 1)))
      let plainLines = lines.map { $0.replacingOccurrences(of: #""schemaVersion":4,"#, with: "") }
      try (existing + plainLines.joined(separator: "\n") + "\n").write(
        to: plainFile, atomically: true, encoding: .utf8)
    }
    try CacheTests.age(journal)
    let warning =
      "demeter-report: warning: 3 lines of the journal say a schema version newer than this tool knows (3), "
      + "the first at \(first); read as far as possible — update demeter-report"

    let report = ["week", "2026-W47", "-f", "csv"]
    let expected = try CacheTests.run(report, journal: plainJournal, cache: false)
    #expect(expected.status == 0 && expected.stderr == "", "\(expected)")
    let cold = try CacheTests.run(report, journal: journal)
    #expect(!CacheTests.entries(journal).isEmpty, "the cold run wrote the cache")
    let warm = try CacheTests.run(report, journal: journal)
    let uncached = try CacheTests.run(report, journal: journal, cache: false)
    for run in [cold, warm, uncached] {
      #expect(run.status == 0)
      #expect(run.stderr == warning + "\n", "\(run)")
      #expect(run.stdout == expected.stdout, "the newer lines are read as far as possible")
    }
    let quiet = try CacheTests.run(report + ["--quiet"], journal: journal)
    #expect(quiet.stderr == "" && quiet.stdout == expected.stdout, "\(quiet)")
  }
}
