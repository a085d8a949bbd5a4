import DemeterCore

/// Turns aggregates into the report model (the only place that knows both).
public enum ReportBuilder {
  /// What to build a report of.
  public struct Request: Sendable {
    public var kind: ReportKind
    /// The period asked for, already widened to whole buckets.
    public var period: Period
    public var bucketSize: BucketSize
    public var weekStart: WeekStart
    public var skippedLines: Int

    public init(
      kind: ReportKind, period: Period, bucketSize: BucketSize, weekStart: WeekStart, skippedLines: Int
    ) {
      self.kind = kind
      self.period = period
      self.bucketSize = bucketSize
      self.weekStart = weekStart
      self.skippedLines = skippedLines
    }
  }

  public static func build(_ request: Request, from aggregate: PeriodAggregate) -> ReportModel {
    let rows = aggregate.buckets.map { bucket in
      row(bucket, label: Period.bucketLabel(of: bucket.range.first, request.bucketSize))
    }
    return ReportModel(
      kind: request.kind, title: title(request, rows: rows), periodFirst: request.period.first.description,
      periodLast: request.period.last.description, weekStart: request.weekStart.rawValue, rows: rows,
      summary: row(aggregate.whole, label: "total"), skippedLines: request.skippedLines)
  }

  private static func row(_ bucket: BucketSummary, label: String) -> ReportRow {
    let confidence = bucket.confidence
    return ReportRow(
      label: label, first: bucket.range.first.description, last: bucket.range.last.description,
      entries: bucket.entries, daysLogged: bucket.daysLogged, daysInBucket: bucket.daysInBucket,
      calories: .exact(bucket.totals.calories), protein: .exact(bucket.totals.protein),
      carbohydrates: .exact(bucket.totals.carbohydrates), fat: .exact(bucket.totals.fat),
      averageDailyCalories: bucket.daysLogged == 0 ? nil : .ratio(bucket.totals.calories, bucket.daysLogged),
      confidenceMean: confidence.count == 0 ? nil : .ratio(confidence.sum, confidence.count),
      confidenceMin: confidence.minimum.map { .exact(FixedSum($0)) },
      confidenceMax: confidence.maximum.map { .exact(FixedSum($0)) },
      lowConfidenceEntries: confidence.lowCount)
  }

  private static func title(_ request: Request, rows: [ReportRow]) -> String {
    let noun: String
    switch request.kind {
    case .day: noun = "Day"
    case .week: noun = "Week"
    case .month: noun = "Month"
    case .year: noun = "Year"
    case .range: return "Range \(request.period)"
    }
    guard let first = rows.first, let last = rows.last else { return noun }
    return rows.count == 1 ? "\(noun) \(first.label)" : "\(noun)s \(first.label) to \(last.label)"
  }
}
