import DemeterCore
import DemeterReporting

/// Small hand-built report models for the generator tests.
enum ReportFixtures {
  /// A decimal total from its text, e.g. `sum("182.5")`.
  static func sum(_ text: String) -> FixedSum {
    let negative = text.hasPrefix("-")
    let unsigned = negative ? String(text.dropFirst()) : text
    let parts = unsigned.split(separator: ".", omittingEmptySubsequences: false)
    var fraction = parts.count > 1 ? String(parts[1]) : ""
    precondition(fraction.count <= 9)
    fraction += String(repeating: "0", count: 9 - fraction.count)
    let units = Int128(parts[0])! * 1_000_000_000 + Int128(fraction)!
    return FixedSum(billionths: negative ? -units : units)
  }

  static let columns = [
    ReportColumn(id: "week", title: "Week", isNumeric: false),
    ReportColumn(id: "entries", title: "Entries", isNumeric: true),
    ReportColumn(id: "calories", title: "kcal", isNumeric: true),
    ReportColumn(id: "confidence_mean", title: "Conf.", isNumeric: true),
  ]

  /// A row of the fixture table: label, entries, calories, mean confidence.
  static func row(
    _ label: String, entries: Int = 3, calories: String = "412", confidenceSum: String? = "2.17"
  ) -> ReportTableRow {
    ReportTableRow(
      role: entries == 0 ? .empty : .item,
      cells: [
        .text(label), .count(entries), .number(.exact(sum(calories)), decimals: 0),
        confidenceSum.map { .number(.ratio(sum($0), entries), decimals: 2) } ?? .missing,
      ])
  }

  static func model(kind: ReportKind, rows: [ReportTableRow], title: String = "Week 2026-W47") -> ReportModel
  {
    ReportModel(
      kind: kind, title: title, period: ReportPeriod(first: "2026-11-16", last: "2026-11-22"),
      summary: [ReportFact(id: "entries", label: "Entries", value: .count(rows.count))],
      tables: [ReportTable(id: "weeks", caption: "Weeks", columns: columns, rows: rows)])
  }
}
