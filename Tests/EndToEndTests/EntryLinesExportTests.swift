import Foundation
import Testing

/// `entries -f jsonl` (manual: output): every entry as its journal line, so that piping it into
/// `add -` in an empty journal rebuilds the journal.
@Suite struct EntryLinesExportTests {
  static let everything = "all"

  /// Lines with every kind of key: optional fields, tags, micronutrients, a note, schemaVersion,
  /// unknown keys (in an order `fmt` changes) and number literals as written.
  static let richLines = [
    #"{"id":"00000000-0000-4000-8000-00000000e001","timestamp":"2026-11-05T08:15:00-05:00","#
      + #""rawDescription":"eggs, two","foodName":"scrambled "#
        + #"eggs","quantity":2,"unit":"large","calories":182,"protein":12.20,"carbohydrates":2.0,"#
          + #""fat":13.4,"fiber":0,"sugar":1.5,"confidence":0.92,"matchedIngredientID":"usda-sr-01132","#
            + #""meal":"breakfast","tags":["home","eggs"],"micronutrients":{"sodium_mg":310,"#
              + #""vitamin_d_ug":2.2},"note":"with \"butter\"\nand chives"}"#,
    #"{"zeta":[1,{"b":null}],"schemaVersion":1,"id":"00000000-0000-4000-8000-00000000e002","#
      + #""timestamp":"2026-11-05T12:30:00Z","rawDescription":"","foodName":"soup","quantity":1,"#
        + #""unit":"bowl","calories":90,"protein":2,"carbohydrates":13,"fat":1,"confidence":1,"#
          + #""matchedIngredientID":null,"alpha":"kept"}"#,
    #"{"id":"00000000-0000-4000-8000-00000000e003","timestamp":"2026-11-06T19:00:00+09:00","#
      + #""rawDescription":"ramen","foodName":"ラーメン","quantity":1e0,"unit":"bowl","calories":500,"#
        + #""protein":20,"carbohydrates":70,"fat":15,"confidence":0.5}"#,
  ]

  /// Every day file (`YYYY-MM-DD.jsonl`) of `folder` by name, with its bytes.
  static func dayFiles(_ folder: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    for case let relative as String in FileManager.default.enumerator(atPath: folder.path)!
    where relative.hasSuffix(".jsonl") && !relative.hasPrefix(".") {
      let name = (relative as NSString).lastPathComponent
      guard name.first?.isNumber == true else { continue }
      files[name] = try Data(contentsOf: folder.appendingPathComponent(relative))
    }
    return files
  }

  /// Exports `journal` with `entries -f jsonl`, adds the lines to a new journal with `add -`, runs
  /// `fmt` on both and returns their day files.
  static func roundTrip(_ journal: URL, in folder: URL) throws -> (
    original: [String: Data], rebuilt: [String: Data], exported: String
  ) {
    let export = try ToolRun.run(["entries", everything, "-f", "jsonl", "--journal", journal.path, "--quiet"])
    try #require(export.status == 0, "\(export.stderr)")
    let rebuilt = folder.appendingPathComponent("rebuilt")
    try FileManager.default.createDirectory(at: rebuilt, withIntermediateDirectories: true)
    let add = try WritingTests.run(
      ["add", "-", "--journal", rebuilt.path, "--quiet"], input: export.stdout, in: folder)
    try #require(add.status == 0, "\(add.stderr)")
    for target in [journal, rebuilt] {
      let fmt = try ToolRun.run(["fmt", "--journal", target.path, "--quiet"])
      try #require(fmt.status == 0, "\(fmt.stderr)")
    }
    return (try dayFiles(journal), try dayFiles(rebuilt), export.stdout)
  }

  @Test func everyKeyRoundTripsByteForByte() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let journal = folder.appendingPathComponent("journal")
    try FileManager.default.createDirectory(at: journal, withIntermediateDirectories: true)
    let add = try WritingTests.run(
      ["add", "-", "--journal", journal.path, "--quiet"], input: Self.richLines.joined(separator: "\n"),
      in: folder)
    try #require(add.status == 0, "\(add.stderr)")
    let (original, rebuilt, exported) = try Self.roundTrip(journal, in: folder)
    #expect(original.count == 2)
    #expect(rebuilt == original)
    let lines = exported.split(separator: "\n").map(String.init)
    #expect(lines.count == 3)
    #expect(lines[0].hasPrefix(#"{"id":"00000000-0000-4000-8000-00000000e001","#))
    #expect(
      lines[0].hasSuffix(
        #""tags":["home","eggs"],"micronutrients":{"sodium_mg":310,"vitamin_d_ug":2.2},"note":"with "#
          + #"\"butter\"\nand chives"}"#
      ))
    #expect(lines[0].contains(#""protein":12.20,"carbohydrates":2.0,"#), "number literals as written")
    #expect(
      lines[1]
        == #"{"schemaVersion":1,"id":"00000000-0000-4000-8000-00000000e002","#
          + #""timestamp":"2026-11-05T12:30:00Z","rawDescription":"","foodName":"soup","quantity":1,"#
            + #""unit":"bowl","calories":90,"protein":2,"carbohydrates":13,"fat":1,"confidence":1,"#
              + #""matchedIngredientID":null,"zeta":[1,{"b":null}],"alpha":"kept"}"#
    )
  }

  @Test func theSampleJournalRoundTrips() throws {
    let (folder, journal) = try ToolRun.copyOfSampleJournal()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (original, rebuilt, _) = try Self.roundTrip(journal, in: folder)
    // An entry stored in another date's file moves to its own date's file: compare all lines.
    func lines(_ files: [String: Data]) -> [Substring] {
      files.values.flatMap { String(decoding: $0, as: UTF8.self).split(separator: "\n") }.sorted()
    }
    #expect(!original.isEmpty)
    #expect(lines(rebuilt) == lines(original))
  }

  @Test func theBuiltInSampleExportsItsLines() throws {
    let run = try ToolRun.run(["entries", "all", "--sample", "--today", "2026-11-22", "-f", "jsonl"])
    #expect(run.status == 0, "\(run.stderr)")
    let lines = run.stdout.split(separator: "\n")
    #expect(lines.count > 100 && lines.allSatisfy { $0.hasPrefix(#"{"id":""#) })
  }
}
