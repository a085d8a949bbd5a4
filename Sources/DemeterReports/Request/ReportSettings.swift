import DemeterCore

/// The settings a request gives over each journal's own (manual: journal precedence): what a command
/// line or an app says, already read and checked; nil leaves the journal's `.demeter.json`, else the
/// default, to decide.
public struct ReportSettings: Sendable {
  /// A value given, with where it came from (`--low-confidence`, `$DEMETER_LOW_CONFIDENCE`) for
  /// messages.
  public struct Given<Value: Sendable>: Sendable {
    public var value: Value
    public var origin: String

    public init(_ value: Value, origin: String) {
      self.value = value
      self.origin = origin
    }
  }

  public var timeZone: TimeZoneRule?
  public var weekStart: WeekStart?
  /// The day taken as today; nil: the clock's, in the zone days are counted in.
  public var today: CivilDate?
  public var lowConfidence: Given<FixedDecimal>?
  public var highConfidence: Given<FixedDecimal>?
  /// Daily goals over the config's, nutrient by nutrient.
  public var goals = Goals()
  /// How many entries each review list shows: a count, 0 for all; nil: all for the JSON format,
  /// whose reader is a program, else `defaultReviewLimit`.
  public var reviewLimit: Int?
  /// How many days the `body` report's expenditure estimate covers; nil: 28
  /// (`EnergyExpenditure.defaultDays`).
  public var expenditureDays: Int?
  /// Whether unmatched entries are to review (`--review unmatched`); otherwise only counted.
  public var reviewsUnmatched = false
  /// The person, over the config's `profile` (manual: targets).
  public var profile = PersonProfile()

  /// How many flagged entries each list shows unless the request says otherwise.
  public static let defaultReviewLimit = 50

  public init() {}

  /// The review limit a report in the JSON format or not (`isJSON`) uses.
  public func reviewLimit(isJSON: Bool) -> Int {
    reviewLimit ?? (isJSON ? 0 : Self.defaultReviewLimit)
  }

  /// Thresholds and goals: these settings over `config`'s over the defaults.
  /// - Throws: a usage error when the low-confidence threshold ends up above the high one.
  public func aggregation(config: JournalConfig) throws(CommandError) -> AggregationOptions {
    var options = AggregationOptions()
    options.lowConfidence = lowConfidence?.value ?? config.lowConfidence ?? options.lowConfidence
    options.highConfidence = highConfidence?.value ?? config.highConfidence ?? options.highConfidence
    options.goals = config.goals
    options.reviewsUnmatched = reviewsUnmatched
    for nutrient in GoalNutrient.allCases { options.goals[nutrient] = goals[nutrient] ?? config.goals[nutrient] }
    if options.lowConfidence > options.highConfidence {
      func origin(_ given: Given<FixedDecimal>?, key: String, configured: FixedDecimal?) -> String {
        given?.origin ?? (configured != nil ? "\(key) in \(JournalConfig.fileName)" : "default")
      }
      let low = origin(lowConfidence, key: "lowConfidence", configured: config.lowConfidence)
      let high = origin(highConfidence, key: "highConfidence", configured: config.highConfidence)
      throw .usage(
        "the low-confidence threshold (\(options.lowConfidence), \(low)) is above the high-confidence "
          + "threshold (\(options.highConfidence), \(high)); low must not exceed high")
    }
    return options
  }
}
