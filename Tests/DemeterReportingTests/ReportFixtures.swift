import DemeterCore
import DemeterReporting

/// Small hand-built report models for the generator tests.
enum ReportFixtures {
  /// A decimal total from its text, e.g. `sum("182.5")`.
  static func sum(_ text: String) -> FixedSum {
    let negative = text.hasPrefix("-")
    let unsigned = negative ? String(text.dropFirst()) : text
    let parts = unsigned.split(separator: ".", omittingEmptySubsequences: false)
    let whole = Int128(parts[0])!
    var fraction = parts.count > 1 ? String(parts[1]) : ""
    precondition(fraction.count <= 9)
    fraction += String(repeating: "0", count: 9 - fraction.count)
    let units = whole * 1_000_000_000 + Int128(fraction)!
    return FixedSum(billionths: negative ? -units : units)
  }

  static func row(
    _ label: String, first: String = "2026-11-16", last: String = "2026-11-22", entries: Int = 3,
    daysLogged: Int = 2, calories: String = "412", confidenceSum: String? = "2.17"
  ) -> ReportRow {
    ReportRow(
      label: label, first: first, last: last, entries: entries, daysLogged: daysLogged, daysInBucket: 7,
      calories: .exact(sum(calories)), protein: .exact(sum("24.2")), carbohydrates: .exact(sum("33")),
      fat: .exact(sum("18.4")),
      averageDailyCalories: daysLogged == 0 ? nil : .ratio(sum(calories), daysLogged),
      confidenceMean: confidenceSum.map { .ratio(sum($0), entries) },
      confidenceMin: confidenceSum == nil ? nil : .exact(sum("0.55")),
      confidenceMax: confidenceSum == nil ? nil : .exact(sum("0.92")),
      lowConfidenceEntries: confidenceSum == nil ? 0 : 1)
  }

  /// A bucket without entries: zero totals, no means.
  static func emptyRow(_ label: String) -> ReportRow {
    ReportRow(
      label: label, first: "2026-11-23", last: "2026-11-29", entries: 0, daysLogged: 0, daysInBucket: 7,
      calories: .exact(FixedSum()), protein: .exact(FixedSum()), carbohydrates: .exact(FixedSum()),
      fat: .exact(FixedSum()), averageDailyCalories: nil, confidenceMean: nil, confidenceMin: nil,
      confidenceMax: nil, lowConfidenceEntries: 0)
  }

  static func model(kind: ReportKind, rows: [ReportRow], title: String = "Week 2026-W47") -> ReportModel {
    ReportModel(
      kind: kind, title: title, periodFirst: rows.first?.first ?? "2026-11-16",
      periodLast: rows.last?.last ?? "2026-11-22", weekStart: "monday", rows: rows,
      summary: rows.first ?? emptyRow("total"), skippedLines: 0)
  }
}
