/// A micronutrient's key as journals write it (`iron_mg`), with its name and unit for readers and the
/// decimals its amounts need (manual: targets). Declared once: reports, the food table's key order and
/// the reference intakes iterate `Micronutrient.all`; a key not in it is still read and summed, shown
/// under its key.
public struct Micronutrient: Sendable, Hashable {
  /// The key in an entry's `micronutrients` object and in the food table (`vitamin_a_rae_ug`).
  public let key: String
  /// Its name for readers (`Vitamin A`).
  public let name: String
  /// The unit of its amounts, as readers write it (`µg RAE`, `mg`, `g`).
  public let unit: String
  /// Decimals an amount needs to be read (0 for sodium in mg, 2 for thiamin in mg).
  public let decimals: Int
  /// Whether the built-in food table (USDA SR28) gives it per 100 g.
  public let isInFoodTable: Bool

  /// `Vitamin A, µg RAE`: the name and unit for a table's row.
  public var label: String { "\(name), \(unit)" }

  init(_ key: String, _ name: String, _ unit: String, decimals: Int, inFoodTable: Bool = true) {
    self.key = key
    self.name = name
    self.unit = unit
    self.decimals = decimals
    self.isInFoodTable = inFoodTable
  }

  /// Every micronutrient with a name: first those of the food table, in the order its file writes
  /// them, then those only the reference intakes give.
  public static let all: [Micronutrient] = [
    Micronutrient("sodium_mg", "Sodium", "mg", decimals: 0),
    Micronutrient("potassium_mg", "Potassium", "mg", decimals: 0),
    Micronutrient("calcium_mg", "Calcium", "mg", decimals: 0),
    Micronutrient("iron_mg", "Iron", "mg", decimals: 1),
    Micronutrient("magnesium_mg", "Magnesium", "mg", decimals: 0),
    Micronutrient("phosphorus_mg", "Phosphorus", "mg", decimals: 0),
    Micronutrient("zinc_mg", "Zinc", "mg", decimals: 1),
    Micronutrient("copper_mg", "Copper", "mg", decimals: 2),
    Micronutrient("manganese_mg", "Manganese", "mg", decimals: 2),
    Micronutrient("selenium_ug", "Selenium", "µg", decimals: 1),
    Micronutrient("vitamin_c_mg", "Vitamin C", "mg", decimals: 1),
    Micronutrient("vitamin_a_rae_ug", "Vitamin A", "µg RAE", decimals: 0),
    Micronutrient("vitamin_d_ug", "Vitamin D", "µg", decimals: 1),
    Micronutrient("vitamin_e_mg", "Vitamin E", "mg", decimals: 1),
    Micronutrient("vitamin_k_ug", "Vitamin K", "µg", decimals: 1),
    Micronutrient("thiamin_mg", "Thiamin", "mg", decimals: 2),
    Micronutrient("riboflavin_mg", "Riboflavin", "mg", decimals: 2),
    Micronutrient("niacin_mg", "Niacin", "mg", decimals: 1),
    Micronutrient("vitamin_b6_mg", "Vitamin B6", "mg", decimals: 2),
    Micronutrient("folate_dfe_ug", "Folate", "µg DFE", decimals: 0),
    Micronutrient("vitamin_b12_ug", "Vitamin B12", "µg", decimals: 2),
    Micronutrient("choline_mg", "Choline", "mg", decimals: 0),
    Micronutrient("cholesterol_mg", "Cholesterol", "mg", decimals: 0),
    Micronutrient("saturated_fat_g", "Saturated fat", "g", decimals: 1),
    Micronutrient("monounsaturated_fat_g", "Monounsaturated fat", "g", decimals: 1),
    Micronutrient("polyunsaturated_fat_g", "Polyunsaturated fat", "g", decimals: 1),
    Micronutrient("trans_fat_g", "Trans fat", "g", decimals: 2),
    Micronutrient("caffeine_mg", "Caffeine", "mg", decimals: 0),
    Micronutrient("alcohol_g", "Alcohol", "g", decimals: 1),
    Micronutrient("water_g", "Water", "g", decimals: 0),
    Micronutrient("pantothenic_acid_mg", "Pantothenic acid", "mg", decimals: 2, inFoodTable: false),
    Micronutrient("biotin_ug", "Biotin", "µg", decimals: 1, inFoodTable: false),
    Micronutrient("chromium_ug", "Chromium", "µg", decimals: 1, inFoodTable: false),
    Micronutrient("fluoride_mg", "Fluoride", "mg", decimals: 2, inFoodTable: false),
    Micronutrient("iodine_ug", "Iodine", "µg", decimals: 0, inFoodTable: false),
    Micronutrient("molybdenum_ug", "Molybdenum", "µg", decimals: 1, inFoodTable: false),
    Micronutrient("chloride_mg", "Chloride", "mg", decimals: 0, inFoodTable: false),
  ]

  /// The micronutrient of `key`, or nil for a key without a name.
  public static func named(_ key: String) -> Micronutrient? { byKey[key] }

  private static let byKey = Dictionary(uniqueKeysWithValues: all.map { ($0.key, $0) })
}
