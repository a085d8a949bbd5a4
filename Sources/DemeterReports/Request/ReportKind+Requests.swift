import DemeterCore
import DemeterReporting

extension ReportKind {
  /// The period a report of this kind covers when none is given; nil when one must be given.
  public var defaultPeriod: String? {
    switch self {
    case .day: "today"
    case .week, .entries: "this week"
    case .month, .ingredients: "this month"
    case .year: "this year"
    case .plan, .shopping: "last 7 days"
    case .body: "last 8 weeks"
    case .nutrients: "last 4 weeks"
    default: nil
    }
  }

  /// The buckets of a report of totals by bucket (weeks starting on `weekStart`); nil for the
  /// kinds that list entries, ingredients or compare.
  public func bucketSize(_ weekStart: WeekStart) -> BucketSize? {
    switch self {
    case .day, .range: .day
    case .week: .week(weekStart)
    case .month: .month
    case .year: .year
    default: nil
    }
  }

  /// Whether its rows are buckets (the kinds a cohort or a digest of totals makes).
  public var isBucketReport: Bool { bucketSize(.monday) != nil }
}
