import DemeterFoundation
import DemeterJournal

/// One reason an entry is listed for a reader to check (manual: reviewing). Declared once: lists,
/// reports and `review` iterate `allCases`.
public enum ReviewReason: UInt8, CaseIterable, Sendable, Hashable {
  /// Confidence below the low threshold.
  case lowConfidence
  /// Stated calories disagree with 4·protein + 4·carbohydrates + 9·fat + 7·alcohol beyond the tolerance.
  case energyInconsistent
  /// No ingredient in the database was matched: information, not work, unless the rules ask
  /// (`DigestRules.reviewsUnmatched`, `--review unmatched`).
  case unmatched
  /// Logged from a recipe that has changed since: its stored nutrition differs from what the recipe
  /// gives now (found by `review`, which reads the recipes; reports show such entries in their own
  /// table).
  case recipeChanged

  /// The reason as `review` and the reports name it.
  public var name: String {
    switch self {
    case .lowConfidence: "low confidence"
    case .energyInconsistent: "energy inconsistent"
    case .unmatched: "unmatched"
    case .recipeChanged: "recipe changed"
    }
  }

  /// The reason `name` names, if any.
  public init?(name: String) {
    guard let reason = Self.allCases.first(where: { $0.name == name }) else { return nil }
    self = reason
  }
}

/// The reasons that apply to an entry, a set of `ReviewReason`.
public struct ReviewReasons: OptionSet, Sendable, Hashable, BitwiseCopyable {
  public let rawValue: UInt8

  public init(rawValue: UInt8) {
    self.rawValue = rawValue
  }

  /// The set of the one reason `reason`.
  public init(_ reason: ReviewReason) {
    rawValue = 1 << reason.rawValue
  }

  public static let lowConfidence = ReviewReasons(.lowConfidence)
  public static let energyInconsistent = ReviewReasons(.energyInconsistent)
  public static let unmatched = ReviewReasons(.unmatched)
  public static let recipeChanged = ReviewReasons(.recipeChanged)

  /// The reasons in the set, in `ReviewReason.allCases` order.
  public var reasons: [ReviewReason] { ReviewReason.allCases.filter { contains(ReviewReasons($0)) } }
}

/// An entry listed for review (to review, or energy inconsistent), with what a reader needs to find
/// and judge it. `reasons` holds every reason that applies, whichever list the entry is on.
///
/// Lists are sorted by date, time of day, id, then the remaining fields, so the order never depends on
/// the order the entries were read in. For the same reason `location` — where the entry was read —
/// takes no part in `==` and hashing: two aggregates of the same entries are equal however the
/// entries were ordered or split into files.
public struct FlaggedEntry: Sendable, Hashable {
  /// Where the entry was read (column 1); not part of equality.
  public var location: SourceLocation
  public var id: String
  public var date: CivilDate
  /// Seconds after local midnight.
  public var secondOfDay: Int
  /// The timestamp's UTC offset, nil for wall-clock time.
  public var utcOffsetSeconds: Int?
  public var rawDescription: String
  public var foodName: String
  public var confidence: FixedDecimal
  public var calories: FixedDecimal
  /// 4·protein + 4·carbohydrates + 9·fat (kcal), what the stated calories are checked against
  /// with the alcohol's energy (`alcoholCalories(_:)`).
  public var macroCalories: FixedSum
  /// The entry's own alcohol in grams (its `alcohol_g` micronutrient), if it states any.
  public var alcohol: FixedDecimal?
  /// The id of the ingredient the entry was matched to, whose alcohol counts when it states none.
  public var ingredientID: String?
  public var reasons: ReviewReasons

  public static func == (a: FlaggedEntry, b: FlaggedEntry) -> Bool {
    a.id == b.id && a.date == b.date && a.secondOfDay == b.secondOfDay
      && a.utcOffsetSeconds == b.utcOffsetSeconds
      && a.rawDescription == b.rawDescription && a.foodName == b.foodName && a.confidence == b.confidence
      && a.calories == b.calories && a.macroCalories == b.macroCalories && a.alcohol == b.alcohol
      && a.ingredientID == b.ingredientID && a.reasons == b.reasons
  }

  /// 7 kcal per gram of the alcohol the energy check counts for this entry under `tolerance`: its
  /// own, else its matched ingredient's share of its calories, else that of the food with alcohol
  /// named as its food (`alcoholFood(_:)`), else none (`EnergyConsistencyTolerance`).
  public func alcoholCalories(_ tolerance: EnergyConsistencyTolerance) -> FixedSum {
    let grams = tolerance.alcohol(
      own: alcohol?.billionths, ingredientID: ingredientID, foodName: foodName, calories: calories.billionths)
    return FixedSum(billionths: Int128(EnergyConsistencyTolerance.alcoholKcalPerGram) * Int128(grams))
  }

  /// The food with alcohol whose share the energy check takes for this entry because it states
  /// none and is matched to nothing (its id and name); nil otherwise.
  public func alcoholFood(_ tolerance: EnergyConsistencyTolerance) -> (id: String, name: String)? {
    guard alcohol == nil, ingredientID == nil else { return nil }
    return tolerance.alcohol.food(named: foodName)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(id)
    hasher.combine(date)
    hasher.combine(secondOfDay)
  }
}

extension FlaggedEntry {
  /// The entry `row`, listed for `reasons` (located at its line, column 1, of no file).
  package init(_ row: Entry, reasons: ReviewReasons) {
    let timestamp = row.timestamp
    let amounts = row.amounts
    self.init(
      location: SourceLocation(path: "", line: row.line, column: 1), id: row.id, date: timestamp.localDate,
      secondOfDay: timestamp.secondOfDay, utcOffsetSeconds: timestamp.utcOffsetSeconds,
      rawDescription: row.rawDescription, foodName: row.foodName, confidence: row.confidence,
      calories: row.calories, macroCalories: FixedSum(billionths: amounts.macroEnergy),
      alcohol: row.micronutrients.first { $0.name == IngredientAlcohol.micronutrient }?.amount,
      ingredientID: row.matchedIngredientID, reasons: reasons)
  }

  /// The list order on values: date, time, id, offset, raw description, food, confidence, calories,
  /// macronutrient energy, own alcohol, ingredient, reasons.
  package static func listOrder(_ a: FlaggedEntry, _ b: FlaggedEntry) -> Bool {
    if a.date != b.date { return a.date < b.date }
    if a.secondOfDay != b.secondOfDay { return a.secondOfDay < b.secondOfDay }
    if !a.id.utf8.elementsEqual(b.id.utf8) { return ExactArithmetic.precedes(a.id, b.id) }
    let (offsetA, offsetB) = (a.utcOffsetSeconds ?? Int(Int32.min), b.utcOffsetSeconds ?? Int(Int32.min))
    if offsetA != offsetB { return offsetA < offsetB }
    if !a.rawDescription.utf8.elementsEqual(b.rawDescription.utf8) {
      return ExactArithmetic.precedes(a.rawDescription, b.rawDescription)
    }
    if !a.foodName.utf8.elementsEqual(b.foodName.utf8) {
      return ExactArithmetic.precedes(a.foodName, b.foodName)
    }
    if a.confidence != b.confidence { return a.confidence < b.confidence }
    if a.calories != b.calories { return a.calories < b.calories }
    if a.macroCalories != b.macroCalories { return a.macroCalories < b.macroCalories }
    if a.alcohol != b.alcohol { return (a.alcohol?.billionths ?? -1) < (b.alcohol?.billionths ?? -1) }
    if a.ingredientID != b.ingredientID {
      return ExactArithmetic.precedes(a.ingredientID ?? "", b.ingredientID ?? "")
    }
    return a.reasons.rawValue < b.reasons.rawValue
  }
}
