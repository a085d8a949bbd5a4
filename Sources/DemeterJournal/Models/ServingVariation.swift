import DemeterFoundation
/// A household measure of an ingredient and its weight, e.g. `1 large` = 61 g
/// (one item of the ingredient file's `portions` list).
public struct ServingVariation: Sendable, Hashable, Codable {
  /// How many of `unit`, e.g. `1` or `0.5`.
  public var amount: Double
  /// The measure, e.g. `large`, `cup, chopped`, `tbsp`.
  public var unit: String
  /// The measure as a person reads it, e.g. `1 large`.
  public var description: String
  /// The weight in grams of `amount` × `unit`.
  public var gramsEquivalent: Double

  /// A measure; `description` defaults to the amount and unit, e.g. `1 large` or `0.5 cup`.
  public init(amount: Double, unit: String, description: String? = nil, gramsEquivalent: Double) {
    self.amount = amount
    self.unit = unit
    self.description = description ?? Self.defaultDescription(amount: amount, unit: unit)
    self.gramsEquivalent = gramsEquivalent
  }

  /// `amount unit` with the amount in its shortest form (`1 large`, not `1.0 large`).
  public static func defaultDescription(amount: Double, unit: String) -> String {
    "\(DecimalText.shortest(amount)) \(unit)"
  }
}
