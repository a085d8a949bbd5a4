import DemeterFoundation

/// The ingredient file's line format (manual: journal ingredient database): the one decoder and the one encoder.
extension Ingredient {
  /// The micronutrient keys in the order the shared USDA file writes them; other keys follow, sorted.
  package static let micronutrientKeyOrder = Micronutrient.all.filter(\.isInFoodTable).map(\.key)

  /// `micronutrients` in the shared USDA file's key order, then other names sorted.
  public static func orderedMicronutrients(_ micronutrients: [String: Double]) -> [(
    name: String, value: Double
  )] {
    let known = micronutrientKeyOrder.filter { micronutrients[$0] != nil }
    let others = micronutrients.keys.filter { !micronutrientKeyOrder.contains($0) }.sorted()
    return (known + others).map { ($0, micronutrients[$0]!) }
  }

  /// Decodes one line of `ingredients.jsonl`. Required: `id`, `name`, `caloriesPer100g`,
  /// `proteinPer100g`, `carbsPer100g`, `fatPer100g`, `category`. Optional (with their defaults):
  /// `aliases` ([]), `fiberPer100g`, `sugarPer100g`, `micronutrientsPer100g` ({}), `commonServingSize`
  /// (100), `commonServingUnit` ("g"), `commonServingDescription`, `portions` ([] — a list of
  /// `{"amount","unit","grams"}`, optionally with `"description"`), `subcategory`, `tags` ([]),
  /// `source` ("custom"), `verificationStatus` ("unverified"), `lastUpdated` (`YYYY-MM-DD`),
  /// `usageCount` (0), `sourceRef`. `null` counts as absent for optional keys; unknown keys are ignored.
  /// - Throws: `ModelError.validationError` naming the key and what was wrong, e.g.
  ///   `"caloriesPer100g" must be a number ≥ 0, got "abc"`.
  public init(json object: JSONObject) throws(ModelError) {
    let field = FieldReader(object: object)
    let id = try field.requiredString("id")
    let name = try field.requiredString("name")
    let aliases = try field.strings("aliases")
    let nutrients = try NutrientQuantities { nutrient throws(ModelError) in
      nutrient.isRequired
        ? try field.requiredNumber(nutrient.per100gKey, "a number ≥ 0")
        : try field.number(nutrient.per100gKey, "a number ≥ 0")
    }
    try self.init(
      id: id, name: name, aliases: aliases, nutrientsPer100g: nutrients,
      micronutrientsPer100g: field.micronutrients("micronutrientsPer100g"),
      commonServingSize: field.number("commonServingSize", "a number > 0") ?? 100,
      commonServingUnit: field.string("commonServingUnit") ?? "g",
      commonServingDescription: field.string("commonServingDescription"),
      servingSizeVariations: field.portions("portions"),
      category: field.requiredChoice("category", IngredientCategory.self),
      subcategory: field.string("subcategory"),
      tags: field.strings("tags"),
      source: field.choice("source", DataSource.self) ?? .custom,
      verificationStatus: field.choice("verificationStatus", VerificationStatus.self) ?? .unverified,
      lastUpdated: field.date("lastUpdated"),
      usageCount: field.count("usageCount") ?? 0,
      sourceRef: field.string("sourceRef"))
  }

  /// Encodes the ingredient as one line of `ingredients.jsonl`, keys in the shared file's order:
  /// `id, name, aliases, caloriesPer100g, proteinPer100g, carbsPer100g, fatPer100g, fiberPer100g?,
  /// sugarPer100g?, commonServingSize, commonServingUnit, commonServingDescription?, category,
  /// subcategory?, source, verificationStatus, micronutrientsPer100g, portions?, sourceRef?`, then
  /// `tags`, `usageCount` and `lastUpdated` when they are not empty, 0 or absent. Micronutrients follow
  /// the shared file's order, then other names sorted. Decoding the result gives an equal ingredient.
  public func jsonObject() -> JSONObject {
    var members: [(String, JSONValue)] = [
      ("id", .string(id)), ("name", .string(name)), ("aliases", .array(aliases.map(JSONValue.string))),
    ]
    for (nutrient, amount) in nutrientsPer100g.known {
      members.append((nutrient.per100gKey, Self.number(amount)))
    }
    members.append(("commonServingSize", Self.number(commonServingSize)))
    members.append(("commonServingUnit", .string(commonServingUnit)))
    if let commonServingDescription {
      members.append(("commonServingDescription", .string(commonServingDescription)))
    }
    members.append(("category", .string(category.rawValue)))
    if let subcategory { members.append(("subcategory", .string(subcategory))) }
    members.append(("source", .string(source.rawValue)))
    members.append(("verificationStatus", .string(verificationStatus.rawValue)))
    members.append(
      (
        "micronutrientsPer100g",
        Self.object(
          Self.orderedMicronutrients(micronutrientsPer100g).map { ($0.name, Self.number($0.value)) })
      ))
    if !servingSizeVariations.isEmpty {
      members.append(("portions", .array(servingSizeVariations.map(Self.portion))))
    }
    if let sourceRef { members.append(("sourceRef", .string(sourceRef))) }
    if !tags.isEmpty { members.append(("tags", .array(tags.map(JSONValue.string)))) }
    if usageCount != 0 { members.append(("usageCount", .number(JSONNumber(literal: String(usageCount))))) }
    if let lastUpdated { members.append(("lastUpdated", .string(lastUpdated.description))) }
    return JSONObject(
      members: members.map { JSONMember(key: $0.0, value: $0.1, keyOffset: 0, valueOffset: 0) })
  }

  private static func number(_ value: Double) -> JSONValue {
    .number(JSONNumber(literal: DecimalText.shortest(value)))
  }

  private static func object(_ members: [(String, JSONValue)]) -> JSONValue {
    .object(
      JSONObject(members: members.map { JSONMember(key: $0.0, value: $0.1, keyOffset: 0, valueOffset: 0) }))
  }

  private static func portion(_ variation: ServingVariation) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("amount", number(variation.amount)), ("unit", .string(variation.unit)),
      ("grams", number(variation.gramsEquivalent)),
    ]
    if variation.description
      != ServingVariation.defaultDescription(amount: variation.amount, unit: variation.unit)
    {
      members.append(("description", .string(variation.description)))
    }
    return object(members)
  }
}

// MARK: - Reading fields

/// Reads typed values out of one JSON object, with messages that name the key (or path) and what was
/// wrong. Ranges (≥ 0, > 0) are checked by `Ingredient.init`, with messages of the same shape.
private struct FieldReader {
  package let object: JSONObject

  /// The value of optional `key`; nil when absent or `null`.
  package func value(_ key: String) -> JSONValue? {
    guard let value = object[key], value != .null else { return nil }
    return value
  }

  /// The value of required `key`.
  /// - Throws: when it is absent or `null`, saying what it must be.
  func requiredValue(_ key: String, _ expectation: String) throws(ModelError) -> JSONValue {
    guard let value = value(key) else {
      throw .validationError("\"\(key)\" is missing; it must be \(expectation)")
    }
    return value
  }

  package func string(_ key: String) throws(ModelError) -> String? {
    guard let value = value(key) else { return nil }
    return try Self.string(value, path: key, "a string")
  }

  func requiredString(_ key: String) throws(ModelError) -> String {
    try Self.string(requiredValue(key, "a non-empty string"), path: key, "a non-empty string")
  }

  package func number(_ key: String, _ expectation: String) throws(ModelError) -> Double? {
    guard let value = value(key) else { return nil }
    return try Self.number(value, path: key, expectation)
  }

  func requiredNumber(_ key: String, _ expectation: String) throws(ModelError) -> Double {
    try Self.number(requiredValue(key, expectation), path: key, expectation)
  }

  func choice<Choice: RawRepresentable & CaseIterable>(_ key: String, _ type: Choice.Type) throws(ModelError)
    -> Choice? where Choice.RawValue == String
  {
    guard let value = value(key) else { return nil }
    return try Self.choice(value, path: key, type)
  }

  func requiredChoice<Choice: RawRepresentable & CaseIterable>(_ key: String, _ type: Choice.Type)
    throws(ModelError) -> Choice where Choice.RawValue == String
  {
    try Self.choice(requiredValue(key, Self.choices(type)), path: key, type)
  }

  package func strings(_ key: String) throws(ModelError) -> [String] {
    guard let value = value(key) else { return [] }
    guard case .array(let items) = value else { throw Self.error(key, "an array of strings", value) }
    var result: [String] = []
    for (index, item) in items.enumerated() {
      guard case .string(let text) = item else { throw Self.error("\(key)[\(index)]", "a string", item) }
      result.append(text)
    }
    return result
  }

  package func micronutrients(_ key: String) throws(ModelError) -> [String: Double] {
    let expectation = "an object of names and numbers ≥ 0"
    guard let value = value(key) else { return [:] }
    guard case .object(let inner) = value else { throw Self.error(key, expectation, value) }
    var result: [String: Double] = [:]
    for member in inner.members {
      result[member.key] = try Self.number(member.value, path: "\(key).\(member.key)", "a number ≥ 0")
    }
    return result
  }

  package func portions(_ key: String) throws(ModelError) -> [ServingVariation] {
    let expectation = "an array of {\"amount\", \"unit\", \"grams\"} objects"
    guard let value = value(key) else { return [] }
    guard case .array(let items) = value else { throw Self.error(key, expectation, value) }
    var result: [ServingVariation] = []
    for (index, item) in items.enumerated() {
      let path = "\(key)[\(index)]"
      guard case .object(let inner) = item else {
        throw Self.error(path, "an object with \"amount\", \"unit\" and \"grams\"", item)
      }
      let amount = try Self.number(
        Self.member("amount", of: inner, at: path), path: "\(path).amount", "a number > 0")
      let grams = try Self.number(
        Self.member("grams", of: inner, at: path), path: "\(path).grams", "a number > 0")
      let unitValue = try Self.member("unit", of: inner, at: path)
      guard case .string(let unit) = unitValue else {
        throw Self.error("\(path).unit", "a string", unitValue)
      }
      var description: String?
      switch inner["description"] {
      case nil, .null?: description = nil
      case .string(let text)?: description = text
      case let other?: throw Self.error("\(path).description", "a string", other)
      }
      result.append(
        ServingVariation(amount: amount, unit: unit, description: description, gramsEquivalent: grams))
    }
    return result
  }

  package func date(_ key: String) throws(ModelError) -> CivilDate? {
    let expectation = "a date written YYYY-MM-DD"
    guard let value = value(key) else { return nil }
    guard case .string(let text) = value, let date = Self.civilDate(text) else {
      throw Self.error(key, expectation, value)
    }
    return date
  }

  package func count(_ key: String) throws(ModelError) -> Int? {
    let expectation = "a whole number ≥ 0"
    guard let value = value(key) else { return nil }
    let number = try Self.number(value, path: key, expectation)
    guard number >= 0, number == number.rounded(), number < 9.0e18 else {
      throw Self.error(key, expectation, value)
    }
    return Int(number)
  }

  // MARK: Helpers

  /// The required member `key` of one portion object at `path`.
  private static func member(_ key: String, of portion: JSONObject, at path: String) throws(ModelError)
    -> JSONValue
  {
    guard let value = portion[key], value != .null else {
      throw .validationError(
        "\"\(path).\(key)\" is missing; every portion needs \"amount\", \"unit\" and \"grams\"")
    }
    return value
  }

  private static func number(_ value: JSONValue, path: String, _ expectation: String) throws(ModelError)
    -> Double
  {
    guard case .number(let number) = value, let double = doubleValue(number) else {
      throw error(path, expectation, value)
    }
    return double
  }

  private static func string(_ value: JSONValue, path: String, _ expectation: String) throws(ModelError)
    -> String
  {
    guard case .string(let text) = value else { throw error(path, expectation, value) }
    return text
  }

  private static func choice<Choice: RawRepresentable & CaseIterable>(
    _ value: JSONValue, path: String, _ type: Choice.Type
  ) throws(ModelError) -> Choice where Choice.RawValue == String {
    guard case .string(let text) = value, let choice = Choice(rawValue: text) else {
      throw error(path, choices(type), value)
    }
    return choice
  }

  /// `one of a, b, c` for the cases of `type`.
  private static func choices<Choice: RawRepresentable & CaseIterable>(_ type: Choice.Type) -> String
  where Choice.RawValue == String {
    "one of " + Choice.allCases.map(\.rawValue).joined(separator: ", ")
  }

  /// The one place a `JSONNumber` becomes a `Double` (the parser guarantees a finite value).
  private static func doubleValue(_ number: JSONNumber) -> Double? {
    Double(number.literal)
  }

  private static func error(_ path: String, _ expectation: String, _ value: JSONValue) -> ModelError {
    Ingredient.fieldError(path, expectation, got: shown(value))
  }

  /// A short, terminal-safe rendering of a value for messages: strings quoted, long ones cut.
  private static func shown(_ value: JSONValue) -> String {
    switch value {
    case .null: return "null"
    case .bool(let flag): return flag ? "true" : "false"
    case .number(let number): return TerminalSafeText.sanitize(String(number.literal.prefix(40))).text
    case .string(let text):
      let cut = text.count > 40 ? String(text.prefix(40)) + "…" : text
      return "\"" + TerminalSafeText.sanitize(cut).text + "\""
    case .array: return "an array"
    case .object: return "an object"
    }
  }

  /// `YYYY-MM-DD` (four-digit year), or nil.
  private static func civilDate(_ text: String) -> CivilDate? {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
    else { return nil }
    return CivilDate(year: year, month: month, day: day)
  }
}
