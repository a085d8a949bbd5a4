import DemeterFoundation
import DemeterJournal

/// What to buy for planned items: every food that goes into them (recipes expanded by servings),
/// its grams summed exactly, with a household measure of the ingredient table where one fits.
public struct ShoppingList: Sendable {
  public var lines: [ShoppingLine]

  /// The list for `items`: one line per ingredient id (or free food name), in name order.
  /// - Returns: nil when a sum is too large to compute exactly.
  public static func make(_ items: [PlannedItem]) -> ShoppingList? {
    var lines: [ShoppingLine] = []
    var positions: [String: Int] = [:]
    for part in items.flatMap(\.ingredients) {
      let key: String
      let name: String
      switch part.food {
      case .ingredient(let id): (key, name) = (id, part.ingredient?.name ?? id)
      case .free(let foodName, _): (key, name) = ("food:" + foodName, foodName)
      }
      if let position = positions[key] {
        guard let sum = lines[position].grams + part.grams else { return nil }
        lines[position].grams = sum
      } else {
        positions[key] = lines.count
        lines.append(
          ShoppingLine(id: part.ingredient?.id, name: name, ingredient: part.ingredient, grams: part.grams))
      }
    }
    lines.sort { ($0.name, $0.id ?? "") < ($1.name, $1.id ?? "") }
    return ShoppingList(lines: lines)
  }
}

/// One food to buy and how much.
public struct ShoppingLine: Sendable {
  /// The ingredient id; nil for a free food.
  public var id: String?
  public var name: String
  public var ingredient: Ingredient?
  /// The grams needed, exact.
  public var grams: ExactFraction

  /// The ingredient's household measure that fits the grams best, with how many of it: among the
  /// measures giving 1 to 50 of them, the one closest to a whole number (the table's first on a
  /// tie); nil when none does (or for a free food).
  public var portion: (count: Double, measure: ServingVariation)? {
    var best: (count: Double, measure: ServingVariation, distance: Double)?
    for measure in ingredient?.servingSizeVariations ?? []
    where measure.gramsEquivalent > 0 && measure.amount > 0 {
      let count = grams.doubleValue / measure.gramsEquivalent * measure.amount
      guard count >= 1, count <= 50 else { continue }
      let distance = abs(count - count.rounded())
      if best == nil || distance < best!.distance { best = (count, measure, distance) }
    }
    return best.map { ($0.count, $0.measure) }
  }
}
