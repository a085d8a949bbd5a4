import DemeterFoundation
import DemeterJournal

/// The built-in sample journal (manual: command-line `--sample`): four weeks of a made-up person's log ending on
/// a given day, with real USDA foods, a short trip abroad, low-confidence and unmatched entries, and
/// a drink whose calories disagree with its macronutrients, and recipes, recipe books and a meal plan
/// for the last seven days, whose entries are partly logged from the recipes (`SampleRecipes`).
/// Deterministic: a day's entries depend only on its date and its place in the planned week. Produced as
/// journal text, so it goes through the same parser as files.
public enum SampleJournal {
  /// The folder name shown in locations (`sample-journal/2026-11-21.jsonl:3:1`).
  public static let folder = "sample-journal"
  /// How many days the sample covers.
  public static let dayCount = 28

  /// The in-memory day files of the `dayCount` days ending on `lastDay`.
  public static func dayFiles(endingOn lastDay: CivilDate) -> [DayFile] {
    (0..<dayCount).map { offset in
      let day = lastDay.adding(days: offset - dayCount + 1)
      let planned = offset >= dayCount - 7 ? offset - (dayCount - 7) : nil
      let text = entries(on: day, plannedDay: planned).map { JSONWriter.string(.object($0)) + "\n" }.joined()
      return DayFile(path: "\(folder)/\(day).jsonl", date: day, contents: Array(text.utf8))
    }
  }

  /// The sample's `ingredients.jsonl`: the USDA foods it uses.
  public static var ingredientsText: [UInt8] {
    Array(SampleFoods.all.map { JSONWriter.string(.object(ingredientLine($0))) + "\n" }.joined().utf8)
  }

  /// The sample's recipe files, `recipes/ID.json`: their paths relative to the journal and their bytes.
  public static var recipeFiles: [(path: String, bytes: [UInt8])] {
    SampleRecipes.all.map {
      (
        "\(JournalLayout.recipesFolderName)/\($0.id)\(JournalLayout.recipeFileExtension)",
        RecipeEncoder.bytes($0)
      )
    }
  }

  /// The sample's recipe files read as a journal's are, named as under `sample-journal/`.
  public static var recipeDocuments: [RecipeDocument] {
    recipeFiles.map { RecipeDocument(bytes: $0.bytes, path: "\(folder)/\($0.path)") }
  }

  /// The sample's recipe files read as `recipeDocuments` reads them, by recipe id: built once, so a
  /// report looks each recipe up without going through the list.
  public static let recipeDocumentsByID: [String: RecipeDocument] = {
    var byID: [String: RecipeDocument] = [:]
    for document in recipeDocuments {
      if let id = document.recipe?.id, byID[id] == nil { byID[id] = document }
    }
    return byID
  }()

  /// The ids of the sample's recipes.
  public static var recipeIDs: [String] { SampleRecipes.all.map(\.id) }

  /// The sample's plan file for its last seven days (those ending on `lastDay`): its path relative to
  /// the journal and its bytes.
  public static func planFile(endingOn lastDay: CivilDate) -> (path: String, bytes: [UInt8]) {
    let plan = SampleRecipes.plan(endingOn: lastDay)
    return (
      "\(JournalLayout.plansFolderName)/\(plan.name)\(JournalLayout.planFileExtension)",
      PlanEncoder.bytes(plan)
    )
  }

  /// The path the sample's ingredient file is shown under.
  public static let ingredientsPath = "\(folder)/ingredients.jsonl"

  // MARK: - Entries

  private struct Meal {
    var name: String
    var code: Character
    var minute: Int
    var count: ClosedRange<Int>
    var chance: Double
  }

  private static let meals = [
    Meal(name: "breakfast", code: "b", minute: 7 * 60 + 20, count: 2...3, chance: 1),
    Meal(name: "lunch", code: "l", minute: 12 * 60 + 30, count: 3...4, chance: 0.95),
    Meal(name: "snack", code: "s", minute: 15 * 60 + 40, count: 1...2, chance: 0.8),
    Meal(name: "dinner", code: "d", minute: 19 * 60 + 5, count: 3...4, chance: 1),
    Meal(name: "snack", code: "s", minute: 21 * 60 + 50, count: 1...1, chance: 0.35),
  ]

  /// The entries of `day`; `plannedDay` is its place (0–6) in the planned week, if it is in it.
  static func entries(on day: CivilDate, plannedDay: Int? = nil) -> [JSONObject] {
    // Seed from a scrambled date, so different days' streams do not overlap.
    var seeder = SplitMix64(seed: UInt64(bitPattern: Int64(day.dayNumber)))
    var random = SplitMix64(seed: seeder.next())
    let offset = abroad(day) ? "+01:00" : "-05:00"
    var lines: [JSONObject] = []
    var logged = Set<String>()
    for meal in meals where random.unit() < meal.chance {
      if let plannedDay, let kind = DemeterCore.Meal(rawValue: meal.name), logged.insert(meal.name).inserted,
        let fromPlan = SampleRecipes.logged(dayIndex: plannedDay, meal: kind)
      {
        if let (recipe, servings) = fromPlan {
          lines.append(
            recipeEntry(
              recipe, servings: servings, meal: meal.name, day: day, minute: meal.minute + 5, offset: offset,
              random: &random))
        }
        continue
      }
      let choices = SampleFoods.all.filter { $0.meals.contains(meal.code) }
      let count = meal.count.lowerBound + random.below(meal.count.count)
      var used = Set<String>()
      for index in 0..<count {
        let food = choices[random.below(choices.count)]
        guard used.insert(food.id).inserted else { continue }
        let minute = meal.minute + index * 2 + random.below(25)
        lines.append(entry(food, meal: meal.name, day: day, minute: minute, offset: offset, random: &random))
      }
    }
    if day.weekday == 5 || day.weekday == 6 {
      lines.append(wine(day: day, offset: offset, random: &random))
    }
    return lines.sorted { canonicalPlace($0) < canonicalPlace($1) }
  }

  /// Where `fmt` puts an entry of a day (all of whose timestamps have one offset): by timestamp,
  /// then id.
  private static func canonicalPlace(_ entry: JSONObject) -> (String, String) {
    func text(_ key: String) -> String {
      guard case .string(let text)? = entry.members.first(where: { $0.key == key })?.value else { return "" }
      return text
    }
    return (text("timestamp"), text("id"))
  }

  private static func entry(
    _ food: SampleFood, meal: String, day: CivilDate, minute: Int, offset: String, random: inout SplitMix64
  ) -> JSONObject {
    let units = [1, 1, 1.5, 2, 2, 3][random.below(6)] * (food.unit == "oz" ? 3 : 1)
    let grams = units * food.gramsPerUnit
    let roll = random.unit()
    let confidence =
      roll < 0.08
      ? 0.3 + random.unit() * 0.25 : (roll < 0.3 ? 0.6 + random.unit() * 0.2 : 0.8 + random.unit() * 0.19)
    let unmatched = random.unit() < 0.06
    let description = "\(DecimalText.shortest(units)) \(food.unit) \(food.foodName)"
    var members: [(String, JSONValue)] = [
      ("id", .string(uuid(&random))),
      ("timestamp", .string(timestamp(day, minute: minute, offset: offset))),
      ("rawDescription", .string(random.unit() < 0.5 ? description : "had \(description) for \(meal)")),
      ("foodName", .string(food.foodName)),
      ("quantity", number(units, decimals: 2)),
      ("unit", .string(food.unit)),
      ("calories", number(food.calories * grams / 100, decimals: 0)),
      ("protein", number(food.protein * grams / 100, decimals: 1)),
      ("carbohydrates", number(food.carbohydrates * grams / 100, decimals: 1)),
      ("fat", number(food.fat * grams / 100, decimals: 1)),
      ("fiber", number(food.fiber * grams / 100, decimals: 1)),
      ("sugar", number(food.sugar * grams / 100, decimals: 1)),
      ("confidence", number(confidence, decimals: 2)),
      ("matchedIngredientID", unmatched ? .null : .string(food.id)),
      ("meal", .string(meal)),
    ]
    if abroad(day) { members.append(("tags", .array([.string("travel")]))) }
    return object(members)
  }

  /// An entry logged from a recipe, as `add --recipe` writes one (`RecipeNutrition.logged`, from the
  /// sample's foods).
  private static func recipeEntry(
    _ recipe: Recipe, servings: FixedDecimal, meal: String, day: CivilDate, minute: Int, offset: String,
    random: inout SplitMix64
  ) -> JSONObject {
    guard
      let logged = try? RecipeNutrition.compute(recipe, ingredient: ingredients.ingredient(withID:))
        .logged(servings: servings)
    else { preconditionFailure("the sample's recipes are made of the sample's foods") }
    let unit = servings == FixedDecimal(1) ? "serving" : "servings"
    var members: [(String, JSONValue)] = [
      ("id", .string(uuid(&random))),
      ("timestamp", .string(timestamp(day, minute: minute, offset: offset))),
      ("rawDescription", .string("\(servings) \(unit) \(recipe.title)")),
      ("foodName", .string(recipe.title)),
      ("quantity", .number(JSONNumber(literal: servings.description))),
      ("unit", .string(unit)),
      ("confidence", number(1, decimals: 0)),
      ("matchedIngredientID", .string(Recipe.reference(recipe.id))),
      ("meal", .string(meal)),
    ]
    for nutrient in Nutrient.all {
      if let amount = logged.nutrients[nutrient] {
        members.append((nutrient.key, .number(JSONNumber(literal: amount.description))))
      }
    }
    return EntryLineEncoder.canonicalOrder(object(members))
  }

  /// The sample's foods as ingredients.
  private static let ingredients = IngredientDatabase.load(bytes: ingredientsText, path: folder).database

  /// A manual entry without ingredient whose calories come mostly from alcohol, so they disagree
  /// with its macronutrients (the energy-consistency check flags it).
  private static func wine(day: CivilDate, offset: String, random: inout SplitMix64) -> JSONObject {
    object([
      ("id", .string(uuid(&random))),
      ("timestamp", .string(timestamp(day, minute: 20 * 60 + 30 + random.below(30), offset: offset))),
      ("rawDescription", .string("a glass of red wine")),
      ("foodName", .string("red wine")),
      ("quantity", number(5, decimals: 0)),
      ("unit", .string("fl oz")),
      ("calories", number(125, decimals: 0)),
      ("protein", number(0.1, decimals: 1)),
      ("carbohydrates", number(3.8, decimals: 1)),
      ("fat", number(0, decimals: 0)),
      ("confidence", number(1, decimals: 0)),
      ("matchedIngredientID", .null),
      ("meal", .string("dinner")),
      ("note", .string("entered by hand")),
    ])
  }

  private static func abroad(_ day: CivilDate) -> Bool {
    (10...13).contains(((day.dayNumber % 28) + 28) % 28)
  }

  private static func ingredientLine(_ food: SampleFood) -> JSONObject {
    object([
      ("id", .string(food.id)), ("name", .string(food.name)), ("aliases", .array([.string(food.foodName)])),
      ("caloriesPer100g", number(food.calories, decimals: 2)),
      ("proteinPer100g", number(food.protein, decimals: 2)),
      ("carbsPer100g", number(food.carbohydrates, decimals: 2)),
      ("fatPer100g", number(food.fat, decimals: 2)),
      ("fiberPer100g", number(food.fiber, decimals: 2)), ("sugarPer100g", number(food.sugar, decimals: 2)),
      ("commonServingSize", number(food.gramsPerUnit, decimals: 2)), ("commonServingUnit", .string("g")),
      ("commonServingDescription", .string("1 \(food.unit)")), ("category", .string(food.category)),
      (
        "portions",
        .array([
          .object(
            JSONObject(members: [
              JSONMember(key: "amount", value: number(1, decimals: 0), keyOffset: 0, valueOffset: 0),
              JSONMember(key: "unit", value: .string(food.unit), keyOffset: 0, valueOffset: 0),
              JSONMember(
                key: "grams", value: number(food.gramsPerUnit, decimals: 2), keyOffset: 0, valueOffset: 0),
            ]))
        ])
      ),
      ("source", .string("usda")), ("verificationStatus", .string("verified")),
      ("sourceRef", .string("USDA SR28 NDB \(food.id.suffix(5))")),
    ])
  }

  // MARK: - Text helpers

  private static func timestamp(_ day: CivilDate, minute: Int, offset: String) -> String {
    let clamped = min(minute, 23 * 60 + 59)
    return "\(day)T\(CivilDate.pad(clamped / 60, 2)):\(CivilDate.pad(clamped % 60, 2)):00\(offset)"
  }

  private static func number(_ value: Double, decimals: Int) -> JSONValue {
    .number(JSONNumber(literal: DecimalText.roundedTrimmed(value, decimals: decimals)))
  }

  private static func uuid(_ random: inout SplitMix64) -> String {
    let high = random.next()
    let low = random.next()
    let hex = String(high, radix: 16).leftPadded(16) + String(low, radix: 16).leftPadded(16)
    var characters = Array(hex)
    characters[12] = "4"
    characters[16] = Array("89ab")[Int(low >> 62)]
    let text = String(characters)
    func part(_ from: Int, _ to: Int) -> Substring {
      text[text.index(text.startIndex, offsetBy: from)..<text.index(text.startIndex, offsetBy: to)]
    }
    return "\(part(0, 8))-\(part(8, 12))-\(part(12, 16))-\(part(16, 20))-\(part(20, 32))"
  }

  private static func object(_ members: [(String, JSONValue)]) -> JSONObject {
    JSONObject(members: members.map { JSONMember(key: $0.0, value: $0.1, keyOffset: 0, valueOffset: 0) })
  }
}

extension String {
  fileprivate func leftPadded(_ width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
