/// An amount of every nutrient of `Nutrient.all` as a reader's number (kcal or grams), nil where it is
/// not known: what `FoodEntry`, `NutritionalInfo` and `Ingredient` hold, so that each nutrient is a
/// subscript instead of a stored property of its own.
public struct NutrientQuantities: Sendable, Hashable {
  /// Each nutrient's amount, by `Nutrient.ordinal`.
  private var amounts: [Double?]

  /// Nothing known.
  public init() {
    amounts = Array(repeating: nil, count: Nutrient.all.count)
  }

  /// Each nutrient's amount as `amount` gives it, asked in `Nutrient.all` order.
  public init<Failure: Error>(_ amount: (Nutrient) throws(Failure) -> Double?) throws(Failure) {
    amounts = []
    amounts.reserveCapacity(Nutrient.all.count)
    for nutrient in Nutrient.all { amounts.append(try amount(nutrient)) }
  }

  /// The amounts the seed models name one by one (the initializers of `FoodEntry`,
  /// `NutritionalInfo` and `Ingredient` that take them); any other nutrient not known.
  public init(
    calories: Double, protein: Double, carbohydrates: Double, fat: Double, fiber: Double?, sugar: Double?
  ) {
    self.init()
    self[.calories] = calories
    self[.protein] = protein
    self[.carbohydrates] = carbohydrates
    self[.fat] = fat
    self[.fiber] = fiber
    self[.sugar] = sugar
  }

  /// The amount of `nutrient`, nil when not known.
  public subscript(nutrient: Nutrient) -> Double? {
    get { amounts[nutrient.ordinal] }
    set { amounts[nutrient.ordinal] = newValue }
  }

  /// The nutrients whose amount is known, with it, in `Nutrient.all` order.
  public var known: [(nutrient: Nutrient, amount: Double)] {
    Nutrient.all.compactMap { nutrient in amounts[nutrient.ordinal].map { (nutrient, $0) } }
  }

  /// These amounts with each of `Nutrient.required` not known taken as 0 (what the seed models hold).
  public var withRequiredKnown: NutrientQuantities {
    var known = self
    for nutrient in Nutrient.required where known[nutrient] == nil { known[nutrient] = 0 }
    return known
  }

  /// Every known amount multiplied by `factor` (unknown amounts stay unknown).
  public func scaled(by factor: Double) -> NutrientQuantities {
    NutrientQuantities { self[$0].map { $0 * factor } }
  }
}
