import DemeterFoundation
import DemeterJournal

/// Exact nutrient totals of a bucket (kcal and grams, in billionths).
public struct NutrientTotals: Sendable, Hashable {
  /// Each nutrient's total, by `Nutrient.ordinal`.
  private var sums: [FixedSum]

  /// Every total 0.
  public init() {
    sums = Array(repeating: FixedSum(), count: Nutrient.all.count)
  }

  /// Each nutrient's total as `amount` gives it, for every nutrient of `Nutrient.all`.
  public init(_ amount: (Nutrient) -> FixedSum) {
    sums = Nutrient.all.map(amount)
  }

  /// The total of `nutrient`.
  public subscript(nutrient: Nutrient) -> FixedSum {
    get { sums[nutrient.ordinal] }
    set { sums[nutrient.ordinal] = newValue }
  }

  public var calories: FixedSum { self[.calories] }
  public var protein: FixedSum { self[.protein] }
  public var carbohydrates: FixedSum { self[.carbohydrates] }
  public var fat: FixedSum { self[.fat] }
  public var fiber: FixedSum { self[.fiber] }
  public var sugar: FixedSum { self[.sugar] }

  /// The amounts per day over `days` days (nil for zero days), from the exact totals.
  /// - Complexity: O(1).
  public func perDay(over days: Int) -> DailyNutrients? {
    guard days > 0 else { return nil }
    return DailyNutrients { ExactArithmetic.mean(self[$0].billionths, count: days) ?? 0 }
  }
}

/// Amounts per day (kcal and grams) for reading: daily averages, one per nutrient (`Nutrient.all`).
public struct DailyNutrients: Sendable, Hashable {
  /// Each nutrient's amount, by `Nutrient.ordinal`.
  private var amounts: [Double]

  /// Each nutrient's amount as `amount` gives it.
  public init(_ amount: (Nutrient) -> Double) {
    amounts = Nutrient.all.map(amount)
  }

  /// The amount of `nutrient` per day.
  public subscript(nutrient: Nutrient) -> Double { amounts[nutrient.ordinal] }
}

/// The change of daily averages from one bucket to another, exactly, nutrient by nutrient (kcal
/// and grams per day).
public struct DailyChange: Sendable, Hashable {
  /// The change of each nutrient, by `Nutrient.ordinal`.
  private var changes: [ExactFraction]

  /// The change of `nutrient`'s daily average.
  public subscript(nutrient: Nutrient) -> ExactFraction { changes[nutrient.ordinal] }

  public var calories: ExactFraction { self[.calories] }
  public var protein: ExactFraction { self[.protein] }
  public var carbohydrates: ExactFraction { self[.carbohydrates] }
  public var fat: ExactFraction { self[.fat] }
  public var fiber: ExactFraction { self[.fiber] }
  public var sugar: ExactFraction { self[.sugar] }

  /// `current / days − before / beforeDays` for each nutrient; nil when either bucket has no
  /// logged day (or, for absurd totals, when a change does not fit in 128 bits).
  /// - Complexity: O(1).
  public init?(from before: NutrientTotals, days beforeDays: Int, to current: NutrientTotals, days: Int) {
    var changes: [ExactFraction] = []
    changes.reserveCapacity(Nutrient.all.count)
    for nutrient in Nutrient.all {
      guard let now = ExactFraction.mean(current[nutrient], count: days),
        let then = ExactFraction.mean(before[nutrient], count: beforeDays), let change = now - then
      else { return nil }
      changes.append(change)
    }
    self.changes = changes
  }
}

/// The share of macronutrient energy from protein, carbohydrates and fat at their
/// `Nutrient.kcalPerGram` (4/4/9).
/// The shares add up to 1, or are all 0 when there is no macronutrient energy.
public struct MacroSplit: Sendable, Hashable {
  /// 4·protein + 4·carbohydrates + 9·fat, exactly (kcal).
  public var energy: FixedSum
  public var protein: Double
  public var carbohydrates: Double
  public var fat: Double

  /// The split of the given gram totals.
  /// - Complexity: O(1).
  public init(protein: FixedSum, carbohydrates: FixedSum, fat: FixedSum) {
    func energy(_ nutrient: Nutrient, _ grams: FixedSum) -> Int128 {
      Int128(nutrient.kcalPerGram!) * grams.billionths
    }
    let proteinEnergy = energy(.protein, protein)
    let carbohydrateEnergy = energy(.carbohydrates, carbohydrates)
    let fatEnergy = energy(.fat, fat)
    let energy = proteinEnergy + carbohydrateEnergy + fatEnergy
    self.energy = FixedSum(billionths: energy)
    func share(_ part: Int128) -> Double { energy > 0 ? ExactArithmetic.quotient(part, energy) : 0 }
    self.protein = share(proteinEnergy)
    self.carbohydrates = share(carbohydrateEnergy)
    self.fat = share(fatEnergy)
  }
}

/// A day and its calorie total (the highest or lowest day of a bucket).
public struct DayCalories: Sendable, Hashable {
  public var date: CivilDate
  public var calories: FixedSum

  public init(date: CivilDate, calories: FixedSum) {
    self.date = date
    self.calories = calories
  }
}

/// The total of one micronutrient over a bucket.
public struct MicronutrientTotal: Sendable, Hashable {
  /// The name as written in the journal (e.g. `sodium_mg`).
  public var name: String
  public var amount: FixedSum
  /// How many entries state this micronutrient.
  public var entries: Int

  public init(name: String, amount: FixedSum, entries: Int) {
    self.name = name
    self.amount = amount
    self.entries = entries
  }
}
