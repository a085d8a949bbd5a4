import DemeterFoundation
import DemeterJournal

/// Writes a recipe in its canonical form, so that a file changes only where the recipe did and git
/// diffs stay small: keys in the order of `RecipeReader.keys`, one top-level key a line (two-space
/// indent, `"key": value`), each ingredient, step and note on a line of its own, everything else
/// compact (`JSONWriter`); numbers in their shortest exact form (`80`, `1.5`); defaults left out
/// (false flags, empty lists, unpinned notes); a final newline. Decoding the bytes gives the recipe
/// back, and encoding that gives the same bytes.
public enum RecipeEncoder {
  /// The canonical bytes of `recipe`.
  public static func bytes(_ recipe: Recipe) -> [UInt8] {
    Array(text(recipe).utf8)
  }

  /// The canonical text of `recipe`.
  public static func text(_ recipe: Recipe) -> String {
    var members: [(key: String, value: JSONValue, listed: Bool)] = [
      ("id", .string(recipe.id), false), ("title", .string(recipe.title), false),
      ("servings", number(recipe.servings), false),
    ]
    if let yieldGrams = recipe.yieldGrams { members.append(("yieldGrams", number(yieldGrams), false)) }
    members.append(("ingredients", .array(recipe.ingredients.map(value)), true))
    for flag in DietaryFlag.allCases where recipe.dietaryFlags.contains(flag) {
      members.append((flag.key, .bool(true), false))
    }
    if !recipe.instructions.isEmpty {
      members.append(("instructions", .array(recipe.instructions.map(JSONValue.string)), true))
    }
    if !recipe.tags.isEmpty { members.append(("tags", .array(recipe.tags.map(JSONValue.string)), false)) }
    if !recipe.books.isEmpty { members.append(("books", .array(recipe.books.map(JSONValue.string)), false)) }
    if let sourceURL = recipe.sourceURL { members.append(("sourceURL", .string(sourceURL), false)) }
    if !recipe.notes.isEmpty { members.append(("notes", .array(recipe.notes.map(value)), true)) }
    if !recipe.media.isEmpty { members.append(("media", .array(recipe.media.map(value)), true)) }

    var output = "{\n"
    for (position, member) in members.enumerated() {
      output += "  "
      JSONWriter.writeQuoted(member.key, into: &output)
      output += ": "
      if member.listed, case .array(let items) = member.value {
        output += "[\n"
        for (index, item) in items.enumerated() {
          output += "    "
          JSONWriter.write(item, into: &output)
          output += index < items.count - 1 ? ",\n" : "\n"
        }
        output += "  ]"
      } else {
        JSONWriter.write(member.value, into: &output)
      }
      output += position < members.count - 1 ? ",\n" : "\n"
    }
    return output + "}\n"
  }

  static func value(_ ingredient: RecipeIngredient) -> JSONValue {
    var members: [(String, JSONValue)] = []
    switch ingredient.food {
    case .ingredient(let id):
      members.append(("ingredient", .string(id)))
    case .free(let name, let per100g):
      members.append(("food", .string(name)))
      members.append(("per100g", value(per100g)))
    }
    switch ingredient.amount {
    case .grams(let grams): members.append(("grams", number(grams)))
    case .portion(let portion): members.append(("portion", .string(portion)))
    }
    return object(members)
  }

  private static func value(_ values: FoodValues) -> JSONValue {
    var members: [(String, JSONValue)] = Nutrient.all.compactMap { nutrient in
      values[nutrient].map { (nutrient.key, number($0)) }
    }
    if !values.micronutrients.isEmpty {
      let names = Ingredient.orderedMicronutrients(values.micronutrients.mapValues(\.doubleValue)).map(\.name)
      members.append(("micronutrients", object(names.map { ($0, number(values.micronutrients[$0]!)) })))
    }
    return object(members)
  }

  private static func value(_ note: RecipeNote) -> JSONValue {
    var members: [(String, JSONValue)] = [("text", .string(note.text))]
    if note.pinned { members.append(("pinned", .bool(true))) }
    if let created = note.created { members.append(("created", .string(created.description))) }
    return object(members)
  }

  private static func value(_ media: RecipeMedia) -> JSONValue {
    var members: [(String, JSONValue)] = [("file", .string(media.file))]
    if let caption = media.caption { members.append(("caption", .string(caption))) }
    if media.featured { members.append(("featured", .bool(true))) }
    return object(members)
  }

  static func number(_ value: FixedDecimal) -> JSONValue {
    .number(JSONNumber(literal: value.description))
  }

  static func object(_ members: [(String, JSONValue)]) -> JSONValue {
    .object(
      JSONObject(members: members.map { JSONMember(key: $0.0, value: $0.1, keyOffset: 0, valueOffset: 0) }))
  }
}
