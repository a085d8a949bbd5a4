import DemeterCore
import DemeterReporting

extension RecipeBook {
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
