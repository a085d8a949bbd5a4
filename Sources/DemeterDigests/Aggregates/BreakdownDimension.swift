/// What a report's buckets may be split by (`--by`, manual: queries), declared once: parsing, the
/// help, "did you mean" and the JSON names iterate it.
public enum BreakdownDimension: String, CaseIterable, Sendable, Hashable {
  case meal, weekday, hour, tag, food, ingredient, recipe

  /// What a row of the dimension holds, for the help.
  public var meaning: String {
    switch self {
    case .meal: "the entries of each meal"
    case .weekday: "the entries of each day of the week"
    case .hour: "the entries of each hour of the day (local time)"
    case .tag: "the entries of each tag (an entry with several tags counts in each)"
    case .food: "the entries of each food name"
    case .ingredient: "the entries matched to each ingredient"
    case .recipe: "the entries logged from each recipe"
    }
  }

  /// The values of `weekday`, Monday first, as `weekday:` names the days.
  public static let weekdayValues = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

  /// Whether `--top N` may keep its largest values: the dimensions whose values are open-ended names.
  public var takesTop: Bool {
    switch self {
    case .tag, .food, .ingredient, .recipe: true
    case .meal, .weekday, .hour: false
    }
  }

  /// The dimension the day digests tally for it (`DigestRules.breakdown`): none for the weekday,
  /// which is the date's (the day totals answer it); for a recipe, the matched ingredient (`recipe:ID`).
  public var tallied: BreakdownDimension? {
    switch self {
    case .weekday: nil
    case .recipe: .ingredient
    default: self
    }
  }
}
