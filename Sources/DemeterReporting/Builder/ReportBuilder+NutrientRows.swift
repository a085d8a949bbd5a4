import DemeterCore

/// The rows every table about nutrients shares (manual: targets): the intake table, the top foods
/// and the cohort's table each start a row with the nutrient's key (for CSV and JSON) and its name
/// with its unit.
extension ReportBuilder {
  /// A row about `label`'s nutrient: its key and name, then `cells`.
  static func nutrientRow(_ label: NutrientLabel, _ cells: [ReportCell]) -> ReportTableRow {
    ReportTableRow(cells: [.text(label.key), .text(label.text)] + cells)
  }

  /// The columns of `nutrientRow`: the key (not shown to readers) and the name, then `columns`.
  static func nutrientColumns(_ columns: [ReportColumn]) -> [ReportColumn] {
    [
      ReportColumn(id: "nutrient", title: "Key", isNumeric: false, shownToReaders: false),
      ReportColumn(id: "name", title: "Nutrient", isNumeric: false),
    ] + columns
  }
}
