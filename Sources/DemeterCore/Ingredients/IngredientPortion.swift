import DemeterFoundation
import DemeterJournal

/// A household portion of an ingredient as a person writes it (`2 large`, `1/2 cup`, `1.5 tbsp`,
/// `medium`), matched against the ingredient's measures (`Ingredient.servingSizeVariations`).
public struct IngredientPortion: Sendable, Hashable {
  /// How many of the measure (1 when the text gives no number).
  public var amount: Double
  /// `amount` exactly as written (`1/3` is one third, not 0.333…).
  public var exactAmount: ExactFraction
  /// The measure as written, e.g. `large`.
  public var unit: String
  /// The ingredient's measure it matched.
  public var measure: ServingVariation

  /// The weight in grams.
  public var grams: Double { amount / measure.amount * measure.gramsEquivalent }

  /// The weight in grams exactly: the amount written, divided by the measure's amount, times its
  /// grams (the measure's numbers taken as the decimals the table wrote); nil if it does not fit.
  public var exactGrams: ExactFraction? {
    guard let measureAmount = ExactFraction(decimal: measure.amount),
      let measureGrams = ExactFraction(decimal: measure.gramsEquivalent),
      let share = exactAmount / measureAmount
    else { return nil }
    return share * measureGrams
  }

  /// The portion `text` names among `ingredient`'s measures: its unit words must start the measure's
  /// unit (`medium` matches `medium (7" to 7-7/8" long)`, `cup` matches `cup, chopped`), ignoring case
  /// and plurals; the first such measure in the table's order is taken.
  /// - Throws: `ModelError.validationError` saying what is wrong and which measures there are.
  public init(_ text: String, of ingredient: Ingredient) throws(ModelError) {
    var words = text.split(separator: " ").map(String.init)
    var amount: ExactFraction = 1
    if let first = words.first, let number = Self.number(first) {
      amount = number
      words.removeFirst()
    }
    let known = ingredient.servingSizeVariations.map { "'\($0.description)'" }.joined(separator: ", ")
    let choices = known.isEmpty ? "it has no household measures; use --grams" : "its measures are \(known)"
    guard amount.numerator > 0, !words.isEmpty else {
      throw .validationError(
        "a portion is an amount and a measure, e.g. '2 large' (got '\(text)'); \(choices)")
    }
    let wanted = IngredientWords.words(of: words.joined(separator: " "))
    guard
      let measure = ingredient.servingSizeVariations.first(where: {
        IngredientWords.words(of: $0.unit).starts(with: wanted)
      })
    else {
      throw .validationError(
        "\(ingredient.name) has no measure '\(words.joined(separator: " "))'; \(choices)")
    }
    self.amount = amount.doubleValue
    exactAmount = amount
    unit = words.joined(separator: " ")
    self.measure = measure
  }

  /// A decimal (`2`, `0.5`, `.5`) or a fraction (`1/2`, `1.5/2`), exactly.
  private static func number(_ text: String) -> ExactFraction? {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    if parts.count == 2, let top = decimal(parts[0]), let bottom = decimal(parts[1]), bottom.numerator > 0 {
      return top / bottom
    }
    return parts.count == 1 ? decimal(parts[0]) : nil
  }

  /// Digits with at most one decimal point (at most 30 digits), exactly.
  private static func decimal(_ text: Substring) -> ExactFraction? {
    var digits: Int128 = 0
    var scale: Int128 = 1
    var count = 0
    var point = false
    for byte in text.utf8 {
      if byte == UInt8(ascii: "."), !point {
        point = true
      } else if byte &- UInt8(ascii: "0") < 10, count < 30 {
        digits = digits * 10 + Int128(byte &- UInt8(ascii: "0"))
        count += 1
        if point { scale *= 10 }
      } else {
        return nil
      }
    }
    return count == 0 ? nil : ExactFraction(digits, over: scale)
  }
}
