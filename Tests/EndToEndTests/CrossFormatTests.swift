import Foundation
import ReportFormats
import TestSupport
import Testing

/// Every format shows the same numbers for the same report (manual: reports): the week of the sample journal
/// read back from each format's output.
@Suite struct CrossFormatTests {
  static let arguments = ["week", "2026-W47", "--journal", ToolRun.sampleJournal, "--today", "2026-11-21"]

  static func output(_ format: String) throws -> String {
    let run = try ToolRun.run(arguments + ["-f", format])
    #expect(run.status == 0, "\(format): \(run.stderr)")
    return run.stdout
  }

  /// The first capture of `regex` in `text` as a number.
  static func number(_ text: String, _ regex: Regex<(Substring, Substring)>) -> Double? {
    text.firstMatch(of: regex).flatMap { Double($0.output.1) }
  }

  /// Every built-in format (those to come too) shows the week, its entry count and its calories.
  @Test(arguments: BuiltInFormats.names)
  func everyFormatShowsTheWeeksTotals(format: String) throws {
    let output = try Self.output(format)
    #expect(output.contains("2026-W47"))
    #expect(output.contains("56"))
    #expect(output.contains("16314.5") || output.contains("16315"))
  }

  @Test func totalsAgreeAcrossFormats() throws {
    let csv = try ToolRun.run(Self.arguments + ["-f", "csv"]).csvRows()
    let csvCalories = try #require(CSVReader.column("calories", of: csv)?.first.flatMap(Double.init))
    let csvEntries = try #require(CSVReader.column("entries", of: csv)?.first.flatMap(Int.init))
    #expect(csv.count == 2)
    #expect(csvEntries == 56)
    #expect(csvCalories == 16314.5)

    // JSON: the summary facts `calories` and `entries`, and the daily table's rows add up to them.
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(try Self.output("json").utf8)) as? [String: Any])
    #expect(json["schema"] as? Int == 1)
    let summary = try #require(json["summary"] as? [[String: Any]])
    func fact(_ id: String) -> Double? {
      summary.first { $0["id"] as? String == id }?["value"] as? Double
    }
    #expect(fact("calories") == csvCalories)
    #expect(fact("entries") == Double(csvEntries))
    let tables = try #require(json["tables"] as? [[String: Any]])
    let daily = try #require(tables.first { $0["id"] as? String == "daily" })
    let columns = try #require(daily["columns"] as? [[String: Any]]).map { $0["id"] as? String }
    let rows = try #require(daily["rows"] as? [[String: Any]])
    let entriesIndex = try #require(columns.firstIndex(of: "entries"))
    let caloriesIndex = try #require(columns.firstIndex(of: "calories"))
    func cells(_ index: Int) -> [Double] {
      rows.compactMap { (($0["cells"] as? [[String: Any]])?[index])?["value"] as? Double }
    }
    #expect(rows.count == 7)
    #expect(cells(entriesIndex).reduce(0, +) == Double(csvEntries))
    #expect(abs(cells(caloriesIndex).reduce(0, +) - csvCalories) < 1e-9)

    // The readable formats show whole kilocalories.
    let shown = csvCalories.rounded()
    let markdown = try Self.output("markdown")
    #expect(Self.number(markdown, /\n\| Calories \(kcal\) \| ([0-9.]+) \|\n/) == shown)
    #expect(Self.number(markdown, /\n\| Entries \| ([0-9]+) \|\n/) == Double(csvEntries))
    #expect(Self.number(markdown, /\n\| 2026-W47 \| ([0-9]+) \|/) == Double(csvEntries))
    let text = try Self.output("text")
    #expect(Self.number(text, /\n  Calories \(kcal\) +([0-9.]+)\n/) == shown)
    #expect(Self.number(text, /\n  Entries +([0-9]+)\n/) == Double(csvEntries))
    #expect(Self.number(text, /\n  2026-W47 +([0-9]+)[ ]/) == Double(csvEntries))
    let html = try Self.output("html")
    #expect(Self.number(html, /<dt>Calories \(kcal\)<\/dt><dd>([0-9.]+)<\/dd>/) == shown)
    #expect(Self.number(html, /<dt>Entries<\/dt><dd>([0-9]+)<\/dd>/) == Double(csvEntries))
  }
}
