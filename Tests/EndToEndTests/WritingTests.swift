import Foundation
import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `add`, `edit`, `rm` and `fmt` on copies of journals (manual: writing, reliability): validation before any write,
/// byte-identical untouched lines, canonical formatting, locking and atomic writes.
@Suite struct WritingTests {
  /// Environment for runs: no `DEMETER_*` settings.
  static let environment = ["TZ": "UTC"]

  /// A valid entry line with `id` on `day` (2026-11-DD) at `hour`, with an unknown key.
  static func line(_ id: String, day: Int = 21, hour: Int = 8, calories: String = "182") -> String {
    #"{"unknown":{"kept":true},"id":"\#(id)","#
      + #""timestamp":"2026-11-\#(day)T\#(hour < 10 ? "0" : "")\#(hour):15:00-05:00","#
      + #""rawDescription":"eggs","foodName":"scrambled "#
        + #"eggs","quantity":2,"unit":"large","calories":\#(calories),"#
      + #""protein":12.20,"carbohydrates":2.0,"fat":13.4,"confidence":0.92}"#
  }

  static func id(_ process: Int, _ index: Int) -> String {
    String(format: "%08x-0000-4000-8000-%012x", process, index)
  }

  /// Starts the tool (or `executable`) with `arguments`, stdin read from `input`, in the package root.
  static func start(
    _ arguments: [String], input: String, in folder: URL, executable: URL = ToolRun.binary
  ) throws -> (Process, URL, URL) {
    let inputURL = folder.appendingPathComponent("stdin-\(UUID().uuidString)")
    let outURL = folder.appendingPathComponent("stdout-\(UUID().uuidString)")
    let errURL = folder.appendingPathComponent("stderr-\(UUID().uuidString)")
    try Data(input.utf8).write(to: inputURL)
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = ToolRun.packageRoot
    process.environment = ["PATH": "/usr/bin:/bin", "LANG": "C"].merging(environment) { _, new in new }
    process.standardInput = try FileHandle(forReadingFrom: inputURL)
    process.standardOutput = try FileHandle(forWritingTo: outURL)
    process.standardError = try FileHandle(forWritingTo: errURL)
    try process.run()
    return (process, outURL, errURL)
  }

  /// Runs the tool with `input` on stdin.
  static func run(_ arguments: [String], input: String, in folder: URL) throws -> ToolRun {
    let (process, outURL, errURL) = try start(arguments, input: input, in: folder)
    process.waitUntilExit()
    return ToolRun(
      status: process.terminationStatus, stdout: try String(contentsOf: outURL, encoding: .utf8),
      stderr: try String(contentsOf: errURL, encoding: .utf8))
  }

  /// Every file under `folder` (hidden ones included) with its bytes.
  static func snapshot(_ folder: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(atPath: folder.path)
    while let relative = enumerator?.nextObject() as? String {
      let url = folder.appendingPathComponent(relative)
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
        files[relative] = try Data(contentsOf: url)
      }
    }
    return files
  }

  /// A file's lines split at each `\n` byte.
  static func lines(_ path: String) throws -> [Data] {
    try Data(contentsOf: URL(fileURLWithPath: path)).split(
      separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
  }

  static func text(_ path: String) throws -> String {
    try String(contentsOfFile: path, encoding: .utf8)
  }

  // MARK: - add

  @Test func addFromOptionsAppendsOneValidLine() throws {
    let (folder, journal) = try ToolRun.copyOfSampleJournal()
    defer { try? FileManager.default.removeItem(at: folder) }
    let before = try Data(contentsOf: journal.appendingPathComponent("2026-11-21.jsonl"))
    let run = try ToolRun.run(
      [
        "add", "--journal", journal.path, "--food", "green tea", "--calories", "2", "--protein", "0",
        "--carbs",
        "0.50", "--fat", "0", "--meal", "Snack", "--time", "2026-11-21T16:00:00+01:00", "--note", "decaf",
      ], environment: Self.environment)
    #expect(run.status == 0, "\(run.stderr)")
    let id = run.stdout.trimmingCharacters(in: .newlines)
    #expect(id.wholeMatch(of: /[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/) != nil)
    let after = try String(contentsOf: journal.appendingPathComponent("2026-11-21.jsonl"), encoding: .utf8)
    let added =
      #"{"id":"\#(id)","timestamp":"2026-11-21T16:00:00+01:00","rawDescription":"","foodName":"green tea","#
      + #""quantity":1,"unit":"serving","calories":2,"protein":0,"carbohydrates":0.5,"fat":0,"confidence":1,"#
      + #""meal":"snack","note":"decaf"}"# + "\n"
    // Inserted whole where `fmt` would put it (by time), every other byte as it was.
    let place = try #require(after.range(of: added))
    #expect(place.lowerBound == after.startIndex || after[after.index(before: place.lowerBound)] == "\n")
    #expect(Data(after.replacingCharacters(in: place, with: "").utf8) == before)
    let check = try ToolRun.run(["check", "--journal", journal.path], environment: Self.environment)
    #expect(check.status == 0, "\(check.stderr)")
  }

  /// `add --ingredient ID --grams N` computes the nutrition, micronutrients included, from the
  /// journal's ingredient database.
  @Test func addFromAnIngredientComputesItsNutrition() throws {
    let (folder, journal) = try ToolRun.copyOfSampleJournal()
    defer { try? FileManager.default.removeItem(at: folder) }
    let database = journal.appendingPathComponent("ingredients.jsonl")
    try? FileManager.default.removeItem(at: database)
    try FileManager.default.copyItem(
      at: ToolRun.fixtures.appendingPathComponent("ingredients-excerpt.jsonl"), to: database)
    let run = try ToolRun.run(
      [
        "add", "--journal", journal.path, "--ingredient", "usda-sr-01001", "--grams", "14",
        "--time", "2026-11-21T07:00:00-05:00",
      ], environment: Self.environment)
    #expect(run.status == 0, "\(run.stderr)")
    let id = run.stdout.trimmingCharacters(in: .newlines)
    let last = try #require(
      try Self.text(journal.appendingPathComponent("2026-11-21.jsonl").path)
        .split(separator: "\n").first { $0.contains(id) }.map(String.init))
    // butter, salted: 717 kcal, 0.85 g protein, 0.06 g carbohydrates, 81.11 g fat per 100 g; 14 g of it.
    #expect(
      last
        == #"{"id":"\#(id)","timestamp":"2026-11-21T07:00:00-05:00","rawDescription":"","foodName":"butter,"#
          + #" salted","#
        + #""quantity":14,"unit":"g","calories":100.4,"protein":0.1,"carbohydrates":0,"fat":11.4,"fiber":0,"#
        + #""sugar":0,"confidence":1,"matchedIngredientID":"usda-sr-01001","#
          + #""micronutrients":{"sodium_mg":90.02,"#
        + #""potassium_mg":3.36,"calcium_mg":3.36,"iron_mg":0.003,"magnesium_mg":0.28,"phosphorus_mg":3.36,"#
        + #""zinc_mg":0.013,"copper_mg":0,"manganese_mg":0,"selenium_ug":0.14,"vitamin_c_mg":0,"#
        + #""vitamin_a_rae_ug":95.76,"vitamin_d_ug":0,"vitamin_e_mg":0.325,"vitamin_k_ug":0.98,"#
          + #""thiamin_mg":0.001,"#
        + #""riboflavin_mg":0.005,"niacin_mg":0.006,"vitamin_b6_mg":0,"folate_dfe_ug":0.42,"#
          + #""vitamin_b12_ug":0.024,"#
        + #""choline_mg":2.632,"cholesterol_mg":30.1,"saturated_fat_g":7.192,"monounsaturated_fat_g":2.943,"#
        + #""polyunsaturated_fat_g":0.426,"trans_fat_g":0.459,"caffeine_mg":0,"alcohol_g":0,"#
          + #""water_g":2.222}}"#
    )
    let unknown = try ToolRun.run(
      ["add", "--journal", journal.path, "--ingredient", "usda-sr-99999", "--grams", "5"],
      environment: Self.environment)
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains("no ingredient has the id or name 'usda-sr-99999'; did you mean"))
    let mixed = try ToolRun.run(
      ["add", "--journal", journal.path, "--ingredient", "usda-sr-01001", "--grams", "5", "--calories", "1"],
      environment: Self.environment)
    #expect(mixed.status == 2)
    #expect(mixed.stderr.contains("--ingredient computes --calories; leave them out"))
  }

  @Test func addWithBadOptionsIsAUsageErrorOrARuleError() throws {
    let (folder, journal) = try ToolRun.copyOfSampleJournal()
    defer { try? FileManager.default.removeItem(at: folder) }
    let before = try Self.snapshot(journal)
    let base = [
      "add", "--journal", journal.path, "--food", "x", "--protein", "0", "--carbs", "0", "--fat", "0",
    ]
    let notANumber = try ToolRun.run(base + ["--calories", "lots"], environment: Self.environment)
    #expect(notANumber.status == 2)
    #expect(notANumber.stderr.contains("--calories must be a number"))
    let negative = try ToolRun.run(base + ["--calories", "-5"], environment: Self.environment)
    #expect(negative.status == 1)
    #expect(negative.stderr.contains(#""calories" must be a finite number ≥ 0, got -5"#))
    let missing = try ToolRun.run(
      ["add", "--journal", journal.path, "--food", "x"], environment: Self.environment)
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("add needs --calories, --protein, --carbs, --fat"))
    #expect(try Self.snapshot(journal) == before)
  }

  @Test func addJSONGeneratesAMissingIDAndKeepsUnknownKeys() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let json = Self.line("x").replacingOccurrences(of: #""id":"x","#, with: "")
    let run = try ToolRun.run(
      ["add", "--journal", folder.path, "--json", json], environment: Self.environment)
    #expect(run.status == 0, "\(run.stderr)")
    let id = run.stdout.trimmingCharacters(in: .newlines)
    #expect(
      try Self.text(folder.appendingPathComponent("2026-11-21.jsonl").path)
        == #"{"id":"\#(id)","timestamp":"2026-11-21T08:15:00-05:00","rawDescription":"eggs","#
        + #""foodName":"scrambled eggs","quantity":2,"unit":"large","calories":182,"protein":12.20,"#
        + #""carbohydrates":2.0,"fat":13.4,"confidence":0.92,"unknown":{"kept":true}}"# + "\n")
    let again = try ToolRun.run(
      ["add", "--journal", folder.path, "--json", Self.line(id)], environment: Self.environment)
    #expect(again.status == 1)
    #expect(again.stderr.contains("an entry with id \"\(id)\" already exists"))
  }

  @Test func addFromStdinIsAllOrNothingWithLocatedErrors() throws {
    let (folder, journal) = try ToolRun.copyOfSampleJournal()
    defer { try? FileManager.default.removeItem(at: folder) }
    let before = try Self.snapshot(journal)
    let bad = Self.line(Self.id(1, 2), calories: "-1")
    let input = [Self.line(Self.id(1, 1)), "", bad, "{oops}", Self.line(Self.id(1, 1), day: 22)].joined(
      separator: "\n")
    let run = try Self.run(["add", "--journal", journal.path, "-"], input: input, in: folder)
    #expect(run.status == 1)
    let column = bad.utf8.count - (bad.split(separator: #""calories":"#)[1].utf8.count) + 1
    #expect(
      run.stderr.contains(#"<stdin>:3:\#(column): error: "calories" must be a finite number ≥ 0"#),
      "\(run.stderr)")
    #expect(run.stderr.contains("<stdin>:4:2: error:"))
    #expect(run.stderr.contains("<stdin>:5:1: error: duplicate id \(Self.id(1, 1)) (first at line 1)"))
    #expect(run.stdout == "")
    #expect(try Self.snapshot(journal) == before)

    let good = (1...3).map { Self.line(Self.id(2, $0), day: 20 + $0) }.joined(separator: "\r\n") + "\r\n"
    let added = try Self.run(["add", "--journal", journal.path], input: good, in: folder)
    #expect(added.status == 0, "\(added.stderr)")
    #expect(added.stdout == (1...3).map { Self.id(2, $0) + "\n" }.joined())
    #expect(try ToolRun.run(["check", "--journal", journal.path], environment: Self.environment).status == 0)
  }

  @Test func appendAfterAFileWithoutFinalNewlineDoesNotJoinLines() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("2026/2026-11-21.jsonl")
    try FileManager.default.createDirectory(
      at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
    let old = Self.line(Self.id(0, 1))
    try Data(old.utf8).write(to: path)
    let run = try ToolRun.run(
      ["add", "--journal", folder.path, "--json", Self.line(Self.id(0, 2))], environment: Self.environment)
    #expect(run.status == 0, "\(run.stderr)")
    let lines = try Self.lines(path.path).map { String(decoding: $0, as: UTF8.self) }
    #expect(lines.count == 3 && lines[0] == old && lines[2] == "")
    #expect(lines[1].contains(Self.id(0, 2)))
    let nextDay = try ToolRun.run(
      ["add", "--journal", folder.path, "--json", Self.line(Self.id(0, 3), day: 22)],
      environment: Self.environment)
    #expect(nextDay.status == 0)
    #expect(
      FileManager.default.fileExists(atPath: folder.appendingPathComponent("2026/2026-11-22.jsonl").path))
  }

  // MARK: - edit and rm

  @Test func editAndRemoveKeepOtherLinesByteIdentical() throws {
    let (folder, journal) = try ToolRun.copyOfSampleJournal()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = journal.appendingPathComponent("2026-11-21.jsonl").path
    let original = try Self.lines(path)
    let entryLines = original.indices.filter { !original[$0].isEmpty }
    let target = entryLines[entryLines.count / 2]
    let id = try #require(String(decoding: original[target], as: UTF8.self).firstMatch(of: /"id":"([^"]+)"/))
      .output.1
    let othersBefore = try Self.snapshot(journal).filter { !$0.key.hasSuffix("2026-11-21.jsonl") }

    let edit = try ToolRun.run(
      ["edit", String(id), "--journal", journal.path, "--calories", "999", "--note", "second helping"],
      environment: Self.environment)
    #expect(edit.status == 0, "\(edit.stderr)")
    let edited = try Self.lines(path)
    #expect(edited.count == original.count)
    for index in original.indices where index != target {
      #expect(edited[index] == original[index])
    }
    let editedLine = String(decoding: edited[target], as: UTF8.self)
    #expect(editedLine.contains(#""calories":999,"#) && editedLine.hasSuffix(#","note":"second helping"}"#))

    let remove = try ToolRun.run(
      ["rm", String(id), "--journal", journal.path], environment: Self.environment)
    #expect(remove.status == 0, "\(remove.stderr)")
    var expected = original
    expected.remove(at: target)
    #expect(try Self.lines(path) == expected)
    #expect(
      try Self.snapshot(journal).filter {
        !$0.key.hasSuffix("2026-11-21.jsonl") && !$0.key.hasPrefix(".demeter")
      } == othersBefore)

    for arguments in [["rm", String(id)], ["edit", String(id), "--fat", "1"]] {
      let unknown = try ToolRun.run(arguments + ["--journal", journal.path], environment: Self.environment)
      #expect(unknown.status == 2)
      #expect(unknown.stderr.contains("no entry with id \(id)"))
    }
    let invalid = try ToolRun.run(
      ["edit", Self.id(9, 9), "--journal", journal.path, "--confidence", "2"], environment: Self.environment)
    #expect(invalid.status == 2)
  }

  @Test func editBreakingARuleWritesNothing() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("2026-11-21.jsonl")
    try Data((Self.line(Self.id(0, 1)) + "\n").utf8).write(to: path)
    let before = try Data(contentsOf: path)
    let run = try ToolRun.run(
      ["edit", Self.id(0, 1), "--journal", folder.path, "--confidence", "2"], environment: Self.environment)
    #expect(run.status == 1)
    #expect(run.stderr.contains(#""confidence""#))
    #expect(try Data(contentsOf: path) == before)
  }

  // MARK: - fmt

  @Test func fmtIsIdempotentKeepsUnknownKeysAndCheckReports() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("2026-11-21.jsonl").path
    let unformatted =
      "\u{FEFF}" + Self.line(Self.id(0, 2), hour: 12) + "\r\n\r\n" + Self.line(Self.id(0, 1), hour: 7)
    try Data(unformatted.utf8).write(to: URL(fileURLWithPath: path))
    let check = try ToolRun.run(["fmt", "--check", "--journal", folder.path], environment: Self.environment)
    #expect(check.status == 1)
    #expect(check.stdout == path + "\n")
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(unformatted.utf8))

    let first = try ToolRun.run(["fmt", "--journal", folder.path], environment: Self.environment)
    #expect(first.status == 0, "\(first.stderr)")
    let formatted = try Data(contentsOf: URL(fileURLWithPath: path))
    let lines = try Self.lines(path).map { String(decoding: $0, as: UTF8.self) }
    #expect(lines.count == 3 && lines[2] == "")
    #expect(lines[0].hasPrefix(#"{"id":"\#(Self.id(0, 1))""#) && lines[1].contains(Self.id(0, 2)))
    #expect(
      lines[0].hasSuffix(
        #""protein":12.20,"carbohydrates":2.0,"fat":13.4,"confidence":0.92,"unknown":{"kept":true}}"#))

    let second = try ToolRun.run(["fmt", "--journal", folder.path], environment: Self.environment)
    #expect(second.status == 0 && second.stdout == "")
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == formatted)
    let clean = try ToolRun.run(
      ["fmt", "--check", path, "--journal", folder.path], environment: Self.environment)
    #expect(clean.status == 0 && clean.stdout == "")
  }

  @Test func fmtLeavesAFileWithInvalidLinesUntouched() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let bad = folder.appendingPathComponent("2026-11-21.jsonl").path
    let badText = Self.line(Self.id(0, 1)) + "\n{\"id\": tru}\n"
    try Data(badText.utf8).write(to: URL(fileURLWithPath: bad))
    let good = folder.appendingPathComponent("2026-11-22.jsonl").path
    try Data((Self.line(Self.id(0, 2), day: 22) + "\n").utf8).write(to: URL(fileURLWithPath: good))
    let run = try ToolRun.run(["fmt", "--journal", folder.path], environment: Self.environment)
    #expect(run.status == 1)
    #expect(run.stderr.contains("\(bad):2:8: error:"))
    #expect(run.stderr.contains("\(bad) has invalid lines; left unchanged"))
    #expect(try Self.text(bad) == badText)
    #expect(try Self.text(good).hasPrefix(#"{"id":""#))
  }
}
