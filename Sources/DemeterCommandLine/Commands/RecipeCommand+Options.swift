import DemeterCore
import DemeterReporting
import DemeterReports

/// `recipe add` from options instead of a file: `--id`, `--title`, `--servings`, each `--ingredient
/// ID-OR-NAME` followed by its `--grams N` or `--portion TEXT`, and the optional fields. The recipe
/// is written out in canonical form and read back like a file named `<options>`, so it meets the
/// same rules, located errors included.
extension RecipeCommand {
  static let id = OptionSpec.value("id", "ID", help: "The recipe's id: a slug such as oat-banana (no FILE).")
  static let title = OptionSpec.value("title", "TEXT", help: "The recipe's title.")
  static let servings = OptionSpec.value("servings", "N", help: "How many servings it makes (> 0).")
  static let ingredient = OptionSpec.value(
    "ingredient", "ID-OR-NAME",
    help: "An ingredient (id, or name: the best match), followed by its --grams or --portion; repeatable.")
  static let grams = OptionSpec.value("grams", "N", help: "The grams of the --ingredient before it.")
  static let portion = OptionSpec.value(
    "portion", "TEXT", help: "The --ingredient before it in household measures, e.g. '2 large'.")
  static let step = OptionSpec.value("step", "TEXT", help: "An instruction step; repeatable, in order.")
  static let addTag = OptionSpec.value("tag", "TAG", help: "Tag the recipe TAG; repeatable.")
  static let addBook = OptionSpec.value(
    "book", "BOOK", help: "Put the recipe in recipe book BOOK; repeatable.")
  static let sourceURL = OptionSpec.value("source-url", "URL", help: "Where the recipe comes from.")
  static let yieldGrams = OptionSpec.value(
    "yield-grams", "N", help: "The cooked weight in grams, for per 100 g (> 0).")
  /// `--vegetarian`, `--vegan`, … declaring the recipe so (`recipe add`, `recipe edit`).
  static let declaredFlags: [(flag: DietaryFlag, option: OptionSpec)] = DietaryFlag.allCases.map { flag in
    (flag, OptionSpec.flag(flag.label, help: "Declare the recipe \(flag.label)."))
  }

  /// The options that describe a recipe field by field.
  static let fieldOptions =
    [id, title, servings, ingredient, grams, portion, step, addTag, addBook, sourceURL, yieldGrams]
    + declaredFlags.map(\.option)

  /// The recipe the field options describe, as a document named `<options>` (its problems located
  /// in the recipe's canonical text). Ingredient names are resolved to ids here.
  static func fromOptions(_ arguments: ParsedArguments, journal: String, _ console: inout Console)
    throws(CommandError) -> RecipeDocument
  {
    let needed =
      "recipe add from options needs --id ID, --title TEXT, --servings N and each --ingredient "
      + "ID-OR-NAME followed by --grams N or --portion TEXT"
    guard let recipeID = arguments.value(id), let recipeTitle = arguments.value(title),
      let servingsText = arguments.value(servings)
    else { throw .usage(needed) }
    let catalog = try IngredientsCommand.catalog(journal, arguments, &console)
    var ingredients: [RecipeIngredient] = []
    var pending: (food: RecipeIngredient.Food, written: String)?
    func missingAmount(_ written: String) -> CommandError {
      .usage(
        "--ingredient '\(TextEscaping.singleLine(written))' needs its --grams N or --portion TEXT right "
          + "after it"
      )
    }
    for (long, value) in arguments.occurrences {
      switch long {
      case ingredient.long:
        if let pending { throw missingAmount(pending.written) }
        let found = try catalog.resolving(value, uses: [:])
        pending = (.ingredient(id: found.id), value)
      case grams.long, portion.long:
        guard let food = pending?.food else {
          throw .usage(
            "--\(long) '\(TextEscaping.singleLine(value))' must come right after the --ingredient it measures"
          )
        }
        let amount: RecipeIngredient.Amount =
          long == grams.long ? .grams(try positiveNumber(value, option: grams.long)) : .portion(value)
        ingredients.append(RecipeIngredient(food: food, amount: amount))
        pending = nil
      default: continue
      }
    }
    if let pending { throw missingAmount(pending.written) }
    guard !ingredients.isEmpty else { throw .usage(needed) }
    var yield: FixedDecimal?
    if let text = arguments.value(yieldGrams) {
      yield = try positiveNumber(text, option: yieldGrams.long)
    }
    let recipe = Recipe(
      id: recipeID, title: recipeTitle, servings: try positiveNumber(servingsText, option: servings.long),
      yieldGrams: yield, ingredients: ingredients,
      dietaryFlags: Set(declaredFlags.filter { arguments.has($0.option) }.map(\.flag)),
      instructions: arguments.all(step), tags: arguments.all(addTag),
      books: arguments.all(addBook),
      sourceURL: arguments.value(sourceURL))
    return RecipeDocument(bytes: RecipeEncoder.bytes(recipe), path: "<options>")
  }

  /// `text` as an exact number > 0 (at most nine decimals), or a usage error naming `--option`.
  static func positiveNumber(_ text: String, option: String) throws(CommandError) -> FixedDecimal {
    guard case .number? = try? JSONParser().parse(text),
      case .exact(let value) = FixedDecimal.read(jsonNumber: text),
      value > .zero
    else {
      throw .usage(
        "--\(option) must be a number > 0 with at most nine decimals (got '\(TextEscaping.singleLine(text))')"
      )
    }
    return value
  }
}
