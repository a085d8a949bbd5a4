@testable import DemeterCommandLine
import DemeterCore
import DemeterReports
import Foundation
import Testing

/// `review` on a terminal (issue 47; manual: reviewing), its logic driven in-process by scripted keys
/// and lines on `ReviewCommandTests`' journal, whose queue is the energy-inconsistent entry (12:00)
/// then the low-confidence one (08:00).
@Suite struct ReviewWalkTests {
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
    let (folder, journal, file) = try ReviewCommandTests.journal()
    defer { try? FileManager.default.removeItem(at: folder) }
    let before = try linesByID(file)
    var console = Console.capturing()
    let context = try JournalContext(folder: journal.path, settings: ReportSettings(), quiet: true, &console)
    let queue = try ReportMaker.reviewQueue(context, settings: ReportSettings(), usesCache: false)
    #expect(queue.entries.map(\.id) == [ReviewCommandTests.energy, ReviewCommandTests.lowConfidence])
    var walk = ReviewWalk(
      terminal: ScriptedTerminal(keys: keys, lines: lines), entries: FoodEntryRepository(journal: journal.path),
      catalog: ReviewCommand.catalog(JournalLayout(journal: journal.path)), tolerance: queue.tolerance)
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
    #expect(terminal.output.contains("[1/2] \(ReviewCommandTests.energy)  2026-11-21 12:00\n  banana  118 g  500 kcal\n"))
    #expect(terminal.output.contains("energy inconsistent: 500 kcal stated, 100 from macros"))
    #expect(lines[ReviewCommandTests.energy]?.hasSuffix(#","reviewed":true}"#) == true)
    #expect(lines[ReviewCommandTests.lowConfidence] == before[ReviewCommandTests.lowConfidence])
  }

  @Test func quitKeepsWhatWasDoneAndCountsWhatIsLeft() throws {
    let (terminal, tally, lines, before) = try Self.walk(keys: "aq")
    #expect(tally == .init(accepted: 1, left: 1))
    #expect(terminal.output.hasSuffix("1 accepted, 1 left\n"))
    #expect(lines[ReviewCommandTests.energy]?.contains(#""reviewed":true"#) == true)
    #expect(lines[ReviewCommandTests.lowConfidence] == before[ReviewCommandTests.lowConfidence])
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
    #expect(terminal.output.contains("edited \(ReviewCommandTests.energy): 236 g, 1000 kcal\n"), "\(terminal.output)")
    let line = try #require(lines[ReviewCommandTests.energy])
    #expect(line.contains(#""quantity":236,"unit":"g","calories":1000,"protein":0,"carbohydrates":50,"fat":0"#), "\(line)")
    #expect(line.contains(#""note":"amount was 118 g""#), "\(line)")
    #expect(line.hasSuffix(#","reviewed":true}"#))
  }

  @Test func matchPicksAFoodByNumberOrTakesAnID() throws {
    let catalog = ReviewCommand.catalog(JournalLayout(journal: "/nonexistent"))
    let first = try #require(catalog.candidates(for: "banana").first).ingredient
    let (terminal, tally, lines, _) = try Self.walk(keys: "mmm", lines: ["", "banana", "1", "usda-sr-09040"])
    #expect(tally == .init(matched: 2))
    #expect(terminal.output.contains("  1. \(first.name) (\(first.id), "), "\(terminal.output)")
    let energy = try #require(lines[ReviewCommandTests.energy])
    #expect(energy.contains(#""matchedIngredientID":"\#(first.id)""#), "\(energy)")
    #expect(energy.contains(#""note":"was matched to usda-sr-09040: 500 kcal calories"#), "\(energy)")
    let low = try #require(lines[ReviewCommandTests.lowConfidence])
    #expect(low.contains(#""calories":105,"#), "\(low)")
    #expect(low.hasSuffix(#","reviewed":true}"#))
  }

  @Test func anEmptyQueueSaysSo() throws {
    var walk = ReviewWalk(
      terminal: ScriptedTerminal(keys: "a"), entries: FoodEntryRepository(journal: "/nonexistent"),
      catalog: ReviewCommand.catalog(JournalLayout(journal: "/nonexistent")), tolerance: .init())
    try walk.walk([])
    #expect(walk.terminal.output == "Nothing to review.\n")
  }
}
