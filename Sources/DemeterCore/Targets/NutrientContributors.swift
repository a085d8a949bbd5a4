import DemeterDigests
import DemeterFoundation
import DemeterJournal

/// The foods that gave the most of some nutrients over a period (manual: targets), summed from the
/// period's entries as they are read back: the amounts by food for each key asked for, spellings of
/// one food counted as one (`TopFoods.grouped`).
public struct NutrientContributors: Sendable {
  /// The keys summed.
  public let keys: [String]
  /// By key, then by food spelling: the entries and the amount (held as a `FoodTotal`'s `calories`).
  private var byKey: [String: [String: FoodTotal]] = [:]

  public init(keys: [String]) {
    self.keys = keys
  }

  /// Adds `entry`'s amounts of the keys.
  public mutating func add(_ entry: Entry) {
    for key in keys {
      let amount: FixedDecimal? =
        if let nutrient = Nutrient.all.first(where: { $0.key == key }) {
          entry[nutrient]
        } else {
          entry.micronutrients.first { $0.name == key }?.amount
        }
      guard let amount, amount > .zero else { continue }
      var total =
        byKey[key, default: [:]][entry.foodName]
        ?? FoodTotal(name: entry.foodName, entries: 0, calories: FixedSum())
      total.entries += 1
      total.calories.add(FixedSum(amount))
      byKey[key, default: [:]][entry.foodName] = total
    }
  }

  /// The `limit` foods that gave the most of `key`, most first (equal amounts: by name), with their
  /// amounts.
  public func top(_ key: String, limit: Int) -> [(food: String, amount: FixedSum)] {
    let foods = TopFoods.grouped(Array((byKey[key] ?? [:]).values)).sorted { a, b in
      a.calories != b.calories ? a.calories > b.calories : ExactArithmetic.precedes(a.name, b.name)
    }
    return foods.prefix(limit).map { ($0.name, $0.calories) }
  }
}
