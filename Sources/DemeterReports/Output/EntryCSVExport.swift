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
  /// The micronutrients present in the period, sorted by name: a column each, by position
  /// among them.
  private let micronutrients: [String: Int]
  /// The optional nutrient of each column of the entries table that holds one, by index.
  private let optionalColumns: [Nutrient?]

  /// The export of the entries report `shell` (without rows) with a column for each of
  /// `micronutrients` (sorted).
  init(shell: ReportModel, micronutrients: [String]) {
    var entries = shell.tables[0]
    optionalColumns = entries.columns.map { column in
      Nutrient.all.first { !$0.isRequired && $0.key == column.id }
    }
    entries.columns +=
      [
        ReportColumn(id: EntryField.tags.rawValue, title: "Tags", isNumeric: false, shownToReaders: false),
        ReportColumn(id: EntryField.note.rawValue, title: "Note", isNumeric: false, shownToReaders: false),
      ] + micronutrients.map { ReportColumn(id: $0, title: $0, isNumeric: true, shownToReaders: false) }
    var report = shell
    report.tables[0] = entries
    self.shell = report
    self.micronutrients = Dictionary(uniqueKeysWithValues: micronutrients.enumerated().map { ($1, $0) })
  }

  /// The cells of the export's row of `entry`, handed to `cell` in column order: the entries
  /// table's (`ReportBuilder.entryCells`), an optional nutrient the line does not state empty, then
  /// the tags, the note and the micronutrients.
  func cells(of entry: ExportedEntry, _ cell: (ReportCell) -> Void) {
    var column = 0
    ReportBuilder.entryCells(entry) { made in
      let unstated = optionalColumns[column].map { !entry.row.states($0) } ?? false
      cell(unstated ? .text("") : made)
      column += 1
    }
    cell(.text(entry.tags.joined(separator: ";")))
    cell(.text(entry.note ?? ""))
    // The entry's micronutrients by column (a name given twice: its last amount).
    let own = entry.row.micronutrients.compactMap { micronutrient in
      micronutrients[micronutrient.name].map { (column: $0, amount: micronutrient.amount) }
    }
    for column in 0..<micronutrients.count {
      let amount = own.last { $0.column == column }?.amount
      cell(amount.map { .number(.exact(FixedSum($0)), decimals: 1) } ?? .text(""))
    }
  }
}
