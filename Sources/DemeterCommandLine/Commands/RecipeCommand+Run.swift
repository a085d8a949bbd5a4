import DemeterCore
import DemeterReporting
import DemeterReports

/// What the `recipe` subcommands do.
extension RecipeCommand {
  static func add(_ arguments: ParsedArguments, _ console: inout Console) throws(CommandError) -> Int32 {
    let folder = try CommonOptions.journalPath(arguments)
    let byFields = fieldOptions.contains { arguments.has($0) }
    let document: RecipeDocument
    switch (arguments.positionals.first, arguments.value(json)) {
    case (let file?, nil) where arguments.positionals.count == 1 && !byFields:
      do throws(FileBytes.ReadError) {
        document = RecipeDocument(bytes: try FileBytes.read(file, limit: .recipe), path: file)
      } catch {
        throw .io("cannot read '\(TextEscaping.singleLine(file))': \(error.message)")
      }
    case (nil, let text?) where !byFields:
      document = RecipeDocument(bytes: Array(text.utf8), path: "--json")
    case (nil, nil) where byFields:
      document = try fromOptions(arguments, journal: folder, &console)
    default:
      throw .usage(
        "recipe add needs one FILE, --json TEXT, or the recipe as options (--id, --title, --servings, "
          + "--ingredient … --grams N), e.g. 'demeter-report recipe add chili.json'")
    }
    guard let recipe = try checked(document, folder, arguments, &console)?.recipe else { return 1 }
    let store = RecipeStore(journal: folder, lockWaiting: try CommonOptions.lockWaiting(arguments))
    let outcome: RecipeStore.SaveOutcome
    do throws(ModelError) {
      outcome = try store.save(recipe, replacing: arguments.has(replace))
    } catch {
      throw .writing(error)
    }
    let path = TextEscaping.singleLine(store.path(of: recipe.id))
    let described = "\(TextEscaping.singleLine(recipe.id)) (\(TextEscaping.singleLine(recipe.title)))"
    switch outcome {
    case .alreadyExists:
      throw .usage(
        "a recipe with the id '\(TextEscaping.singleLine(recipe.id))' already exists (\(path)); give "
          + "--replace "
          + "to overwrite it")
    case .added, .replaced, .unchanged:
      if !arguments.has(CommonOptions.quiet) {
        try sayFoodsTaken(recipe, folder, arguments, &console)
        if let said = outcome.said("recipe \(described)", path: path) { console.print(said) }
      }
      return 0
    }
  }

  static func show(_ arguments: ParsedArguments, _ console: inout Console) throws(CommandError) -> Int32 {
    guard arguments.positionals.count == 1, let id = arguments.positionals.first else {
      throw .usage("recipe show needs one ID, e.g. 'demeter-report recipe show oat-banana'")
    }
    let folder = try CommonOptions.journalPath(arguments)
    let (recipe, nutrition) = try loaded(id, journal: folder, arguments, &console)
    try IngredientsCommand.emit(
      ReportBuilder.recipeDetails(recipe, nutrition, names: ingredientNames(recipe, nutrition)), folder,
      arguments, &console)
    return 0
  }

  static func list(_ arguments: ParsedArguments, _ console: inout Console) throws(CommandError) -> Int32 {
    guard arguments.positionals.isEmpty else {
      throw .usage(
        "recipe list takes no arguments (got '\(TextEscaping.singleLine(arguments.positionals[0]))')")
    }
    let folder = try CommonOptions.journalPath(arguments)
    let (recipes, failed) = try loadedAll(folder, arguments, &console)
    let wanted = flagOptions.filter { arguments.has($0.option) }.map(\.flag)
    let shown = recipes.filter { recipe, _ in
      if let book = arguments.value(book), !recipe.books.contains(book) { return false }
      if let tag = arguments.value(tag), !recipe.tags.contains(tag) { return false }
      return wanted.allSatisfy(recipe.dietaryFlags.contains)
    }
    if shown.isEmpty {
      if !arguments.has(CommonOptions.quiet), !failed {
        console.error(
          "demeter-report: no recipe\(recipes.isEmpty ? "" : " matches") in "
            + "\(TextEscaping.singleLine(RecipeStore(journal: folder).folder))"
        )
      }
      return failed ? 1 : 0
    }
    try IngredientsCommand.emit(
      ReportBuilder.recipeList(shown.map { ($0.recipe, $0.nutrition?.perServing) }, title: "Recipes"), folder,
      arguments, &console)
    return failed ? 1 : 0
  }

  static func remove(_ arguments: ParsedArguments, _ console: inout Console) throws(CommandError) -> Int32 {
    guard arguments.positionals.count == 1, let id = arguments.positionals.first else {
      throw .usage("recipe rm needs one ID, e.g. 'demeter-report recipe rm oat-banana'")
    }
    let folder = try CommonOptions.journalPath(arguments)
    let store = RecipeStore(journal: folder, lockWaiting: try CommonOptions.lockWaiting(arguments))
    let removed: Bool
    do throws(ModelError) {
      removed = try store.remove(id)
    } catch {
      throw .io(error.message)
    }
    guard removed else { throw notFound(id, in: store) }
    if !arguments.has(CommonOptions.quiet) {
      console.print(
        "removed recipe \(TextEscaping.singleLine(id)) (\(TextEscaping.singleLine(store.path(of: id))))")
    }
    return 0
  }

  // MARK: - Shared

  /// The recipe `id` of the journal with its nutrition (`recipe show`, `add --recipe`): a usage
  /// error when there is none; its problems printed and exit 1 when it has an error.
  static func loaded(_ id: String, journal: String, _ arguments: ParsedArguments, _ console: inout Console)
    throws(CommandError) -> (recipe: Recipe, nutrition: RecipeNutrition)
  {
    let document = try read(id, in: RecipeStore(journal: journal))
    guard let checked = try checked(document, journal, arguments, &console) else {
      throw .journalErrors(count: max(document.diagnostics.count, 1))
    }
    return checked
  }

  /// Every recipe of the journal in id order, each with its nutrition (nil, with the problem
  /// printed, when it cannot be computed); files with errors are printed and left out. `failed`
  /// says whether anything was printed as an error.
  static func loadedAll(_ folder: String, _ arguments: ParsedArguments, _ console: inout Console)
    throws(CommandError) -> (recipes: [(recipe: Recipe, nutrition: RecipeNutrition?)], failed: Bool)
  {
    let documents: [RecipeDocument]
    do throws(ModelError) {
      documents = try RecipeStore(journal: folder).readAll()
    } catch {
      throw .io(error.message)
    }
    let catalog = try IngredientsCommand.catalog(folder, arguments, &console)
    var failed = false
    var recipes: [(recipe: Recipe, nutrition: RecipeNutrition?)] = []
    for document in documents {
      for diagnostic in document.diagnostics { console.error(diagnostic.rendered) }
      guard let recipe = document.recipe else {
        failed = true
        continue
      }
      do throws(Diagnostic) {
        recipes.append((recipe, try document.nutrition(ingredient: catalog.ingredient(withID:))))
      } catch {
        console.error(error.rendered)
        failed = true
        recipes.append((recipe, nil))
      }
    }
    return (recipes, failed)
  }

  /// The name of each ingredient of `recipe`: the free food's, or the database's (empty when
  /// `nutrition` is nil: it could not be resolved).
  static func ingredientNames(_ recipe: Recipe, _ nutrition: RecipeNutrition?) -> [String] {
    recipe.ingredients.enumerated().map { index, item in
      if case .free(let name, _) = item.food { return name }
      return nutrition?.resolved[index]?.name ?? ""
    }
  }

  /// The recipe file of `id`, or a usage error naming the closest recipe when there is none.
  private static func read(_ id: String, in store: RecipeStore) throws(CommandError) -> RecipeDocument {
    let document: RecipeDocument?
    do throws(ModelError) {
      document = try store.read(id)
    } catch {
      throw .io(error.message)
    }
    guard let document else { throw notFound(id, in: store) }
    return document
  }

  /// `no recipe 'x' in <journal>/recipes; did you mean 'y'?`
  static func notFound(_ id: String, in store: RecipeStore) -> CommandError {
    var message =
      "no recipe '\(TextEscaping.singleLine(id))' in \(TextEscaping.singleLine(store.folder))"
    if let near = Suggestion.closest(to: id, among: store.ids()) {
      message += "; did you mean '\(near)'?"
    } else {
      message += "; see 'demeter-report recipe list'"
    }
    return .usage(message)
  }

  /// The document's recipe with its nutrition, its ingredients resolved in the journal's
  /// ingredients.jsonl and then the built-in table; nil, with the problems printed, when the file has
  /// an error or an ingredient or portion cannot be resolved. Dietary flags its ingredients
  /// contradict are warned about (unless --quiet).
  private static func checked(
    _ document: RecipeDocument, _ folder: String, _ arguments: ParsedArguments, _ console: inout Console
  ) throws(CommandError) -> (recipe: Recipe, nutrition: RecipeNutrition)? {
    for diagnostic in document.diagnostics { console.error(diagnostic.rendered) }
    guard let recipe = document.recipe else { return nil }
    let catalog = try IngredientsCommand.catalog(folder, arguments, &console)
    let nutrition: RecipeNutrition
    do throws(Diagnostic) {
      nutrition = try document.nutrition(ingredient: catalog.ingredient(withID:))
    } catch {
      console.error(error.rendered)
      return nil
    }
    if !arguments.has(CommonOptions.quiet) {
      for warning in document.dietaryWarnings(nutrition) { console.error(warning.rendered) }
    }
    return (recipe, nutrition)
  }

  /// Says on stderr which food each ingredient of `recipe` took, with its kcal for the amount
  /// (`IngredientPick.said`; a portion the food does not have is left out, the recipe's check
  /// reports it).
  private static func sayFoodsTaken(
    _ recipe: Recipe, _ folder: String, _ arguments: ParsedArguments, _ console: inout Console
  ) throws(CommandError) {
    let catalog = try IngredientsCommand.catalog(folder, arguments, &console)
    for part in recipe.ingredients {
      guard case .ingredient(let id) = part.food, let ingredient = catalog.ingredient(withID: id) else {
        continue
      }
      let grams: Double
      let written: String
      switch part.amount {
      case .grams(let value):
        grams = value.doubleValue
        written = "\(value) g"
      case .portion(let text):
        guard let portion = try? IngredientPortion(text, of: ingredient) else { continue }
        grams = portion.grams
        written = "\(text) (\(DecimalText.roundedTrimmed(grams, decimals: 1)) g)"
      }
      let kcal = DecimalText.roundedTrimmed(ingredient.caloriesPer100g * grams / 100, decimals: 1)
      console.error(IngredientPick.said(ingredient, kcal: kcal, amount: written))
    }
  }
}
