/// A household portion of an ingredient as a person writes it (`2 large`, `1/2 cup`, `1.5 tbsp`,
/// `medium`), matched against the ingredient's measures (`Ingredient.servingSizeVariations`).
public struct IngredientPortion: Sendable, Hashable {
  /// How many of the measure (1 when the text gives no number).
  public var amount: Double
  /// The measure as written, e.g. `large`.
  public var unit: String
  /// The ingredient's measure it matched.
  public var measure: ServingVariation

  /// The weight in grams.
  public var grams: Double { amount / measure.amount * measure.gramsEquivalent }

  /// The portion `text` names among `ingredient`'s measures: its unit words must start the measure's
  /// unit (`medium` matches `medium (7" to 7-7/8" long)`, `cup` matches `cup, chopped`), ignoring case
  /// and plurals; the first such measure in the table's order is taken.
  /// - Throws: `ModelError.validationError` saying what is wrong and which measures there are.
  public init(_ text: String, of ingredient: Ingredient) throws(ModelError) {
    var words = text.split(separator: " ").map(String.init)
    var amount = 1.0
    if let first = words.first, let number = Self.number(first) {
      amount = number
      words.removeFirst()
    }
    let known = ingredient.servingSizeVariations.map { "'\($0.description)'" }.joined(separator: ", ")
    let choices = known.isEmpty ? "it has no household measures; use --grams" : "its measures are \(known)"
    guard amount.isFinite, amount > 0, !words.isEmpty else {
      throw .validationError(
        "a portion is an amount and a measure, e.g. '2 large' (got '\(text)'); \(choices)")
    }
    let wanted = IngredientWords.words(of: words.joined(separator: " "))
    guard
      let measure = ingredient.servingSizeVariations.first(where: {
        IngredientWords.words(of: $0.unit).starts(with: wanted)
      })
    else {
      throw .validationError("\(ingredient.name) has no measure '\(words.joined(separator: " "))'; \(choices)")
    }
    self.amount = amount
    unit = words.joined(separator: " ")
    self.measure = measure
  }

  /// A decimal (`2`, `0.5`) or a fraction (`1/2`).
  private static func number(_ text: String) -> Double? {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    if parts.count == 2, let top = Double(parts[0]), let bottom = Double(parts[1]), bottom > 0 {
      return top / bottom
    }
    guard text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) else { return nil }
    return Double(text)
  }
}
