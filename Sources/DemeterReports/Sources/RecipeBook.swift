import DemeterCore
import DemeterReporting

/// A journal's recipes with their nutrition (manual: recipes-and-plans), their ingredients resolved in the
/// journal's `ingredients.jsonl` and then the built-in table; each recipe file's problems said on
/// the console as it is read.
public struct RecipeBook: Sendable {
  /// The recipe files (set its `lockWaiting` for changes).
  public var store: RecipeStore
  /// Whether the built-in table is searched after the journal's own ingredients.
  public var usesBuiltIn = true
  /// Whether the journal's ingredient file comes through its cache.
  public var usesCache = true
  /// Whether invalid lines of the ingredient file end the run (each said).
  public var strict = false
  /// No notes or warnings (dietary flags the ingredients contradict).
  public var quiet = false

  /// The recipes of the journal folder `journal`.
  public init(journal: String) {
    store = RecipeStore(journal: journal)
  }

  /// The ingredients the recipes are resolved in; the ingredient file's invalid lines said as
  /// `IngredientCatalog.journal` says them.
  public func catalog(_ console: inout Console) throws(CommandError) -> IngredientCatalog {
    try IngredientCatalog.journal(
      store.journal, builtIn: usesBuiltIn, usesCache: usesCache, strict: strict, quiet: quiet, &console)
  }

  /// The recipe `id` with its nutrition.
  /// - Throws: a usage error naming the closest recipe when there is none; journal errors, its
  ///   problems said, when it has an error or cannot be resolved.
  public func recipe(_ id: String, _ console: inout Console) throws(CommandError)
    -> (recipe: Recipe, nutrition: RecipeNutrition)
  {
    let document: RecipeDocument?
    do throws(ModelError) {
      document = try store.read(id)
    } catch {
      throw .io(error.message)
    }
    guard let document else { throw notFound(id) }
    guard let checked = try checked(document, &console) else {
      throw .journalErrors(count: max(document.diagnostics.count, 1))
    }
    return checked
  }

  /// Every recipe in id order, each with its nutrition (nil, with the problem said, when it cannot
  /// be computed); files with errors are said and left out. `failed` says whether an error was said.
  public func all(_ console: inout Console) throws(CommandError)
    -> (recipes: [(recipe: Recipe, nutrition: RecipeNutrition?)], failed: Bool)
  {
    let documents: [RecipeDocument]
    do throws(ModelError) {
      documents = try store.readAll()
    } catch {
      throw .io(error.message)
    }
    let catalog = try catalog(&console)
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

  /// The document's recipe with its nutrition; nil, with the problems said, when the file has an
  /// error or an ingredient or portion cannot be resolved. Dietary flags its ingredients contradict
  /// are warned about (unless quiet).
  public func checked(_ document: RecipeDocument, _ console: inout Console) throws(CommandError)
    -> (recipe: Recipe, nutrition: RecipeNutrition)?
  {
    for diagnostic in document.diagnostics { console.error(diagnostic.rendered) }
    guard let recipe = document.recipe else { return nil }
    let catalog = try catalog(&console)
    let nutrition: RecipeNutrition
    do throws(Diagnostic) {
      nutrition = try document.nutrition(ingredient: catalog.ingredient(withID:))
    } catch {
      console.error(error.rendered)
      return nil
    }
    if !quiet {
      for warning in document.dietaryWarnings(nutrition) { console.error(warning.rendered) }
    }
    return (recipe, nutrition)
  }

  /// `no recipe 'x' in <journal>/recipes; did you mean 'y'?`
  public func notFound(_ id: String) -> CommandError {
    var message = "no recipe '\(TextEscaping.singleLine(id))' in \(TextEscaping.singleLine(store.folder))"
    if let near = Suggestion.closest(to: id, among: store.ids()) {
      message += "; did you mean '\(near)'?"
    } else {
      message += "; see 'demeter-report recipe list'"
    }
    return .usage(message)
  }

  /// The name of each ingredient of `recipe`: the free food's, or the database's (empty when
  /// `nutrition` is nil: it could not be resolved).
  public static func ingredientNames(_ recipe: Recipe, _ nutrition: RecipeNutrition?) -> [String] {
    recipe.ingredients.enumerated().map { index, item in
      if case .free(let name, _) = item.food { return name }
      return nutrition?.resolved[index]?.name ?? ""
    }
  }
}
