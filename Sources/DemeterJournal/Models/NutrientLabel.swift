/// How readers see any nutrient key a report shows (manual: targets): the six of `Nutrient.all` and the
/// named micronutrients (`Micronutrient.all`), each with its name, unit and decimals; another key is
/// shown as written, with 2 decimals.
public struct NutrientLabel: Sendable, Hashable {
  /// The journal's key (`protein`, `iron_mg`).
  public let key: String
  /// `Protein`, `Iron`; the key itself for a key without a name.
  public let name: String
  /// `g`, `mg`, `µg RAE`; empty for a key without a name.
  public let unit: String
  public let decimals: Int

  /// The label of `key`.
  public init(_ key: String) {
    if let nutrient = Nutrient.all.first(where: { $0.key == key }) {
      (name, unit, decimals) = (nutrient.name, nutrient.unit, nutrient.readingDecimals)
    } else if let micronutrient = Micronutrient.named(key) {
      (name, unit, decimals) = (micronutrient.name, micronutrient.unit, micronutrient.decimals)
    } else {
      (name, unit, decimals) = (key, "", 2)
    }
    self.key = key
  }

  /// `Iron, mg`; the key alone for a key without a name.
  public var text: String { unit.isEmpty ? name : "\(name), \(unit)" }

  /// Every key a target may be set for: `Nutrient.all`'s, then `Micronutrient.all`'s.
  public static let targetKeys: [String] = Nutrient.all.map(\.key) + Micronutrient.all.map(\.key)
}
