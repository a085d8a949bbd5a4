import DemeterCore

/// Turns aggregates into the report model: the one place that knows both (manual: architecture data flow).
/// It arranges and labels values; every number comes from `DemeterCore`'s aggregates.
public enum ReportBuilder {
  /// What a bucketed report (day, week, month, year, range) is made of.
  struct BucketInputs: Sendable {
    var kind: ReportKind
    /// The period asked for, widened to whole buckets.
    var period: Period
    var bucketSize: BucketSize
    /// One summary per bucket, and the whole period (`whole`).
    var buckets: PeriodAggregate
    /// One summary per day of the period, when the report shows days (daily rows, the daily table
    /// or the daily chart); nil for long periods, which are charted per bucket.
    var days: PeriodAggregate?
    var context: ReportContext
    /// What was eaten, entry by entry, for `day` reports of a few days (`eatenTable`).
    var eaten: ReportTable?

    init(
      kind: ReportKind, period: Period, bucketSize: BucketSize, buckets: PeriodAggregate,
      days: PeriodAggregate?,
      context: ReportContext
    ) {
      self.kind = kind
      self.period = period
      self.bucketSize = bucketSize
      self.buckets = buckets
      self.days = days
      self.context = context
    }
  }

  /// How the report was asked for, shown as its facts.
  public struct ReportContext: Sendable {
    public var weekStart: WeekStart
    public var timeZone: TimeZoneRule
    public var today: CivilDate
    public var options: AggregationOptions
    public var skippedLines: Int
    /// Day files that could not be read at all: their entries are missing from the report.
    public var unreadableFiles: Int
    /// The person's nutrient targets, when they have a profile or targets of their own: the period
    /// reports then show the whole period's intake against them (manual: targets).
    public var targets: NutrientTargets?
    /// What each bucket is split by (manual: queries, `--by`); its dimension must be
    /// `options.breakdown`.
    public var breakdown: BreakdownRequest?

    public init(
      weekStart: WeekStart, timeZone: TimeZoneRule, today: CivilDate, options: AggregationOptions,
      skippedLines: Int, unreadableFiles: Int = 0
    ) {
      self.weekStart = weekStart
      self.timeZone = timeZone
      self.today = today
      self.options = options
      self.skippedLines = skippedLines
      self.unreadableFiles = unreadableFiles
    }
  }

  /// Facts every journal report states: how days, weeks and confidence were counted.
  static func facts(_ context: ReportContext) -> [ReportFact] {
    var facts = [
      ReportFact(id: "today", label: "Today", value: .text(context.today.description)),
      ReportFact(id: "week_start", label: "Weeks start on", value: .text(context.weekStart.rawValue)),
      ReportFact(id: "time_zone", label: "Days counted in", value: .text(zoneText(context.timeZone))),
      ReportFact(
        id: "low_confidence", label: "Low confidence below",
        value: .number(.exact(FixedSum(context.options.lowConfidence)), decimals: 2)),
      ReportFact(
        id: "high_confidence", label: "High confidence from",
        value: .number(.exact(FixedSum(context.options.highConfidence)), decimals: 2)),
    ]
    for nutrient in GoalNutrient.allCases {
      if let goal = context.options.goals[nutrient] {
        facts.append(
          ReportFact(
            id: "goal_\(nutrient.rawValue)", label: "Daily goal, \(nutrient.rawValue)",
            value: .number(.exact(FixedSum(goal)), decimals: nutrient == .calories ? 0 : 1)))
      }
    }
    facts.append(
      ReportFact(id: "skipped_lines", label: "Invalid lines skipped", value: .count(context.skippedLines)))
    if context.unreadableFiles > 0 {
      facts.append(
        ReportFact(
          id: "unreadable_files", label: "Day files that could not be read",
          value: .count(context.unreadableFiles)))
    }
    return facts
  }

  static func notes(_ context: ReportContext) -> [String] {
    var notes: [String] = []
    if context.skippedLines > 0 {
      notes.append(
        "\(count: context.skippedLines, "invalid journal line") \(context.skippedLines == 1 ? "was" : "were") "
          + "skipped; "
          + "run 'demeter-report check' to see \(context.skippedLines == 1 ? "it" : "them").")
    }
    if context.unreadableFiles > 0 {
      let one = context.unreadableFiles == 1
      notes.append(
        "\(count: context.unreadableFiles, "day file") could not be read, so \(one ? "its" : "their") "
          + "entries are missing; run 'demeter-report check' to see \(one ? "it" : "them").")
    }
    return notes
  }

  private static func zoneText(_ zone: TimeZoneRule) -> String {
    zone == .asWritten ? "each entry's own offset" : zone.description
  }
}
