import DemeterCore
import DemeterReports
import Foundation
import Testing

/// `review` on a terminal (issue 47; manual: reviewing), its logic driven by scripted keys and lines
/// on a journal of one day whose queue is an energy-inconsistent entry (12:00) then a low-confidence
/// one (08:00), beside an entry that is fine (09:00).
@Suite struct ReviewWalkTests {
  static let energy = "b2000000-0000-4000-8000-000000000002"
  static let lowConfidence = "a1000000-0000-4000-8000-000000000001"

  /// The journal: a folder holding `2026-11-21.jsonl`.
  static func journal() throws -> (folder: URL, file: URL) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("walk-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("2026-11-21.jsonl")
    let lines = [(lowConfidence, "08", "100", "0.3"), ("d4000000-0000-4000-8000-000000000004", "09", "100", "0.9"), (energy, "12", "500", "0.9")]
      .map { id, hour, calories, confidence in
        #"{"id":"\#(id)","timestamp":"2026-11-21T\#(hour):00:00Z","rawDescription":"","foodName":"banana","#
          + #""quantity":118,"unit":"g","calories":\#(calories),"protein":0,"carbohydrates":25,"fat":0,"#
          + #""confidence":\#(confidence),"matchedIngredientID":"usda-sr-09040"}"#
      }
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
    return (folder, file)
  }

  /// The foods of the journal at `path` and the built-in table.
  static func catalog(_ path: String) throws -> IngredientCatalog {
    var console = Console.capturing()
    return try IngredientCatalog.journal(path, builtIn: true, usesCache: false, strict: false, quiet: true, &console)
  }

  /// Keys and lines given in advance; what the walk writes, kept.
  struct ScriptedTerminal: ReviewTerminal {
    var keys: [UInt8]
    var lines: [String] = []
    var output = ""

    init(keys: String, lines: [String] = []) {
      self.keys = Array(keys.utf8)
      self.lines = lines
    }

    mutating func write(_ text: String) { output += text }
    mutating func key() -> UInt8? { keys.isEmpty ? nil : keys.removeFirst() }
    mutating func line() -> String? { lines.isEmpty ? nil : lines.removeFirst() }
  }

  /// Walks the test journal's queue with `keys` and `lines`; the terminal afterwards, and the
  /// journal's lines by entry id.
  static func walk(keys: String, lines: [String] = []) throws -> (
    terminal: ScriptedTerminal, tally: ReviewWalk<ScriptedTerminal>.Tally, lines: [String: String],
    before: [String: String]
  ) {
    let (journal, file) = try Self.journal()
    defer { try? FileManager.default.removeItem(at: journal) }
    let before = try linesByID(file)
    var console = Console.capturing()
    let context = try JournalContext(folder: journal.path, settings: ReportSettings(), quiet: true, &console)
    let queue = try ReportMaker.reviewQueue(context, settings: ReportSettings(), usesCache: false)
    #expect(queue.entries.map(\.id) == [energy, lowConfidence])
    var walk = ReviewWalk(
      terminal: ScriptedTerminal(keys: keys, lines: lines), entries: FoodEntryRepository(journal: journal.path),
      catalog: try Self.catalog(journal.path), tolerance: queue.tolerance)
    try walk.walk(queue.entries)
    return (walk.terminal, walk.tally, try linesByID(file), before)
  }

  static func linesByID(_ file: URL) throws -> [String: String] {
    var lines: [String: String] = [:]
    for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
      guard let range = line.range(of: #""id":""#) else { continue }
      lines[String(line[range.upperBound...].prefix(36))] = String(line)
    }
    return lines
  }

  @Test func acceptWritesAtOnceAndSkipLeavesTheEntry() throws {
    let (terminal, tally, lines, before) = try Self.walk(keys: "a ")
    #expect(tally == .init(accepted: 1, skipped: 1))
    #expect(terminal.output.hasSuffix("1 accepted, 1 skipped\n"), "\(terminal.output)")
    #expect(terminal.output.contains("[1/2] \(Self.energy)  2026-11-21 12:00\n  banana  118 g  500 kcal\n"))
    #expect(terminal.output.contains("energy inconsistent: 500 kcal stated, 100 from macros"))
    #expect(lines[Self.energy]?.hasSuffix(#","reviewed":true}"#) == true)
    #expect(lines[Self.lowConfidence] == before[Self.lowConfidence])
  }

  @Test func quitKeepsWhatWasDoneAndCountsWhatIsLeft() throws {
    let (terminal, tally, lines, before) = try Self.walk(keys: "aq")
    #expect(tally == .init(accepted: 1, left: 1))
    #expect(terminal.output.hasSuffix("1 accepted, 1 left\n"))
    #expect(lines[Self.energy]?.contains(#""reviewed":true"#) == true)
    #expect(lines[Self.lowConfidence] == before[Self.lowConfidence])
  }

  @Test func theEndOfInputQuitsWithoutWriting() throws {
    let (terminal, tally, lines, before) = try Self.walk(keys: "?x")
    #expect(tally == .init(left: 2))
    #expect(terminal.output.contains("a      accept"))
    #expect(terminal.output.contains("That key does nothing here; ? lists the keys."))
    #expect(lines == before)
  }

  @Test func editScalesTheNutritionToTheNewAmount() throws {
    let (terminal, tally, lines, _) = try Self.walk(keys: "eeq", lines: ["0", "236"])
    #expect(tally == .init(edited: 1, left: 1))
    #expect(terminal.output.contains("the new amount must be a number above 0 (got 0)"), "\(terminal.output)")
    #expect(terminal.output.contains("edited \(Self.energy): 236 g, 1000 kcal\n"), "\(terminal.output)")
    let line = try #require(lines[Self.energy])
    #expect(line.contains(#""quantity":236,"unit":"g","calories":1000,"protein":0,"carbohydrates":50,"fat":0"#), "\(line)")
    #expect(line.contains(#""note":"amount was 118 g""#), "\(line)")
    #expect(line.hasSuffix(#","reviewed":true}"#))
  }

  @Test func matchPicksAFoodByNumberOrTakesAnID() throws {
    let catalog = try Self.catalog("/nonexistent")
    let first = try #require(catalog.candidates(for: "banana").first).ingredient
    let (terminal, tally, lines, _) = try Self.walk(keys: "mmm", lines: ["", "banana", "1", "usda-sr-09040"])
    #expect(tally == .init(matched: 2))
    #expect(terminal.output.contains("  1. \(first.name) (\(first.id), "), "\(terminal.output)")
    let energy = try #require(lines[Self.energy])
    #expect(energy.contains(#""matchedIngredientID":"\#(first.id)""#), "\(energy)")
    #expect(energy.contains(#""note":"was matched to usda-sr-09040: 500 kcal calories"#), "\(energy)")
    let low = try #require(lines[Self.lowConfidence])
    #expect(low.contains(#""calories":105,"#), "\(low)")
    #expect(low.hasSuffix(#","reviewed":true}"#))
  }

  @Test func anEmptyQueueSaysSo() throws {
    var walk = ReviewWalk(
      terminal: ScriptedTerminal(keys: "a"), entries: FoodEntryRepository(journal: "/nonexistent"),
      catalog: try Self.catalog("/nonexistent"), tolerance: .init())
    try walk.walk([])
    #expect(walk.terminal.output == "Nothing to review.\n")
  }
}
