import DemeterFoundation

/// A food in the ingredient database with its nutrition per 100 g (manual: journal ingredient database, §3).
///
/// Values that rules constrain (id, name, aliases, nutrients, servings, usage count) change only
/// through the validating initializer or the mutating methods, so an `Ingredient` is always valid.
/// Validation messages name the ingredient file's keys, which equal the property names except
/// `portions` for `servingSizeVariations`.
public struct Ingredient: Sendable, Hashable, Identifiable {
  /// Stable id, e.g. `usda-sr-01001`; never empty.
  public private(set) var id: String
  /// The name, e.g. `butter, salted`; never empty.
  public private(set) var name: String
  /// Other names, lowercased and trimmed, without empties or duplicates, in the order first given.
  public private(set) var aliases: [String]
  /// The amount of each nutrient per 100 g (`Nutrient.per100gKey` in the file): every required one
  /// known, an optional one when analysed; each finite and ≥ 0. `caloriesPer100g`, … are views of it.
  public private(set) var nutrientsPer100g: NutrientQuantities
  /// Micronutrients per 100 g by name (the name carries the unit, e.g. `sodium_mg`); each finite, ≥ 0.
  public private(set) var micronutrientsPer100g: [String: Double]
  /// The size of a common serving in `commonServingUnit`; finite and > 0.
  public private(set) var commonServingSize: Double
  /// The unit of `commonServingSize`, usually `g`.
  public var commonServingUnit: String
  /// The household measure the common serving stands for, e.g. `1 pat (1" sq, 1/3" high)`.
  public var commonServingDescription: String?
  /// Household measures and their weights (the file's `portions`); amounts and grams finite and > 0.
  public private(set) var servingSizeVariations: [ServingVariation]
  /// The broad food group.
  public var category: IngredientCategory
  /// A finer group, e.g. the USDA food group `Dairy and Egg Products`.
  public var subcategory: String?
  /// Free-form tags, in the order given.
  public var tags: [String]
  /// Where the data comes from.
  public var source: DataSource
  /// How far the data has been checked.
  public var verificationStatus: VerificationStatus
  /// The day the data was last changed, if known.
  public var lastUpdated: CivilDate?
  /// How often the ingredient was used; ≥ 0. Reports count usage from the journal instead (manual: journal).
  public private(set) var usageCount: Int
  /// The lowercased words of the name and aliases, without duplicates, sorted (made when asked for,
  /// not each time an ingredient is decoded).
  public var searchTokens: [String] { Self.tokens(name: name, aliases: aliases) }
  /// A citation of the source record, e.g. `USDA SR28 NDB 01001`.
  public var sourceRef: String?

  /// Creates an ingredient, normalising aliases (its search tokens are made from the name and aliases).
  /// - Throws: `ModelError.validationError` naming the first bad field: an empty id or name, a negative
  ///   or non-finite nutrient, a serving size, portion amount or weight that is not > 0, or a negative
  ///   usage count.
  public init(
    id: String,
    name: String,
    aliases: [String] = [],
    caloriesPer100g: Double,
    proteinPer100g: Double,
    carbsPer100g: Double,
    fatPer100g: Double,
    fiberPer100g: Double? = nil,
    sugarPer100g: Double? = nil,
    micronutrientsPer100g: [String: Double] = [:],
    commonServingSize: Double = 100,
    commonServingUnit: String = "g",
    commonServingDescription: String? = nil,
    servingSizeVariations: [ServingVariation] = [],
    category: IngredientCategory,
    subcategory: String? = nil,
    tags: [String] = [],
    source: DataSource = .custom,
    verificationStatus: VerificationStatus = .unverified,
    lastUpdated: CivilDate? = nil,
    usageCount: Int = 0,
    sourceRef: String? = nil
  ) throws(ModelError) {
    let nutrients = NutrientQuantities(
      calories: caloriesPer100g, protein: proteinPer100g, carbohydrates: carbsPer100g, fat: fatPer100g,
      fiber: fiberPer100g, sugar: sugarPer100g)
    try self.init(
      id: id, name: name, aliases: aliases, nutrientsPer100g: nutrients,
      micronutrientsPer100g: micronutrientsPer100g, commonServingSize: commonServingSize,
      commonServingUnit: commonServingUnit, commonServingDescription: commonServingDescription,
      servingSizeVariations: servingSizeVariations, category: category, subcategory: subcategory, tags: tags,
      source: source, verificationStatus: verificationStatus, lastUpdated: lastUpdated,
      usageCount: usageCount,
      sourceRef: sourceRef)
  }

  /// Creates an ingredient with the amount of each nutrient per 100 g in `nutrientsPer100g` (a
  /// required nutrient not known counts as 0), checked as the initializer above checks.
  public init(
    id: String, name: String, aliases: [String] = [], nutrientsPer100g: NutrientQuantities,
    micronutrientsPer100g: [String: Double] = [:], commonServingSize: Double = 100,
    commonServingUnit: String = "g", commonServingDescription: String? = nil,
    servingSizeVariations: [ServingVariation] = [], category: IngredientCategory, subcategory: String? = nil,
    tags: [String] = [], source: DataSource = .custom, verificationStatus: VerificationStatus = .unverified,
    lastUpdated: CivilDate? = nil, usageCount: Int = 0, sourceRef: String? = nil
  ) throws(ModelError) {
    let id = id.trimmingSpacesAndNewlines()
    let name = name.trimmingSpacesAndNewlines()
    if id.isEmpty { throw Self.fieldError("id", "a non-empty string", got: "\"\"") }
    if name.isEmpty { throw Self.fieldError("name", "a non-empty string", got: "\"\"") }
    let nutrientsPer100g = nutrientsPer100g.withRequiredKnown
    var amounts = nutrientsPer100g.known.map { ($0.nutrient.per100gKey, $0.amount) }
    // Sorted by key, to name the first bad one, only when there is one (sorting costs more than checking).
    if micronutrientsPer100g.values.contains(where: { !($0.isFinite && $0 >= 0) }) {
      for (key, value) in micronutrientsPer100g.sorted(by: { $0.key < $1.key }) {
        amounts.append(("micronutrientsPer100g." + key, value))
      }
    }
    for (key, value) in amounts where !(value.isFinite && value >= 0) {
      throw Self.fieldError(key, "a number ≥ 0", got: DecimalText.shortest(value))
    }
    func checkSize(_ value: Double, _ key: @autoclosure () -> String) throws(ModelError) {
      guard value.isFinite, value > 0 else {
        throw Self.fieldError(key(), "a number > 0", got: DecimalText.shortest(value))
      }
    }
    try checkSize(commonServingSize, "commonServingSize")
    for (index, variation) in servingSizeVariations.enumerated() {
      try checkSize(variation.amount, "portions[\(index)].amount")
      try checkSize(variation.gramsEquivalent, "portions[\(index)].grams")
    }
    if usageCount < 0 { throw Self.fieldError("usageCount", "a whole number ≥ 0", got: String(usageCount)) }

    self.id = id
    self.name = name
    let aliases = Self.normalizedAliases(aliases)
    self.aliases = aliases
    self.nutrientsPer100g = nutrientsPer100g
    self.micronutrientsPer100g = micronutrientsPer100g
    self.commonServingSize = commonServingSize
    self.commonServingUnit = commonServingUnit
    self.commonServingDescription = commonServingDescription
    self.servingSizeVariations = servingSizeVariations
    self.category = category
    self.subcategory = subcategory
    self.tags = tags
    self.source = source
    self.verificationStatus = verificationStatus
    self.lastUpdated = lastUpdated
    self.usageCount = usageCount
    self.sourceRef = sourceRef
  }
}

// MARK: - Reading

extension Ingredient {
  /// Whether the data has been verified.
  public var isVerified: Bool { verificationStatus == .verified }

  /// The name with its first letter capitalised, e.g. `Butter, salted`.
  public var displayName: String { name.prefix(1).uppercased() + name.dropFirst() }

  /// The nutrition of 100 g.
  public var nutritionalInfoPer100g: NutritionalInfo {
    NutritionalInfo(nutrients: nutrientsPer100g, micronutrients: micronutrientsPer100g)
  }

  /// Energy in kcal per 100 g; finite and ≥ 0.
  public var caloriesPer100g: Double { nutrientsPer100g[.calories] ?? 0 }
  /// Protein in grams per 100 g; finite and ≥ 0.
  public var proteinPer100g: Double { nutrientsPer100g[.protein] ?? 0 }
  /// Carbohydrates in grams per 100 g; finite and ≥ 0.
  public var carbsPer100g: Double { nutrientsPer100g[.carbohydrates] ?? 0 }
  /// Fat in grams per 100 g; finite and ≥ 0.
  public var fatPer100g: Double { nutrientsPer100g[.fat] ?? 0 }
  /// Dietary fibre in grams per 100 g, if analysed; finite and ≥ 0.
  public var fiberPer100g: Double? { nutrientsPer100g[.fiber] }
  /// Sugars in grams per 100 g, if analysed; finite and ≥ 0.
  public var sugarPer100g: Double? { nutrientsPer100g[.sugar] }

  /// The nutrition of `grams` grams: each per-100 g amount times `grams / 100`. The caller checks that
  /// `grams` is a finite amount ≥ 0 (a journal quantity always is).
  public func nutrition(forGrams grams: Double) -> NutritionalInfo {
    nutritionalInfoPer100g.scaled(by: grams / 100)
  }

  /// Whether `searchTerm` finds this ingredient, ignoring case and diacritics (`jalapeno` finds
  /// `jalapeño`): the term occurs in the name or an alias, or each of its words starts a search token
  /// (`salted butter` finds `butter, salted`). A term without letters or digits finds nothing.
  /// - Complexity: O(total length of name, aliases and tokens).
  public func matches(searchTerm: String) -> Bool {
    let term = Self.folded(searchTerm.trimmingSpacesAndNewlines())
    let words = Self.words(of: term)
    guard !words.isEmpty else { return false }
    if Self.folded(name).contains(term) { return true }
    if aliases.contains(where: { Self.folded($0).contains(term) }) { return true }
    let tokens = searchTokens.map(Self.folded)
    return words.allSatisfy { word in tokens.contains { $0.hasPrefix(word) } }
  }
}

// MARK: - Changing

extension Ingredient {
  /// Adds `alias`, lowercased and trimmed, unless it is empty or already there.
  /// - Returns: whether the alias was added.
  @discardableResult
  public mutating func addAlias(_ alias: String) -> Bool {
    let normalized = Self.normalizedAlias(alias)
    guard !normalized.isEmpty, !aliases.contains(normalized) else { return false }
    aliases.append(normalized)
    return true
  }

  /// Counts one more use (stops at `Int.max`).
  public mutating func incrementUsage() {
    if usageCount < Int.max { usageCount += 1 }
  }
}

// MARK: - Helpers

extension Ingredient {
  /// `"key" must be <expectation>, got <got>`, the one shape of every ingredient field error.
  static func fieldError(_ key: String, _ expectation: String, got: String) -> ModelError {
    .validationError("\"\(key)\" must be \(expectation), got \(got)")
  }

  private static func normalizedAlias(_ alias: String) -> String {
    alias.trimmingSpacesAndNewlines().lowercased()
  }

  private static func normalizedAliases(_ aliases: [String]) -> [String] {
    var seen = Set<String>()
    var result: [String] = []
    for alias in aliases.map(normalizedAlias) where !alias.isEmpty && seen.insert(alias).inserted {
      result.append(alias)
    }
    return result
  }

  private static func words(of text: String) -> [String] {
    text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
  }

  private static func tokens(name: String, aliases: [String]) -> [String] {
    let all = ([name] + aliases).flatMap { words(of: $0.lowercased()) }
    return Array(Set(all)).sorted()
  }

  /// Case- and diacritic-insensitive form, independent of the machine's locale.
  private static func folded(_ text: String) -> String {
    SearchFolding.folded(text)
  }
}
