import DemeterFoundation
import DemeterJournal

/// Decodes the JSON value of a recipe file into a `Recipe`, strictly: every key known (a typo gets
/// the nearest key suggested), every value of its type, numbers exact (`FixedDecimal`, at most nine
/// decimals). Problems are collected with the byte offset of their value, not stopped at the first.
struct RecipeReader {
  /// What is wrong, at which byte of the JSON text.
  var problems: [(offset: Int, message: String)] = []
  /// Where each ingredient's food and amount are written.
  var ingredientOffsets: [(food: Int, amount: Int)] = []
  /// Where the id is written.
  var idOffset = 0
  /// Where each media's file name is written.
  var mediaOffsets: [Int] = []

  /// The top-level keys, in canonical order (`RecipeEncoder` writes them so).
  static let keys =
    ["id", "title", "servings", "yieldGrams", "ingredients"] + DietaryFlag.allCases.map(\.key)
    + ["instructions", "tags", "books", "sourceURL", "notes", "media"]
  static let required = ["id", "title", "servings", "ingredients"]
  /// The keys of one ingredient, in canonical order.
  static let ingredientKeys = ["ingredient", "food", "per100g", "grams", "portion"]
  /// The keys of a free food's `per100g`, in canonical order.
  static let valueKeys = Nutrient.all.map(\.key) + ["micronutrients"]
  /// The keys of a note, in canonical order.
  static let noteKeys = ["text", "pinned", "created"]
  /// The keys of a media item, in canonical order.
  static let mediaKeys = ["file", "caption", "featured"]

  mutating func recipe(_ value: JSONValue) -> Recipe? {
    guard case .object(let object) = value else {
      fail(
        0,
        "a recipe file must be one JSON object, like {\"id\":\"oat-banana\",\"title\":\"Oats with banana\",…}"
      )
      return nil
    }
    let before = problems.count
    var recipe = Recipe(id: "", title: "", servings: .zero, ingredients: [])
    for member in object.members {
      switch member.key {
      case "id":
        idOffset = member.valueOffset
        guard let id = text(member, ""), Recipe.isValidID(id) else {
          if case .string = member.value {
            fail(
              member.valueOffset,
              "\"id\" must be a slug: lowercase letters and digits joined by single hyphens, e.g. "
                + "\"oat-banana\" "
                + "(at most \(Recipe.maximumIDLength) characters)")
          }
          continue
        }
        recipe.id = id
      case "title": recipe.title = text(member, "") ?? ""
      case "servings": recipe.servings = number(member, "", positive: true) ?? .zero
      case "yieldGrams": recipe.yieldGrams = number(member, "", positive: true)
      case "ingredients": recipe.ingredients = ingredients(member)
      case "instructions": recipe.instructions = texts(member)
      case "tags": recipe.tags = texts(member)
      case "books": recipe.books = texts(member)
      case "sourceURL": recipe.sourceURL = text(member, "")
      case "notes": recipe.notes = notes(member)
      case "media": recipe.media = media(member)
      default:
        guard let flag = DietaryFlag(rawValue: member.key) else {
          unknown(member, known: Self.keys, in: "a recipe")
          continue
        }
        guard case .bool(let declared) = member.value else {
          fail(member.valueOffset, "\"\(flag.key)\" must be true or false, found \(member.value.kindName)")
          continue
        }
        if declared { recipe.dietaryFlags.insert(flag) }
      }
    }
    for key in Self.required where object.member(key) == nil {
      fail(object.members.first?.keyOffset ?? 0, "a recipe needs \"\(key)\" (\(Self.requiredHint[key]!))")
    }
    return problems.count == before ? recipe : nil
  }

  private static let requiredHint = [
    "id": "a slug such as \"oat-banana\", also the file's name",
    "title": "its name, e.g. \"Oats with banana\"",
    "servings": "how many servings it makes, e.g. 2",
    "ingredients": "a list such as [{\"ingredient\":\"usda-sr-09040\",\"grams\":118}]",
  ]

  // MARK: - Ingredients

  private mutating func ingredients(_ member: JSONMember) -> [RecipeIngredient] {
    guard case .array(let items) = member.value, !items.isEmpty else {
      fail(
        member.valueOffset,
        "\"ingredients\" must be a non-empty list such as [{\"ingredient\":\"usda-sr-09040\",\"grams\":118}]")
      return []
    }
    var result: [RecipeIngredient] = []
    for (index, item) in items.enumerated() {
      let name = "ingredients[\(index)]"
      guard case .object(let object) = item else {
        fail(
          member.valueOffset,
          "\"\(name)\" must be an object like {\"ingredient\":\"usda-sr-09040\",\"grams\":118}, found "
            + "\(item.kindName)"
        )
        continue
      }
      if let ingredient = ingredient(object, name, at: object.members.first?.keyOffset ?? member.valueOffset)
      {
        result.append(ingredient.ingredient)
        ingredientOffsets.append((ingredient.foodOffset, ingredient.amountOffset))
      }
    }
    return result
  }

  mutating func ingredient(_ object: JSONObject, _ name: String, at start: Int)
    -> (ingredient: RecipeIngredient, foodOffset: Int, amountOffset: Int)?
  {
    let before = problems.count
    var food: RecipeIngredient.Food?
    var amount: RecipeIngredient.Amount?
    var foodOffset = start
    var amountOffset = start
    for member in object.members {
      switch member.key {
      case "ingredient":
        foodOffset = member.valueOffset
        if let id = text(member, name + ".") { food = .ingredient(id: id) }
      case "food":
        foodOffset = member.valueOffset
        guard let foodName = text(member, name + "."), let values = object.member("per100g") else { continue }
        if let per100g = foodValues(values, name + ".per100g") {
          food = .free(name: foodName, per100g: per100g)
        }
      case "per100g": continue
      case "grams":
        amountOffset = member.valueOffset
        if let grams = number(member, name + ".", positive: true) { amount = .grams(grams) }
      case "portion":
        amountOffset = member.valueOffset
        if let portion = text(member, name + ".") { amount = .portion(portion) }
      default: unknown(member, known: Self.ingredientKeys, in: "\"\(name)\"")
      }
    }
    let has = { (key: String) in object.member(key) != nil }
    if has("ingredient") == has("food") {
      fail(
        has("food") ? object.member("food")!.keyOffset : start,
        "\"\(name)\" needs either \"ingredient\" (an ingredient id) or \"food\" (a name, with \"per100g\" "
          + "values)"
      )
    } else if has("food"), !has("per100g") {
      fail(foodOffset, "\"\(name)\" is a free food: give its values per 100 g as \"per100g\"")
    } else if has("ingredient"), has("per100g") {
      fail(
        object.member("per100g")!.keyOffset,
        "\"\(name).per100g\" goes with \"food\"; an ingredient's values come from the ingredient database")
    }
    if has("grams") == has("portion") {
      fail(
        has("portion") ? object.member("portion")!.keyOffset : start,
        "\"\(name)\" needs either \"grams\" (a weight) or \"portion\" (a household measure such as \"2 "
          + "large\")"
      )
    } else if has("food"), has("portion") {
      fail(amountOffset, "\"\(name)\" is a free food, which has no household measures; give \"grams\"")
    }
    guard problems.count == before, let food, let amount else { return nil }
    return (RecipeIngredient(food: food, amount: amount), foodOffset, amountOffset)
  }

  private mutating func foodValues(_ member: JSONMember, _ name: String) -> FoodValues? {
    guard case .object(let object) = member.value else {
      fail(
        member.valueOffset,
        "\"\(name)\" must be an object like {\"calories\":120,\"protein\":3,\"carbohydrates\":20,\"fat\":2}")
      return nil
    }
    let before = problems.count
    var values = FoodValues()
    for value in object.members {
      if let nutrient = Nutrient.all.first(where: { $0.key == value.key }) {
        values[nutrient] = number(value, name + ".", positive: false)
      } else if value.key == "micronutrients" {
        guard case .object(let micronutrients) = value.value else {
          fail(value.valueOffset, "\"\(name).micronutrients\" must be an object like {\"sodium_mg\":310}")
          continue
        }
        for micronutrient in micronutrients.members {
          values.micronutrients[micronutrient.key] = number(
            micronutrient, name + ".micronutrients.", positive: false)
        }
      } else {
        unknown(value, known: Self.valueKeys, in: "\"\(name)\"")
      }
    }
    for nutrient in Nutrient.required where object.member(nutrient.key) == nil {
      fail(member.valueOffset, "\"\(name)\" needs \"\(nutrient.key)\" (\(nutrient.unit) per 100 g)")
    }
    return problems.count == before ? values : nil
  }

  // MARK: - Notes

  private mutating func notes(_ member: JSONMember) -> [RecipeNote] {
    guard case .array(let items) = member.value else {
      fail(member.valueOffset, "\"notes\" must be a list such as [{\"text\":\"Less salt next time\"}]")
      return []
    }
    var result: [RecipeNote] = []
    for (index, item) in items.enumerated() {
      let name = "notes[\(index)]"
      guard case .object(let object) = item else {
        fail(member.valueOffset, "\"\(name)\" must be an object like {\"text\":\"Less salt next time\"}")
        continue
      }
      var note = RecipeNote(text: "")
      let before = problems.count
      for field in object.members {
        switch field.key {
        case "text": note.text = text(field, name + ".") ?? ""
        case "pinned":
          guard case .bool(let pinned) = field.value else {
            fail(field.valueOffset, "\"\(name).pinned\" must be true or false")
            continue
          }
          note.pinned = pinned
        case "created":
          guard case .string(let day) = field.value, case .success(let date) = CivilDate.parse(day) else {
            fail(field.valueOffset, "\"\(name).created\" must be a date such as \"2026-11-21\"")
            continue
          }
          note.created = date
        default: unknown(field, known: Self.noteKeys, in: "\"\(name)\"")
        }
      }
      if object.member("text") == nil {
        fail(object.members.first?.keyOffset ?? member.valueOffset, "\"\(name)\" needs \"text\"")
      }
      if problems.count == before { result.append(note) }
    }
    return result
  }

  // MARK: - Media

  private mutating func media(_ member: JSONMember) -> [RecipeMedia] {
    let example = "{\"file\":\"bowl.jpg\",\"caption\":\"Served\",\"featured\":true}"
    guard case .array(let items) = member.value else {
      fail(member.valueOffset, "\"media\" must be a list such as [\(example)]")
      return []
    }
    var result: [RecipeMedia] = []
    for (index, item) in items.enumerated() {
      let name = "media[\(index)]"
      guard case .object(let object) = item else {
        fail(member.valueOffset, "\"\(name)\" must be an object like \(example)")
        continue
      }
      var media = RecipeMedia(file: "")
      var fileOffset = object.members.first?.keyOffset ?? member.valueOffset
      let before = problems.count
      for field in object.members {
        switch field.key {
        case "file":
          fileOffset = field.valueOffset
          guard case .string(let file) = field.value, RecipeMedia.isSafeName(file) else {
            fail(
              field.valueOffset,
              "\"\(name).file\" must be the name of a file in the recipe's media folder: lowercase letters, "
                + "digits, '-', '_' and '.', no '..', ending in "
                + RecipeMedia.knownExtensions.map { "." + $0 }.joined(separator: ", "))
            continue
          }
          media.file = file
        case "caption": media.caption = text(field, name + ".")
        case "featured":
          guard case .bool(let featured) = field.value else {
            fail(field.valueOffset, "\"\(name).featured\" must be true or false")
            continue
          }
          media.featured = featured
        default: unknown(field, known: Self.mediaKeys, in: "\"\(name)\"")
        }
      }
      if object.member("file") == nil {
        fail(fileOffset, "\"\(name)\" needs \"file\" (a file name in recipes/media/ID/)")
      } else if media.featured, media.kind == .video {
        fail(fileOffset, "\"\(name)\" is a video; only a photo can be featured")
      } else if media.featured, result.contains(where: \.featured) {
        fail(fileOffset, "\"\(name)\" is featured, and so is an earlier one; a recipe has one featured photo")
      } else if result.contains(where: { $0.file == media.file }) {
        fail(fileOffset, "\"\(name)\" lists \(media.file) again; each file is listed once")
      }
      if problems.count == before {
        result.append(media)
        mediaOffsets.append(fileOffset)
      }
    }
    return result
  }

  // MARK: - Values

  /// A string that is not empty after trimming.
  mutating func text(_ member: JSONMember, _ context: String) -> String? {
    guard case .string(let text) = member.value, !text.trimmingSpacesAndNewlines().isEmpty else {
      fail(
        member.valueOffset,
        "\"\(context)\(member.key)\" must be a non-empty string, found \(Self.found(member.value))")
      return nil
    }
    return text
  }

  /// A list of non-empty strings.
  private mutating func texts(_ member: JSONMember) -> [String] {
    guard case .array(let items) = member.value else {
      fail(member.valueOffset, "\"\(member.key)\" must be a list of strings, found \(member.value.kindName)")
      return []
    }
    var result: [String] = []
    for (index, item) in items.enumerated() {
      guard case .string(let text) = item, !text.trimmingSpacesAndNewlines().isEmpty else {
        fail(
          member.valueOffset,
          "\"\(member.key)[\(index)]\" must be a non-empty string, found \(Self.found(item))")
        continue
      }
      result.append(text)
    }
    return result
  }

  /// A number ≥ 0 (> 0 when `positive`) with at most nine decimals, exactly.
  mutating func number(_ member: JSONMember, _ context: String, positive: Bool) -> FixedDecimal? {
    let name = "\"\(context)\(member.key)\""
    let rule = positive ? "a number > 0" : "a number ≥ 0"
    guard case .number(let number) = member.value else {
      fail(member.valueOffset, "\(name) must be \(rule), found \(member.value.kindName)")
      return nil
    }
    switch FixedDecimal.read(jsonNumber: number.literal) {
    case .exact(let value) where positive ? value > .zero : value >= .zero:
      return value
    case .exact:
      fail(member.valueOffset, "\(name) must be \(rule) (got \(number.literal))")
    case .rounded:
      fail(member.valueOffset, "\(name) has more than nine decimals (got \(number.literal))")
    case .outOfRange:
      fail(member.valueOffset, "\(name) is too large (at most \(FixedDecimal.largest))")
    }
    return nil
  }

  mutating func unknown(_ member: JSONMember, known: [String], in place: String) {
    var message = "unknown key \(JSONWriter.quoted(member.key)) in \(place)"
    if let near = Suggestion.closest(to: member.key, among: known) {
      message += "; did you mean \"\(near)\"?"
    } else {
      message += "; the keys are " + known.map { "\"\($0)\"" }.joined(separator: ", ")
    }
    fail(member.keyOffset, message)
  }

  /// `an empty string` or the kind of a value, for messages.
  private static func found(_ value: JSONValue) -> String {
    if case .string = value { return "an empty string" }
    return value.kindName
  }

  mutating func fail(_ offset: Int, _ message: String) {
    problems.append((offset, message))
  }
}
