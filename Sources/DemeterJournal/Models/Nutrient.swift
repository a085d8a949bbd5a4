/// One nutrient an entry states (manual: journal), declared once: the digest, the summaries and the reports
/// iterate `Nutrient.all` instead of naming each nutrient.
public struct Nutrient: Sendable, Hashable, CustomStringConvertible {
  /// Position in `Nutrient.all`, the index of this nutrient's sum in a digest.
  public let ordinal: Int
  /// The entry's JSON key, also the report column id (`calories`, `protein`, …).
  public let key: String
  /// `kcal` or `g`.
  public let unit: String
  /// Whether every entry must state it (absent optional nutrients count as 0 and are not "stated").
  public let isRequired: Bool
  /// Energy per gram where the macronutrient split counts it (4 / 4 / 9), else nil.
  public let kcalPerGram: Int?
  /// Decimals shown to readers (kcal 0, grams 1).
  public let readingDecimals: Int
  /// The column title in lists of entries (`kcal`, `P g`, …).
  public let listTitle: String
  /// The column title in report tables of totals (`kcal`, `Protein g`, `Carbs g`, …).
  public let reportTitle: String
  /// The key of its amount per 100 g in an ingredient line (`caloriesPer100g`, `carbsPer100g`, …).
  public let per100gKey: String
  /// Its name for readers (`Calories`, `Protein`, `Fiber`, …).
  public let name: String
  /// The command-line option that gives it (`--calories`, `--carbs`, …), without the dashes.
  public let optionName: String

  public var description: String { key }

  public static let calories = Nutrient(
    ordinal: 0, key: "calories", unit: "kcal", isRequired: true, kcalPerGram: nil, readingDecimals: 0,
    listTitle: "kcal", reportTitle: "kcal", per100gKey: "caloriesPer100g", name: "Calories",
    optionName: "calories")
  public static let protein = Nutrient(
    ordinal: 1, key: "protein", unit: "g", isRequired: true, kcalPerGram: 4, readingDecimals: 1,
    listTitle: "P g",
    reportTitle: "Protein g", per100gKey: "proteinPer100g", name: "Protein", optionName: "protein")
  public static let carbohydrates = Nutrient(
    ordinal: 2, key: "carbohydrates", unit: "g", isRequired: true, kcalPerGram: 4, readingDecimals: 1,
    listTitle: "C g", reportTitle: "Carbs g", per100gKey: "carbsPer100g", name: "Carbohydrates",
    optionName: "carbs")
  public static let fat = Nutrient(
    ordinal: 3, key: "fat", unit: "g", isRequired: true, kcalPerGram: 9, readingDecimals: 1, listTitle: "F g",
    reportTitle: "Fat g", per100gKey: "fatPer100g", name: "Fat", optionName: "fat")
  public static let fiber = Nutrient(
    ordinal: 4, key: "fiber", unit: "g", isRequired: false, kcalPerGram: nil, readingDecimals: 1,
    listTitle: "Fiber g", reportTitle: "Fiber g", per100gKey: "fiberPer100g", name: "Fiber",
    optionName: "fiber")
  public static let sugar = Nutrient(
    ordinal: 5, key: "sugar", unit: "g", isRequired: false, kcalPerGram: nil, readingDecimals: 1,
    listTitle: "Sugar g", reportTitle: "Sugar g", per100gKey: "sugarPer100g", name: "Sugar",
    optionName: "sugar")

  /// Every nutrient, in the order of the journal format and of report columns.
  public static let all: [Nutrient] = [calories, protein, carbohydrates, fat, fiber, sugar]
  /// The nutrients every entry states (kcal and the macronutrients): the columns of report tables.
  public static let required: [Nutrient] = all.filter(\.isRequired)
  /// The nutrients an entry may leave out (absent means not stated, counted as 0).
  public static let optional: [Nutrient] = all.filter { !$0.isRequired }
  /// The nutrients with energy per gram (protein, carbohydrates, fat), in `all` order.
  public static let macronutrients: [Nutrient] = all.filter { $0.kcalPerGram != nil }
}
