import DemeterCore
import DemeterReporting

/// `entries -f csv` of a journal as an export (manual: writing): the entries table's columns, with an
/// optional nutrient (fibre, sugar) that an entry does not state left empty instead of 0, then
/// `tags` (joined with `;`), `note`, and a column per micronutrient present in the period (by name,
/// sorted, exact amounts). Each row is made from its line as it is read (`EntryCSVRows`); the
/// micronutrients' names come from the day digests before the first row.
/// Only `entries` has these columns; its JSON and other formats keep the report's table.
struct EntryCSVExport {
  /// The entries report without rows, with the export's columns.
  let shell: ReportModel
  /// The micronutrients present in the period, sorted by name: a column each.
  let micronutrients: [String]

  /// The export of the entries report `shell` (without rows) with a column for each of
  /// `micronutrients` (sorted).
  init(shell: ReportModel, micronutrients: [String]) {
    var entries = shell.tables[0]
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

  /// The rows' renderer, for output rendered with `options`.
  func rows(options: RenderOptions) -> EntryCSVRows {
    EntryCSVRows(micronutrients: micronutrients, options: options)
  }
}
