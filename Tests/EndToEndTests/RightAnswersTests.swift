import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Right answers and honest exit codes (issue 13 §4).
@Suite struct RightAnswersTests {
  static func entry(_ id: String, day: Int = 21, extra: String = "") -> String {
    #"{"id":"\#(id)","timestamp":"2026-11-\#(day)T08:15:00-05:00","rawDescription":"x","foodName":"x","#
      + #""quantity":1,"unit":"g","calories":100,"protein":1,"carbohydrates":1,"fat":1,"#
        + #""confidence":0.9\#(extra)}"#
  }

  static func journal(_ files: [String: String]) throws -> (folder: URL, journal: URL) {
    let folder = try ToolRun.makeTemporaryDirectory()
    let journal = folder.appendingPathComponent("journal")
    for (name, text) in files {
      let url = journal.appendingPathComponent(name)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    try FileManager.default.createDirectory(at: journal, withIntermediateDirectories: true)
    return (folder, journal)
  }

  /// `café` spelled NFC (U+00E9) and NFD (e + U+0301) are two keys, at the top and among
  /// micronutrients, on both reading paths.
  @Test func keysAreComparedByTheirBytes() throws {
    let top = Self.entry("6f0c9a52-3c1e-4a57-9a52-0d7f1d0e7b11", extra: #","caf\#u{e9}":1,"cafe\#u{301}":2"#)
    let micro = Self.entry(
      "7f0c9a52-3c1e-4a57-9a52-0d7f1d0e7b11", extra: #","micronutrients":{"caf\#u{e9}":1,"cafe\#u{301}":2}"#)
    let (folder, journal) = try Self.journal(["2026-11-21.jsonl": top + "\n" + micro + "\n"])
    defer { try? FileManager.default.removeItem(at: folder) }
    for strict in [[], ["--strict"]] {
      let check = try ToolRun.run(["check", "--journal", journal.path] + strict)
      #expect(check.status == (strict.isEmpty ? 0 : 1), "\(check.stderr)")
      #expect(check.stdout.contains("2 valid entries: 0 errors"), "\(check.stdout)")
    }
    // An edit of another field keeps both micronutrient keys.
    let edit = try ToolRun.run([
      "edit", "7f0c9a52-3c1e-4a57-9a52-0d7f1d0e7b11", "--journal", journal.path, "--calories", "5",
    ])
    #expect(edit.status == 0, "\(edit.stderr)")
    let text = try String(contentsOf: journal.appendingPathComponent("2026-11-21.jsonl"), encoding: .utf8)
    let bytes = Array(text.utf8)
    #expect(text.contains("\"calories\":5"))
    #expect(bytes.firstRange(of: Array("caf\u{e9}\":1".utf8)) != nil)
    #expect(bytes.firstRange(of: Array("cafe\u{301}\":2".utf8)) != nil)
  }

  /// `edit` and `rm` of an id in two files change nothing and name both places.
  @Test func idInTwoFilesIsRefused() throws {
    let id = "6f0c9a52-3c1e-4a57-9a52-0d7f1d0e7b11"
    let (folder, journal) = try Self.journal([
      "2026-11-21.jsonl": Self.entry(id) + "\n", "2026-11-22.jsonl": Self.entry(id, day: 22) + "\n",
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let dayFiles = { try WritingTests.snapshot(journal).filter { $0.key.hasSuffix(".jsonl") } }
    let before = try dayFiles()
    for arguments in [["rm", id], ["edit", id, "--calories", "5"]] {
      let run = try ToolRun.run(arguments + ["--journal", journal.path])
      #expect(run.status == 1, "\(arguments): \(run.stderr)")
      #expect(run.stderr.contains("is in 2 places"), "\(run.stderr)")
      #expect(run.stderr.contains("2026-11-21.jsonl:1") && run.stderr.contains("2026-11-22.jsonl:1"))
      #expect(try dayFiles() == before)
    }
  }

  @Test func lowConfidenceAboveHighIsAUsageError() throws {
    let run = try ToolRun.run(
      ["week", "--journal", ToolRun.sampleJournal, "--low-confidence", "0.9", "--high-confidence", "0.2"])
    #expect(run.status == 2)
    #expect(run.stderr.contains("the low-confidence threshold (0.9, --low-confidence) is above"))
    let (folder, journal) = try Self.journal([".demeter.json": #"{"lowConfidence":0.95}"#])
    defer { try? FileManager.default.removeItem(at: folder) }
    let config = try ToolRun.run(["week", "--journal", journal.path])
    #expect(config.status == 2)
    #expect(
      config.stderr.contains(
        "(0.95, lowConfidence in .demeter.json) is above the high-confidence threshold (0.8, default)"))
  }

  @Test func goalOutOfRangeIsTooLarge() throws {
    let run = try ToolRun.run(["week", "--journal", ToolRun.sampleJournal, "--goal-calories", "1e30"])
    #expect(run.status == 2)
    #expect(run.stderr.contains("--goal-calories is too large"))
    let (folder, journal) = try Self.journal([".demeter.json": #"{"goals":{"protein":1e30}}"#])
    defer { try? FileManager.default.removeItem(at: folder) }
    let config = try ToolRun.run(["week", "--journal", journal.path])
    #expect(config.status == 2)
    #expect(config.stderr.contains(#"goal "protein" is too large"#))
  }

  /// The week of 0000-01-01 starts in -0001; a report without a period has no date to fill in.
  @Test func placeholdersBeforeYearOne() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let template = folder.appendingPathComponent("{year}_{month}_{date}_{week}.txt").path
    let run = try ToolRun.run(["week", "0000-01-01", "--journal", ToolRun.sampleJournal, "-o", template])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path) == [
        "-0001_-0001-12_-0001-12-27_-0001-W52.txt"
      ])
    let check = try ToolRun.run([
      "check", "--journal", ToolRun.sampleJournal, "-o", folder.path + "/{date}.txt",
    ])
    #expect(check.status == 2)
    #expect(check.stderr.contains("'{date}' has no value: this report covers no period"))
  }

  /// A day file that cannot be read (a link to nothing, a link in a loop) is said and counted.
  @Test func unreadableDayFileIsCounted() throws {
    let (folder, journal) = try ToolRun.copyOfSampleJournal()
    defer { try? FileManager.default.removeItem(at: folder) }
    let day = journal.appendingPathComponent("2026-11-18.jsonl").path
    try FileManager.default.removeItem(atPath: day)
    try FileManager.default.createSymbolicLink(atPath: day, withDestinationPath: "2026-11-18.jsonl")
    let run = try ToolRun.run(["week", "2026-11-16", "--journal", journal.path, "-f", "json"])
    #expect(run.status == 0)
    #expect(run.stderr.contains("could not read 1 day file and skipped 0 invalid lines"), "\(run.stderr)")
    #expect(
      run.stdout.contains(#""id":"unreadable_files","label":"Day files that could not be read","value":1"#))
    #expect(run.stdout.contains("1 day file could not be read, so its entries are missing"))
    let fmt = try ToolRun.run(["fmt", "--journal", journal.path])
    #expect(fmt.status == 3, "\(fmt.stderr)")
    #expect(fmt.stderr.contains("Too many levels of symbolic links"))
  }

  /// A `.demeter.json` that is there but cannot be read (a folder, a link in a loop) is exit 3.
  @Test func unreadableSettingsAreAnIOError() throws {
    let (folder, journal) = try ToolRun.copyOfSampleJournal()
    defer { try? FileManager.default.removeItem(at: folder) }
    let settings = journal.appendingPathComponent(".demeter.json").path
    try FileManager.default.createSymbolicLink(atPath: settings, withDestinationPath: ".demeter.json")
    for arguments in [["week"], ["check"]] {
      let run = try ToolRun.run(arguments + ["--journal", journal.path])
      #expect(run.status == 3, "\(arguments): \(run.stderr)")
      #expect(run.stderr.contains("cannot read the journal's .demeter.json"))
    }
    try FileManager.default.removeItem(atPath: settings)
    try FileManager.default.createDirectory(atPath: settings, withIntermediateDirectories: false)
    #expect(try ToolRun.run(["week", "--journal", journal.path]).status == 3)
  }
}
