import DemeterCore
import DemeterReporting

/// `entries -f csv` of a journal folder as an export (manual: writing): the entries table's columns, with an
/// optional nutrient (fibre, sugar) that an entry does not state left empty instead of 0, then
/// `tags` (joined with `;`), `note`, and a column per micronutrient present in the period (by name,
/// sorted, exact amounts). The extra fields are read from the entries' own lines.
/// Only `entries` has these columns; its JSON and other formats keep the report's table.
enum EntryCSVExport {
  /// Whether the options ask for it: the built-in csv format.
  static func isAsked(_ arguments: ParsedArguments, journal: String?) -> Bool {
    OutputOptions.isBuiltIn("csv", arguments, journal: journal)
  }

  /// The entries report of `rows` of `table` with the export's columns.
  static func report(
    _ rows: [Int], of table: EntryTable, journal: JournalSource, period: Period,
    context: ReportBuilder.ReportContext
  ) throws(CLIError) -> ReportModel {
    let lines = try EntryLinesExport.lines(rows, of: table, journal: journal)
    var report = ReportBuilder.entriesReport(
      period: period, entries: rows.count, rows: ReportBuilder.entryRows(rows, of: table), context: context)
    var entries = report.tables[0]
    let optional = Nutrient.all.filter { !$0.isRequired }.compactMap { nutrient in
      entries.columns.firstIndex { $0.id == nutrient.key }.map { (key: nutrient.key, index: $0) }
    }
    let amounts = micronutrients(of: Set(rows), in: table)
    let names = Set(amounts.values.flatMap(\.keys)).sorted()
    entries.columns +=
      [
        ReportColumn(id: EntryField.tags.rawValue, title: "Tags", isNumeric: false, shownToReaders: false),
        ReportColumn(id: EntryField.note.rawValue, title: "Note", isNumeric: false, shownToReaders: false),
      ] + names.map { ReportColumn(id: $0, title: $0, isNumeric: true, shownToReaders: false) }
    for (position, line) in lines.enumerated() {
      var cells = entries.rows[position].cells
      for (key, index) in optional where line.object[key] == nil || line.object[key] == .null {
        cells[index] = .text("")
      }
      cells.append(.text(line.entry.tags.joined(separator: ";")))
      cells.append(.text(line.entry.note ?? ""))
      let own = amounts[rows[position]] ?? [:]
      cells += names.map { name in
        own[name].map { .number(.exact(FixedSum(FixedDecimal(billionths: $0))), decimals: 1) } ?? .text("")
      }
      entries.rows[position].cells = cells
    }
    report.tables[0] = entries
    return report
  }

  /// The micronutrient amounts (billionths) of each of `rows`, by name.
  private static func micronutrients(of rows: Set<Int>, in table: EntryTable) -> [Int: [String: Int64]] {
    var amounts: [Int: [String: Int64]] = [:]
    table.forEachMicronutrient { row, micronutrient in
      if rows.contains(row) {
        amounts[row, default: [:]][micronutrient.name] = micronutrient.amount.billionths
      }
    }
    return amounts
  }
}
