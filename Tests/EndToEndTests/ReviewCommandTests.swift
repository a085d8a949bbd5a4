import Foundation
import Testing

/// `review` (issue 47; manual: reviewing): the reasons an entry is to review, unmatched entries counted
/// rather than listed unless asked, `--accept` and `--match` writing through the journal's lock and
/// transaction, and reports that stop listing reviewed entries.
@Suite struct ReviewCommandTests {
  static let lowConfidence = "a1000000-0000-4000-8000-000000000001"
  static let energy = "b2000000-0000-4000-8000-000000000002"
  static let unmatched = "c3000000-0000-4000-8000-000000000003"
  static let fine = "d4000000-0000-4000-8000-000000000004"
  static let serving = "e5000000-0000-4000-8000-000000000005"

  static func line(
    _ id: String, hour: Int, food: String = "banana", quantity: String = "118", unit: String = "g",
    calories: String = "100", carbohydrates: String = "25", confidence: String = "0.9",
    ingredient: String? = "usda-sr-09040"
  ) -> String {
    #"{"id":"\#(id)","timestamp":"2026-11-21T\#(hour < 10 ? "0" : "")\#(hour):00:00Z","rawDescription":"","#
      + #""foodName":"\#(food)","quantity":\#(quantity),"unit":"\#(unit)","calories":\#(calories),"protein":0,"#
      + #""carbohydrates":\#(carbohydrates),"fat":0,"confidence":\#(confidence),"#
      + #""matchedIngredientID":\#(ingredient.map { "\"\($0)\"" } ?? "null")}"#
  }

  /// A journal of one day: an entry of low confidence (08:00), one whose energy is inconsistent
  /// (12:00), an unmatched one (10:00), an unmatched one in servings (11:00) and a fine one (09:00).
  static func journal() throws -> (folder: URL, journal: URL, file: URL) {
    let folder = try ToolRun.makeTemporaryDirectory()
    let journal = folder.appendingPathComponent("journal")
    try FileManager.default.createDirectory(at: journal, withIntermediateDirectories: true)
    let file = journal.appendingPathComponent("2026-11-21.jsonl")
    let lines = [
      line(lowConfidence, hour: 8, confidence: "0.3"),
      line(fine, hour: 9),
      line(unmatched, hour: 10, food: "banana, fresh", ingredient: nil),
      line(serving, hour: 11, food: "banana bread", quantity: "1", unit: "serving", ingredient: nil),
      line(energy, hour: 12, calories: "500"),
    ]
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
    return (folder, journal, file)
  }

  static func review(_ journal: URL, _ arguments: [String] = []) throws -> ToolRun {
    try ToolRun.run(["review", "--journal", journal.path] + arguments, binary: true)
  }

  @Test func listsEachReasonNewestFirstAndCountsUnmatchedEntries() throws {
    let (folder, journal, _) = try Self.journal()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try Self.review(journal)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stdout.split(separator: "\n") == [
        "\(Self.energy)  2026-11-21 12:00  banana  energy inconsistent: 500 kcal stated, 100 from macros",
        "\(Self.lowConfidence)  2026-11-21 08:00  banana  low confidence 0.30",
      ])
    #expect(
      run.stderr
        == "2 entries to review; 2 entries without a matched ingredient are counted, not listed "
        + "(--review unmatched lists them)\n")
  }

  @Test func reviewUnmatchedListsThemWithTheirReason() throws {
    let (folder, journal, _) = try Self.journal()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try Self.review(journal, ["--review", "unmatched"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.split(separator: "\n").map { $0.prefix(36) } == [
      Self.energy, Self.serving, Self.unmatched, Self.lowConfidence,
    ].map { Substring($0) })
    #expect(run.stdout.contains("\(Self.unmatched)  2026-11-21 10:00  banana, fresh  unmatched\n"))
    #expect(run.stderr == "4 entries to review\n")
    let wrong = try Self.review(journal, ["--review", "everything"])
    #expect(wrong.status == 2)
    #expect(wrong.stderr.contains("--review takes 'unmatched' (got 'everything')"))
  }

  @Test func acceptMarksTheLinesReviewedAndReportsStopListingThem() throws {
    let (folder, journal, file) = try Self.journal()
    defer { try? FileManager.default.removeItem(at: folder) }
    let report = ["day", "2026-11-21", "--journal", journal.path, "--today", "2026-11-21"]
    #expect(try ToolRun.run(report).stdout.contains(Self.lowConfidence))
    let before = try String(contentsOf: file, encoding: .utf8)
    let accept = try Self.review(journal, ["--accept", String(Self.lowConfidence.prefix(8)), Self.energy])
    #expect(accept.status == 0, "\(accept.stderr)")
    #expect(accept.stdout == "reviewed \(Self.lowConfidence)\nreviewed \(Self.energy)\n")
    let after = try String(contentsOf: file, encoding: .utf8)
    let lines = after.split(separator: "\n").map(String.init)
    #expect(lines[0] == #"{"schemaVersion":3,"# + Self.line(Self.lowConfidence, hour: 8, confidence: "0.3").dropFirst().dropLast() + #","reviewed":true}"#)
    // Other lines stay byte-identical.
    #expect(Array(lines[1...3]) == Array(before.split(separator: "\n").map(String.init)[1...3]))
    #expect(try Self.review(journal).stdout == "")
    let listed = try ToolRun.run(report)
    #expect(listed.status == 0, "\(listed.stderr)")
    #expect(!listed.stdout.contains(Self.lowConfidence) && !listed.stdout.contains(Self.energy))
    // The strict decoder knows the key: no warning, and the line is current.
    let check = try ToolRun.run(["check", "--strict", "--journal", journal.path])
    #expect(check.status == 0 && !check.stderr.contains("warning"), "\(check.stderr)")
    #expect(try ToolRun.run(["fmt", "--check", "--journal", journal.path]).status == 0)
  }

  @Test func anUnknownIDWritesNothing() throws {
    let (folder, journal, file) = try Self.journal()
    defer { try? FileManager.default.removeItem(at: folder) }
    let before = try Data(contentsOf: file)
    let run = try Self.review(journal, ["--accept", Self.lowConfidence, "f6000000-0000-4000-8000-000000000006"])
    #expect(run.status == 2)
    #expect(run.stderr.contains("entry with id f6000000-0000-4000-8000-000000000006"), "\(run.stderr)")
    #expect(try Data(contentsOf: file) == before)
    #expect(try Self.review(journal, ["--accept"]).status == 2)
  }

  @Test func matchRecomputesTheNutritionAndKeepsTheOldValuesInTheNote() throws {
    let (folder, journal, file) = try Self.journal()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try Self.review(journal, ["--match", Self.unmatched, "usda-sr-09040"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout == "matched \(Self.unmatched)\n")
    #expect(run.stderr.hasPrefix("demeter-report: took "), "\(run.stderr)")
    let line = try #require(
      try String(contentsOf: file, encoding: .utf8).split(separator: "\n").first { $0.contains(Self.unmatched) })
    #expect(line.contains(#""foodName":"banana, fresh","quantity":118,"unit":"g","calories":105.0"#) || line.contains(#""calories":105,"#), "\(line)")
    #expect(line.contains(#""matchedIngredientID":"usda-sr-09040""#), "\(line)")
    #expect(line.contains(#""note":"was unmatched: 100 kcal calories, 0 g protein, 25 g carbohydrates, 0 g fat""#), "\(line)")
    #expect(line.hasSuffix(#","reviewed":true}"#), "\(line)")
    let listed = try Self.review(journal, ["--review", "unmatched"])
    #expect(!listed.stdout.contains(Self.unmatched))
  }

  @Test func matchRefusesAnAmountTheFoodCannotWeighOrAnUnknownFood() throws {
    let (folder, journal, file) = try Self.journal()
    defer { try? FileManager.default.removeItem(at: folder) }
    let before = try Data(contentsOf: file)
    let serving = try Self.review(journal, ["--match", Self.serving, "usda-sr-09040"])
    #expect(serving.status == 2)
    #expect(serving.stderr.contains("'demeter-report edit \(Self.serving) --quantity N --unit g'"), "\(serving.stderr)")
    let unknown = try Self.review(journal, ["--match", Self.unmatched, "zzzzqqq-no-such-food"])
    #expect(unknown.status == 2, "\(unknown.stderr)")
    #expect(try Self.review(journal, ["--match", Self.unmatched]).status == 2)
    #expect(try Data(contentsOf: file) == before)
  }

  /// The recipe journal's soup went from 4 to 5 servings after two entries were logged from it.
  @Test func entriesWhoseRecipeChangedAreListedUntilAccepted() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let journal = folder.appendingPathComponent("journal")
    try FileManager.default.copyItem(at: ToolRun.fixtures.appendingPathComponent("recipe-journal"), to: journal)
    let run = try Self.review(journal)
    #expect(run.status == 0, "\(run.stderr)")
    let changed = run.stdout.split(separator: "\n").filter { $0.hasSuffix("recipe changed since it was logged") }
    #expect(changed.map { $0.split(separator: " ")[1] } == ["2026-11-19", "2026-11-17"], "\(run.stdout)")
    let id = String(try #require(changed.first?.prefix(36)))
    #expect(try Self.review(journal, ["--accept", id]).status == 0)
    let after = try Self.review(journal)
    #expect(!after.stdout.contains(id))
    #expect(after.stdout.split(separator: "\n").count == run.stdout.split(separator: "\n").count - 1)
  }

  /// The built binary: exit status, stdout and the file written.
  @Test func acceptEndToEnd() throws {
    let (folder, journal, file) = try Self.journal()
    defer { try? FileManager.default.removeItem(at: folder) }
    let accept = try ToolRun.run(
      ["review", "--journal", journal.path, "--accept", Self.energy], binary: true)
    #expect(accept.status == 0, "\(accept.stderr)")
    #expect(accept.stdout == "reviewed \(Self.energy)\n")
    #expect(try String(contentsOf: file, encoding: .utf8).contains(#","reviewed":true}"#))
    let list = try ToolRun.run(["review", "--journal", journal.path, "--quiet"], binary: true)
    #expect(list.status == 0)
    #expect(list.stdout.split(separator: "\n").map { $0.prefix(36) } == [Substring(Self.lowConfidence)])
  }
}
