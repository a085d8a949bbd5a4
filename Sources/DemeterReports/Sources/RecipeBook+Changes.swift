import DemeterCore
import DemeterReporting

extension RecipeBook {
  /// Checks `document` (`checked`) and saves its recipe, saying unless quiet which food each
  /// ingredient took and what was written.
  /// - Returns: false, with its problems said and nothing written, when the recipe has an error.
  /// - Throws: a usage error when a recipe of its id exists and `replacing` is off; the write's error.
  public func add(_ document: RecipeDocument, replacing: Bool, _ console: inout Console) throws(CommandError)
    -> Bool
  {
    guard let recipe = try checked(document, &console)?.recipe else { return false }
    let outcome: RecipeStore.SaveOutcome
    do throws(ModelError) {
      outcome = try store.save(recipe, replacing: replacing)
    } catch {
      throw .writing(error)
    }
    let path = TextEscaping.singleLine(store.path(of: recipe.id))
    let described = "\(TextEscaping.singleLine(recipe.id)) (\(TextEscaping.singleLine(recipe.title)))"
    guard let said = outcome.said("recipe \(described)", path: path) else {
      throw .usage(
        "a recipe with the id '\(TextEscaping.singleLine(recipe.id))' already exists (\(path)); give "
          + "--replace to overwrite it")
    }
    if !quiet {
      FoodsTaken.say(recipe, in: try catalog(&console), &console)
      console.print(said)
    }
    return true
  }

  /// Checks `document` (its recipes and foods resolved in this book's) and saves its plan in the
  /// journal's `plans/`, saying unless quiet which food each food item took and what was written.
  /// - Returns: false, with its problems said and nothing written, when the plan has an error or
  ///   cannot be resolved.
  /// - Throws: a usage error when a plan for its period exists and `replacing` is off; the write's error.
  public func addPlan(_ document: PlanDocument, replacing: Bool, _ console: inout Console)
    throws(CommandError)
    -> Bool
  {
    for diagnostic in document.diagnostics { console.error(diagnostic.rendered) }
    guard let plan = document.plan else { return false }
    let catalog = try catalog(&console)
    let recipe = try JournalSource.folder(JournalLayout(journal: store.journal)).recipes()
    let nutrition: PlanNutrition
    do throws(Diagnostic) {
      nutrition = try document.resolved(recipe: recipe, ingredient: catalog.ingredient(withID:))
    } catch {
      console.error(error.rendered)
      return false
    }
    let plans = PlanStore(journal: store.journal, lockWaiting: store.lockWaiting)
    let outcome: JournalFileWrite.Outcome
    do throws(ModelError) {
      outcome = try plans.save(plan, replacing: replacing)
    } catch {
      throw .writing(error)
    }
    let path = TextEscaping.singleLine(plans.path(of: plan.name))
    guard let said = outcome.said("plan \(plan.name)", path: path) else {
      throw .usage("a plan for \(plan.name) already exists (\(path)); give --replace to overwrite it")
    }
    if !quiet {
      FoodsTaken.say(nutrition, &console)
      console.print(said)
    }
    return true
  }

  /// Changes the recipe `id` with `change` (`RecipeStore.update`, under the journal lock; `change`
  /// returns why it refuses, or nil) and says what happened on standard output unless quiet:
  /// `BEFORE recipe ID (TITLE) AFTER` (`saying`), or that it was unchanged.
  /// - Returns: false, with the problems said and nothing changed, when the recipe's file has an
  ///   error or the change makes it invalid.
  /// - Throws: a usage error when there is no such recipe or the change is refused; the write's error.
  public func update(
    _ id: String, saying: (before: String, after: String), _ console: inout Console,
    _ change: (inout Recipe) -> String?
  ) throws(CommandError) -> Bool {
    let outcome: RecipeStore.UpdateOutcome
    do throws(ModelError) {
      outcome = try store.update(id, change)
    } catch {
      throw .writing(error)
    }
    return try said(outcome, id, saying: saying, &console)
  }

  /// Says what a change of the recipe `id` did (`outcome`), as `update` says it.
  /// - Returns: false, with the problems said, when the recipe's file has an error or the change
  ///   made it invalid.
  /// - Throws: a usage error when there is no such recipe or the change was refused.
  public func said(
    _ outcome: RecipeStore.UpdateOutcome, _ id: String, saying: (before: String, after: String),
    _ console: inout Console
  ) throws(CommandError) -> Bool {
    switch outcome {
    case .notFound:
      throw notFound(id)
    case .unreadable(let document):
      for diagnostic in document.diagnostics { console.error(diagnostic.rendered) }
      console.error(
        "demeter-report: error: fix \(TextEscaping.singleLine(store.path(of: id))) first; nothing was changed"
      )
      return false
    case .refused(let message):
      throw .usage(message)
    case .invalid(let problems):
      for problem in problems { console.error(problem.rendered) }
      return false
    case .changed(let recipe), .unchanged(let recipe):
      if !quiet {
        let unchanged: Bool
        if case .unchanged = outcome { unchanged = true } else { unchanged = false }
        let described =
          "recipe \(TextEscaping.singleLine(recipe.id)) (\(TextEscaping.singleLine(recipe.title)))"
        console.print(
          unchanged ? "unchanged: \(described) already is so" : saying.before + described + saying.after)
      }
      return true
    }
  }

  /// Removes the recipe `id`, saying so on standard output unless quiet.
  /// - Throws: a usage error naming the closest recipe when there is none; an I/O error.
  public func remove(_ id: String, _ console: inout Console) throws(CommandError) {
    let removed: Bool
    do throws(ModelError) {
      removed = try store.remove(id)
    } catch {
      throw .io(error.message)
    }
    guard removed else { throw notFound(id) }
    if !quiet {
      console.print(
        "removed recipe \(TextEscaping.singleLine(id)) (\(TextEscaping.singleLine(store.path(of: id))))")
    }
  }

  /// Each recipe book of `recipes` with the ids of its recipes, in book name order (byte order).
  public static func books(of recipes: [Recipe]) -> [(name: String, recipeIDs: [String])] {
    var books: [String: [String]] = [:]
    for recipe in recipes {
      for name in recipe.books { books[name, default: []].append(recipe.id) }
    }
    return books.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { ($0, books[$0]!) }
  }
}
