import DemeterCore
import DemeterReporting

/// `entries -f csv` of a journal as an export (manual: writing): the entries table's columns, with an
/// optional nutrient (fibre, sugar) that an entry does not state left empty instead of 0, then
/// `tags` (joined with `;`), `note`, and a column per micronutrient present in the period (by name,
/// sorted, exact amounts). The extra fields come with the entries as their lines are read
/// (`JournalDigests.forEachDate(ofExportedEntriesIn:)`), the micronutrients' names from the day
/// digests before the first row.
/// Only `entries` has these columns; its JSON and other formats keep the report's table.
struct EntryCSVExport {
  /// The entries report without rows, with the export's columns.
  let shell: ReportModel
  /// The micronutrients present in the period, sorted by name: a column each.
  private let micronutrients: [String]
  /// The optional nutrients and their columns.
  private let optionalColumns: [(nutrient: Nutrient, index: Int)]

  /// The export of the entries report `shell` (without rows) with a column for each of
  /// `micronutrients` (sorted).
  init(shell: ReportModel, micronutrients: [String]) {
    var entries = shell.tables[0]
    optionalColumns = Nutrient.all.filter { !$0.isRequired }.compactMap { nutrient in
      entries.columns.firstIndex { $0.id == nutrient.key }.map { (nutrient, $0) }
    }
    entries.columns +=
      [
        ReportColumn(id: EntryField.tags.rawValue, title: "Tags", isNumeric: false, shownToReaders: false),
        ReportColumn(id: EntryField.note.rawValue, title: "Note", isNumeric: false, shownToReaders: false),
      ] + micronutrients.map { ReportColumn(id: $0, title: $0, isNumeric: true, shownToReaders: false) }
    var report = shell
    report.tables[0] = entries
    self.shell = report
    self.micronutrients = micronutrients
  }

  /// The export's rows of `entries`, in their order.
  func rows(_ entries: [ExportedEntry]) -> [ReportTableRow] {
    var rows = ReportBuilder.entryRows(entries)
    for (position, entry) in entries.enumerated() {
      var cells = rows[position].cells
      for (nutrient, index) in optionalColumns where !entry.row.states(nutrient) { cells[index] = .text("") }
      cells.append(.text(entry.tags.joined(separator: ";")))
      cells.append(.text(entry.note ?? ""))
      var own: [String: FixedDecimal] = [:]
      for micronutrient in entry.row.micronutrients { own[micronutrient.name] = micronutrient.amount }
      cells += micronutrients.map { name in
        own[name].map { .number(.exact(FixedSum($0)), decimals: 1) } ?? .text("")
      }
      rows[position].cells = cells
    }
    return rows
  }
}
