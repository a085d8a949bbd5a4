import CSVReport
import Foundation
import Testing

@testable import DemeterCore
@testable import DemeterReporting
@testable import DemeterReports

/// The rows of `entries -f csv`, made from each line as it is read (`EntryCSVRows`), are the bytes
/// the CSV format writes for the export's cells made the naive way: each entry read into an
/// `ExportedEntry` (which `ExportedEntriesTests` checks against the reference model), its cells
/// made one by one as `ReportCell`s and the rows rendered by `CSVGenerator`; on random journals
/// whose strings need quoting, guarding against formulas and terminal escaping, with Unicode,
/// escapes, tags, notes, micronutrients, repeated ids and absent optional fields.
@Suite struct EntryCSVRowsTests {
  /// Strings as JSON literals: plain, or needing quotes, a formula guard, escapes or care.
  static let strings = [
    #""plain""#, #""comma, inside""#, #""quote \" inside""#, #""line\nbreak""#, #""=SUM(A1)""#, #""+1""#,
    #""-2.5""#, #""-x""#, #""@home""#, #"" =lead""#, #""\t=tab""#, "\"é 寿司 🍣\"",
    "\"sep \u{2028} here\"",
    #""a\/b""#, #""\u00e9scaped""#, #""cr\r\nlf""#, #""semi;colon""#, #""\u001b[31mred""#,
    #""\"quoted\" first""#, #"",comma first""#,
  ]
  static let micronutrients = ["sodium_mg", "iron_mg", "vitamin,c", "zinc_mg"]

  /// Random entry lines over a few days: hostile strings in every text field, tags, notes and
  /// micronutrients on some, fibre and sugar on some, keys shuffled or spaced on some (read by the
  /// strict path), an id repeated now and then, and a line that is no entry.
  static func randomLines(count: Int, seed: UInt64) -> [String] {
    var random = SplitMix64(seed: seed)
    func chance(_ one: Int) -> Bool { Int.random(in: 0..<one, using: &random) == 0 }
    func string() -> String { strings[Int.random(in: 0..<strings.count, using: &random)] }
    func amount(_ most: Int) -> String {
      let tenths = Int.random(in: 0...(most * 10), using: &random)
      return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }
    var ids: [String] = []
    return (0..<count).map { index in
      let id =
        chance(15) && !ids.isEmpty
        ? ids[Int.random(in: 0..<ids.count, using: &random)]
        : "\"00000000-0000-4000-8000-\(String(format: "%012x", index))\""
      ids.append(id)
      let offset = ["Z", "-05:00", "+09:00", "+05:30"][Int.random(in: 0..<4, using: &random)]
      let second = Int.random(in: 0..<86_400, using: &random)
      let timestamp = String(
        format: "\"2026-11-%02dT%02d:%02d:%02d%@%@\"", Int.random(in: 3...6, using: &random), second / 3600,
        second / 60 % 60, second % 60, chance(5) ? ".250" : "", offset)
      var members: [(String, String)] = [
        ("id", id), ("timestamp", timestamp), ("rawDescription", string()),
        ("foodName", chance(2) ? "\"food \(index % 7)\"" : string()), ("quantity", "1.5"), ("unit", string()),
        ("calories", amount(900)), ("protein", amount(60)), ("carbohydrates", amount(90)),
        ("fat", amount(40)),
      ]
      if chance(2) { members.append(("fiber", amount(9))) }
      if chance(3) { members.append(("sugar", amount(30))) }
      members.append(("confidence", "0.\(Int.random(in: 0...99, using: &random))"))
      if chance(2) { members.append(("matchedIngredientID", chance(2) ? "null" : string())) }
      if chance(2) { members.append(("meal", chance(2) ? "\"Lunch\"" : string())) }
      if chance(3) {
        members.append(
          (
            "tags",
            "[" + (0..<Int.random(in: 0...3, using: &random)).map { _ in string() }.joined(separator: ",")
              + "]"
          ))
      }
      if chance(3) {
        let names = micronutrients.filter { _ in chance(2) }
        members.append(
          ("micronutrients", "{" + names.map { "\"\($0)\":\(amount(500))" }.joined(separator: ",") + "}"))
      }
      if chance(3) { members.append(("note", string())) }
      if chance(6) { members.shuffle(using: &random) }
      if chance(40) { return "{\"id\": \(id), \"timestamp\": 5}" }
      let separator = chance(8) ? " , " : ","
      return "{" + members.map { "\"\($0.0)\":\($0.1)" }.joined(separator: separator) + "}"
    }
  }

  /// The export's cells of `entry` made the naive way: the entries table's cells, an optional
  /// nutrient the line does not state empty, the tags joined, the note, each micronutrient column's
  /// last amount of the entry.
  static func cells(of entry: ExportedEntry, micronutrients: [String]) -> [ReportCell] {
    var cells: [ReportCell] = []
    let optional = ReportBuilder.entryColumns.map { column in
      Nutrient.all.first { !$0.isRequired && $0.key == column.id }
    }
    ReportBuilder.entryCells(entry) { made in
      let unstated = optional[cells.count].map { !entry.row.states($0) } ?? false
      cells.append(unstated ? .text("") : made)
    }
    cells.append(.text(entry.tags.joined(separator: ";")))
    cells.append(.text(entry.note ?? ""))
    for name in micronutrients {
      let amount = entry.row.micronutrients.last { $0.name == name }?.amount
      cells.append(amount.map { .number(.exact(FixedSum($0)), decimals: 1) } ?? .text(""))
    }
    return cells
  }

  @Test(arguments: [
    RenderOptions(), RenderOptions(decimals: 2), RenderOptions(terminal: true),
  ])
  func rowsAreTheNaiveRowsRendered(options: RenderOptions) throws {
    let lines = Self.randomLines(count: 500, seed: 7)
    // Files of a few dates each (entries of other dates in them too, by their offsets).
    let files = stride(from: 0, to: lines.count, by: 60).map { start in
      DayFile(
        path: "journal/part, \(start / 60).jsonl", date: nil,
        contents: Array(lines[start..<min(start + 60, lines.count)].joined(separator: "\n").utf8))
    }
    let digests = DigestLoader.load(files: files, options: JournalLoadOptions(threads: 2, keepsDetail: false))
    #expect(digests.skippedLines > 0, "lines that are no entry, repeated ids")
    let span = try #require(digests.span)
    for period in [span, Period(first: span.first.adding(days: 1), last: span.first.adding(days: 2))] {
      let names = digests.micronutrientNames(in: period)
      #expect(names == Self.micronutrients.sorted())
      var rows: [ReportTableRow] = []
      digests.forEachDate(ofExportedEntriesIn: period) { entries in
        rows += entries.map { ReportTableRow(cells: Self.cells(of: $0, micronutrients: names)) }
      }
      let expected = CSVGenerator().renderRows(rows, after: 0, options: options)
      for entriesPerRun in [1, 29, ExportRuns.entriesPerRun] {
        var rendered: [UInt8] = []
        var count = 0
        let renderer = EntryCSVRows(micronutrients: names, options: options)
        digests.forEachDate(ofRecordsIn: period, renderer: renderer, entriesPerRun: entriesPerRun) {
          records, entries in
          rendered += records
          count += entries
        }
        #expect(count == rows.count)
        #expect(String(decoding: rendered, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
      }
    }
  }
}
