import Foundation
import Testing

/// An entry's own alcohol from the command line: `add --alcohol` and `edit --alcohol` write it where
/// `fmt` would, the energy check counts it at 7 kcal/g (a glass of wine with its alcohol is not
/// flagged), and a negative amount is refused with nothing written.
@Suite struct EntryAlcoholTests {
  static let flagged =
    #"{"value":"energy_inconsistent","display":"energy_inconsistent"},{"value":1,"display":"1"}"#

  @Test func addAndEditWriteItAndTheEnergyCheckCountsIt() throws {
    let journal = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: journal) }
    let wine = [
      "add", "--food", "red wine", "--unit", "glass", "--calories", "125", "--protein", "0.1", "--carbs",
      "3.4",
      "--fat", "0", "--time", "2026-11-21T19:00:00Z", "--journal", journal.path,
    ]
    let add = try ToolRun.run(wine + ["--alcohol", "15.60"])
    #expect(add.status == 0, "\(add.stderr)")
    let file = journal.appendingPathComponent("2026-11-21.jsonl")
    let written = try String(contentsOf: file, encoding: .utf8)
    #expect(written.contains(#""fat":0,"alcohol":15.6,"confidence":1"#), "\(written)")
    let format = try ToolRun.run(["fmt", "--check", "--journal", journal.path])
    #expect(format.status == 0, "\(format.stderr)")
    func isFlagged() throws -> Bool {
      let run = try ToolRun.run([
        "day", "2026-11-21", "-f", "json", "--journal", journal.path, "--today", "2026-11-21",
      ])
      #expect(run.status == 0, "\(run.stderr)")
      return run.stdout.contains(Self.flagged)
    }
    #expect(try !isFlagged())

    let id = try #require(written.firstMatch(of: /"id":"([0-9a-f-]{36})"/)?.output.1)
    let edit = try ToolRun.run(["edit", String(id), "--alcohol", "1", "--journal", journal.path])
    #expect(edit.status == 0, "\(edit.stderr)")
    #expect(try String(contentsOf: file, encoding: .utf8).contains(#""fat":0,"alcohol":1,"confidence":1"#))
    #expect(try isFlagged())

    let before = try String(contentsOf: file, encoding: .utf8)
    let negative = try ToolRun.run(wine + ["--alcohol", "-2"])
    #expect(negative.status != 0)
    #expect(negative.stderr.contains(#""alcohol" must be a finite number ≥ 0, got -2"#), "\(negative.stderr)")
    #expect(try String(contentsOf: file, encoding: .utf8) == before)
  }
}
