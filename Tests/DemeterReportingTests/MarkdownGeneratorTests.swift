import DemeterCore
import DemeterReporting
import MarkdownReport
import Testing

/// `MarkdownGenerator` (manual: output): tables never break, whatever the journal's strings.
@Suite struct MarkdownGeneratorTests {
  typealias F = JournalFixtures

  func markdown(_ report: ReportModel) throws -> String {
    String(decoding: try MarkdownGenerator().render(report, options: RenderOptions()), as: UTF8.self)
  }

  /// The number of `|` in `line` not escaped by a backslash.
  func unescapedPipes(_ line: Substring) -> Int {
    var count = 0
    var backslashes = 0
    for character in line {
      if character == "|", backslashes % 2 == 0 { count += 1 }
      backslashes = character == "\\" ? backslashes + 1 : 0
    }
    return count
  }

  /// The tables of `text`: runs of consecutive lines starting with `|`.
  func tables(_ text: String) -> [[Substring]] {
    var tables: [[Substring]] = []
    var current: [Substring] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("|") {
        current.append(line)
      } else if !current.isEmpty {
        tables.append(current)
        current = []
      }
    }
    if !current.isEmpty { tables.append(current) }
    return tables
  }

  @Test(arguments: ["hostile", "sample", "wide"])
  func everyTableRowHasTheHeadersColumnCount(name: String) throws {
    let report =
      name == "hostile" ? F.hostileWeekReport() : name == "sample" ? F.sampleWeek : F.wideWeekReport()
    let found = tables(try markdown(report))
    let expectedTables = report.tables.filter { !$0.rows.isEmpty }.count + (report.summary.isEmpty ? 0 : 1)
    #expect(found.count == expectedTables)
    for table in found {
      let header = unescapedPipes(table[0])
      #expect(table.count >= 3)
      #expect(table[1].allSatisfy { "|-:".contains($0) }, "\(table[1])")
      for row in table {
        #expect(unescapedPipes(row) == header, "\(row)")
        #expect(row.hasSuffix("|"), "\(row)")
      }
    }
  }

  @Test func tablesShowTheReaderColumns() throws {
    let report = F.weekReport()
    let table = try #require(tables(try markdown(report)).dropFirst().first)
    #expect(
      table[0] == "| Week | Entries | Days | kcal | Protein g | Carbs g | Fat g | kcal/day | Conf. | Low |")
    #expect(table[1] == "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    #expect(table[2] == "| 2026-W47 | 4 | 2 | 1446 | 60.8 | 169.0 | 58.8 | 723 | 0.71 | 1 |")
  }

  @Test func hostileStringsAreEscaped() throws {
    let text = try markdown(F.hostileWeekReport())
    #expect(text.contains("\\<script\\>alert(1)\\</script\\>"))
    #expect(text.contains("pipe \\| in \\| name"))
    #expect(text.contains("\\*bold\\* \\_it\\_ \\`code\\`"))
    #expect(text.contains("new line"))
    #expect(!text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{0}" || $0 == "\u{202E}" })
    // The only raw HTML is the template's own line break in list items.
    let characters = Array(text)
    let rawTags = characters.indices.filter { index in
      characters[index] == "<" && (index == 0 || characters[index - 1] != "\\")
    }.map { String(characters[$0..<min($0 + 4, characters.count)]) }
    #expect(!rawTags.isEmpty)
    #expect(rawTags.allSatisfy { $0 == "<br>" }, "\(rawTags)")
  }

  @Test func documentHasTitlePeriodSummaryAndLists() throws {
    let text = try markdown(F.weekReport())
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first == "# Week 2026-W47")
    #expect(lines.contains("_2026-11-16 to 2026-11-22_"))
    #expect(lines.contains("## Summary"))
    #expect(lines.contains("| Calories (kcal) | 1446 |"))
    #expect(lines.contains("## Entries to review (1)"))
    #expect(
      lines.contains(
        "- 2026-11-18 19:00 a big bowl of stew<br>id e3 · mystery stew · low confidence 0.30 · unmatched · "
          + "2026-11-18T19:00:00-05:00"
      ))
    #expect(!lines.contains { $0.hasPrefix("## Calories that disagree") })
  }

  @Test func cutListsSayHowManyMore() throws {
    let rows = (0..<5).map {
      F.entry("2026-11-17", "1\($0):00", id: "r\($0)", confidence: "0.1", line: $0 + 1)
    }
    let report = F.bucketReport(
      .week, F.period("2026-11-16", "2026-11-22"), entries: F.entries(rows),
      options: AggregationOptions(reviewLimit: 2)
    ).report
    let text = try markdown(report)
    #expect(text.contains("## Entries to review (5)"))
    #expect(text.contains("- … and 3 more"))
  }

  @Test func negativeChangesAreNotEscaped() throws {
    let rows = F.weekRows + [F.entry("2026-11-10", id: "p1", calories: "1000", carbohydrates: "250", line: 9)]
    let report = F.bucketReport(.week, F.period("2026-11-16", "2026-11-22"), entries: F.entries(rows)).report
    #expect(try markdown(report).contains("| Change in kcal/day vs previous | -277 |"))
  }
}
