import Foundation
import Testing

/// Top foods in a report fold letter case and Unicode normalisation (issue 15): `Fettuccine alfredo`
/// and `fettuccine alfredo` are one food, `café` written precomposed (NFC) and decomposed (NFD) too,
/// shown under the most common spelling.
@Suite struct FoodNameGroupingTests {
  @Test func spellingsOfOneFoodAreOneRow() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let names = [
      "Fettuccine alfredo", "fettuccine alfredo", "fettuccine alfredo", "caf\u{E9}", "cafe\u{301}",
    ]
    let lines = names.enumerated().map { index, name in
      """
      {"id":"00000000-0000-4000-8000-00000000000\(index)","timestamp":"2026-11-21T1\(index):00:00-05:00",\
      "rawDescription":"x","foodName":"\(name)","quantity":1,"unit":"plate","calories":100,"protein":5,\
      "carbohydrates":10,"fat":4.4,"confidence":0.9,"matchedIngredientID":"x"}
      """
    }
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(
      to: folder.appendingPathComponent("2026-11-21.jsonl"))
    let report = try ReportJSON(["day", "2026-11-21", "--journal", folder.path])
    let rows = report.rows("top-foods-by-count")
    #expect(rows.count == 2)
    #expect(rows.first?["food"] as? String == "fettuccine alfredo")
    #expect(rows.first?["entries"] as? Int == 3)
    #expect(rows.first?["calories"] as? Double == 300)
    #expect(rows.last?["entries"] as? Int == 2)
  }
}
