/// A report as plain values (SPEC §6): what every generator renders and what `json` emits.
/// Built from the aggregates by `ReportBuilder`; no I/O, no arithmetic left for generators.
public struct ReportModel: Sendable, Hashable {
  /// The version of this model's JSON form.
  public static let schema = reportSchemaVersion

  /// Report kind: `day`, `week`, `month`, `year` or `range`.
  public var kind: ReportKind
  /// Human title, e.g. "Week 2026-W47".
  public var title: String
  /// The period covered (inclusive dates, `YYYY-MM-DD`).
  public var periodFirst: String
  public var periodLast: String
  /// Week start used for week buckets (`monday`, `sunday`, `saturday`).
  public var weekStart: String
  /// One row per bucket, in date order; empty buckets included.
  public var rows: [ReportRow]
  /// The whole period.
  public var summary: ReportRow
  /// Lines that were skipped because they have errors.
  public var skippedLines: Int

  public init(
    kind: ReportKind, title: String, periodFirst: String, periodLast: String, weekStart: String,
    rows: [ReportRow], summary: ReportRow, skippedLines: Int
  ) {
    self.kind = kind
    self.title = title
    self.periodFirst = periodFirst
    self.periodLast = periodLast
    self.weekStart = weekStart
    self.rows = rows
    self.summary = summary
    self.skippedLines = skippedLines
  }
}

/// The report kinds of SPEC §6 that have bucket rows.
public enum ReportKind: String, Sendable, Hashable, CaseIterable {
  case day, week, month, year, range

  /// The name of the first CSV column: the bucket's label.
  public var labelColumn: String {
    switch self {
    case .day, .range: return "date"
    case .week: return "week"
    case .month: return "month"
    case .year: return "year"
    }
  }
}

/// One bucket (a day, week, month or year) or the whole period.
public struct ReportRow: Sendable, Hashable {
  /// `2026-W47`, `week of 2026-11-15`, `2026-11-21`, `2026-11`, `2026`, or "total".
  public var label: String
  /// First and last day of the bucket, `YYYY-MM-DD`.
  public var first: String
  public var last: String
  public var entries: Int
  public var daysLogged: Int
  public var daysInBucket: Int
  public var calories: ReportNumber
  public var protein: ReportNumber
  public var carbohydrates: ReportNumber
  public var fat: ReportNumber
  /// Absent when no day of the bucket is logged.
  public var averageDailyCalories: ReportNumber?
  /// Absent when the bucket has no entries.
  public var confidenceMean: ReportNumber?
  public var confidenceMin: ReportNumber?
  public var confidenceMax: ReportNumber?
  public var lowConfidenceEntries: Int

  public init(
    label: String, first: String, last: String, entries: Int, daysLogged: Int, daysInBucket: Int,
    calories: ReportNumber, protein: ReportNumber, carbohydrates: ReportNumber, fat: ReportNumber,
    averageDailyCalories: ReportNumber?, confidenceMean: ReportNumber?, confidenceMin: ReportNumber?,
    confidenceMax: ReportNumber?, lowConfidenceEntries: Int
  ) {
    self.label = label
    self.first = first
    self.last = last
    self.entries = entries
    self.daysLogged = daysLogged
    self.daysInBucket = daysInBucket
    self.calories = calories
    self.protein = protein
    self.carbohydrates = carbohydrates
    self.fat = fat
    self.averageDailyCalories = averageDailyCalories
    self.confidenceMean = confidenceMean
    self.confidenceMin = confidenceMin
    self.confidenceMax = confidenceMax
    self.lowConfidenceEntries = lowConfidenceEntries
  }
}
