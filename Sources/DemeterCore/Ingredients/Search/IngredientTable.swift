/// A compact, read-only ingredient table with its search index, as the build embeds the USDA table
/// into the binary (`ingredient-embedder`): UTF-8 text, one header line (signature, food count, word
/// count, micronutrient keys, positions of the foods with alcohol), the vocabulary (one word a line,
/// sorted), then one line per food.
///
/// A food line holds tab-separated fields: id, name, category, rank prior, words (`word:part` or
/// `word:alias:a`, space-separated), aliases, kcal, protein, carbs, fat, fibre, sugar, serving size,
/// serving unit, serving description, subcategory, source, verification status, source reference,
/// micronutrients (positional, in the header's key order, comma-separated, empty when absent) and
/// portions (`amount`␟`unit`␟`grams`␟`description`, ␞-separated). An absent optional field is empty.
/// Only the index is read when the table is opened; a food's other fields are decoded when asked for.
public struct IngredientTable: @unchecked Sendable {
  /// The header's first word and version.
  static let signature = "demeter-ingredient-table 1"
  static let itemSeparator: Character = "␞"
  static let fieldSeparator: Character = "␟"

  /// The search index of the table's foods.
  public let index: IngredientIndex
  private let bytes: UnsafeBufferPointer<UInt8>
  private let lines: [Range<Int>]
  private let micronutrientKeys: [String]
  private let alcoholPositions: [Int]
  /// Food positions by id, for lookups.
  private let positionByID: [String: Int32]

  /// Why a table cannot be opened or written.
  public struct FormatError: Error, Sendable, CustomStringConvertible {
    public var description: String
  }

  /// Opens the table in `bytes`, which must stay valid and unchanged while the table is used (the
  /// embedded table is static).
  public init(bytes: UnsafeBufferPointer<UInt8>) throws(FormatError) {
    self.bytes = bytes
    var lineRanges: [Range<Int>] = []
    var start = 0
    for position in bytes.indices where bytes[position] == 0x0A {
      lineRanges.append(start..<position)
      start = position + 1
    }
    if start < bytes.count { lineRanges.append(start..<bytes.count) }
    guard let header = lineRanges.first else { throw FormatError(description: "empty ingredient table") }
    let headerFields = Self.text(bytes, header).split(separator: "\t", omittingEmptySubsequences: false)
    guard headerFields.count == 5, headerFields[0] == Self.signature, let foodCount = Int(headerFields[1]),
      let wordCount = Int(headerFields[2]), lineRanges.count == 1 + wordCount + foodCount
    else { throw FormatError(description: "not an ingredient table of this version") }
    micronutrientKeys = headerFields[3].split(separator: ",").map(String.init)
    alcoholPositions = headerFields[4].split(separator: ",").compactMap { Int($0) }.filter { 0..<foodCount ~= $0 }
    let words = lineRanges[1...wordCount].map { Array(bytes[$0]) }
    lines = Array(lineRanges[(1 + wordCount)...])
    var foods: [IngredientIndex.Food] = []
    var tokens: [IngredientIndex.Token] = []
    var tokenStart: [Int32] = [0]
    var positions: [String: Int32] = [:]
    foods.reserveCapacity(foodCount)
    for (position, line) in lines.enumerated() {
      let fields = Self.text(bytes, line).split(separator: "\t", maxSplits: 5, omittingEmptySubsequences: false)
      guard fields.count == 6, let category = IngredientCategory(rawValue: String(fields[2])),
        let prior = Int32(fields[3])
      else { throw FormatError(description: "food line \(position + 1) is malformed") }
      for token in fields[4].split(separator: " ") {
        let parts = token.split(separator: ":")
        guard parts.count >= 2, let word = Int32(parts[0]), 0..<Int32(wordCount) ~= word,
          let part = UInt8(parts[1])
        else { throw FormatError(description: "food line \(position + 1) has a malformed word") }
        tokens.append(IngredientIndex.Token(word: word, part: part, isAlias: parts.count == 3))
      }
      tokenStart.append(Int32(tokens.count))
      let id = String(fields[0])
      positions[id] = Int32(position)
      foods.append(IngredientIndex.Food(id: id, name: String(fields[1]), category: category, prior: prior))
    }
    positionByID = positions
    index = IngredientIndex(words: words, foods: foods, tokens: tokens, tokenStart: tokenStart)
  }

  /// How many foods the table holds.
  public var count: Int { lines.count }

  /// The position of the food with this id, if any.
  public func position(ofID id: String) -> Int? { positionByID[id].map(Int.init) }

  /// The food at `position` (`0..<count`), decoded in full.
  public func ingredient(at position: Int) -> Ingredient {
    let fields = Self.text(bytes, lines[position]).split(separator: "\t", omittingEmptySubsequences: false)
    func optional(_ index: Int) -> String? { fields[index].isEmpty ? nil : String(fields[index]) }
    func number(_ index: Int) -> Double? { Double(fields[index]) }
    var micronutrients: [String: Double] = [:]
    for (key, value) in zip(micronutrientKeys, fields[19].split(separator: ",", omittingEmptySubsequences: false))
    where !value.isEmpty {
      micronutrients[key] = Double(value)
    }
    let portions = fields[20].split(separator: Self.itemSeparator).map { item in
      let parts = item.split(separator: Self.fieldSeparator, omittingEmptySubsequences: false)
      return ServingVariation(
        amount: Double(parts[0]) ?? 1, unit: String(parts[1]), description: String(parts[3]),
        gramsEquivalent: Double(parts[2]) ?? 1)
    }
    // The table was written from valid ingredients (`encode`), so they are valid again.
    return try! Ingredient(
      id: String(fields[0]), name: String(fields[1]),
      aliases: fields[5].split(separator: Self.itemSeparator).map(String.init),
      caloriesPer100g: number(6) ?? 0, proteinPer100g: number(7) ?? 0, carbsPer100g: number(8) ?? 0,
      fatPer100g: number(9) ?? 0, fiberPer100g: number(10), sugarPer100g: number(11),
      micronutrientsPer100g: micronutrients, commonServingSize: number(12) ?? 100,
      commonServingUnit: String(fields[13]), commonServingDescription: optional(14),
      servingSizeVariations: portions, category: IngredientCategory(rawValue: String(fields[2])) ?? .snack,
      subcategory: optional(15), source: DataSource(rawValue: String(fields[16])) ?? .custom,
      verificationStatus: VerificationStatus(rawValue: String(fields[17])) ?? .unverified,
      sourceRef: optional(18))
  }

  /// The food with this id, if any.
  public func ingredient(withID id: String) -> Ingredient? {
    position(ofID: id).map(ingredient(at:))
  }

  /// The foods with alcohol (`IngredientAlcohol.micronutrient` above 0), decoded.
  public var foodsWithAlcohol: [Ingredient] { alcoholPositions.map(ingredient(at:)) }

  private static func text(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Substring {
    Substring(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
  }
}

extension IngredientTable {
  /// The table text of `ingredients` (in their order), with their index.
  /// - Throws: when a text holds a tab, line end, ␞ or ␟, or an ingredient has tags, a usage count or
  ///   a last-updated date (which the table does not keep).
  public static func encode(_ ingredients: [Ingredient]) throws(FormatError) -> String {
    let index = IngredientIndex(ingredients)
    let keys = Ingredient.micronutrientKeyOrder
    let alcohol = ingredients.indices.filter {
      (ingredients[$0].micronutrientsPer100g[IngredientAlcohol.micronutrient] ?? 0) > 0
    }
    var text =
      [
        Self.signature, String(ingredients.count), String(index.words.count), keys.joined(separator: ","),
        alcohol.map(String.init).joined(separator: ","),
      ].joined(separator: "\t") + "\n"
    for word in index.words { text += String(decoding: word, as: UTF8.self) + "\n" }
    for (position, ingredient) in ingredients.enumerated() {
      let others = Set(ingredient.micronutrientsPer100g.keys).subtracting(keys)
      guard ingredient.tags.isEmpty, ingredient.usageCount == 0, ingredient.lastUpdated == nil, others.isEmpty
      else {
        throw FormatError(
          description: "\(ingredient.id): tags, usage counts, dates and micronutrients other than "
            + keys.joined(separator: ", ") + " are not kept in the table")
      }
      let words = index.tokens(of: position).map {
        "\($0.word):\($0.part)" + ($0.isAlias ? ":a" : "")
      }
      func number(_ value: Double?) -> String { value.map(DecimalText.shortest) ?? "" }
      let strings = [
        ingredient.id, ingredient.name, ingredient.commonServingUnit, ingredient.commonServingDescription ?? "",
        ingredient.subcategory ?? "", ingredient.sourceRef ?? "",
      ] + ingredient.aliases + ingredient.servingSizeVariations.flatMap { [$0.unit, $0.description] }
      if let bad = strings.first(where: { $0.contains { "\t\n\r␞␟".contains($0) } }) {
        throw FormatError(description: "\(ingredient.id): '\(bad)' holds a tab, line end, ␞ or ␟")
      }
      let fields: [String] = [
        ingredient.id, ingredient.name, ingredient.category.rawValue, String(index.foods[position].prior),
        words.joined(separator: " "), ingredient.aliases.joined(separator: String(itemSeparator)),
        number(ingredient.caloriesPer100g), number(ingredient.proteinPer100g), number(ingredient.carbsPer100g),
        number(ingredient.fatPer100g), number(ingredient.fiberPer100g), number(ingredient.sugarPer100g),
        number(ingredient.commonServingSize), ingredient.commonServingUnit,
        ingredient.commonServingDescription ?? "", ingredient.subcategory ?? "", ingredient.source.rawValue,
        ingredient.verificationStatus.rawValue, ingredient.sourceRef ?? "",
        keys.map { number(ingredient.micronutrientsPer100g[$0]) }.joined(separator: ","),
        ingredient.servingSizeVariations.map {
          [number($0.amount), $0.unit, number($0.gramsEquivalent), $0.description]
            .joined(separator: String(fieldSeparator))
        }.joined(separator: String(itemSeparator)),
      ]
      text += fields.joined(separator: "\t") + "\n"
    }
    return text
  }
}
