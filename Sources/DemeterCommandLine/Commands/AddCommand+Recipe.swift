import DemeterCore
import DemeterReporting
import DemeterReports

/// `add --recipe ID --servings N`: an entry of a recipe of the journal (`<journal>/recipes/ID.json`),
/// its nutrition the recipe's per serving times N (`ComputedFood(servings:of:nutrition:)`).
extension AddCommand {
  static let recipeOptions = [recipe, servings]
  static let recipe = OptionSpec.value(
    "recipe", "ID", help: "Compute the nutrition from this recipe of the journal (with --servings).")
  static let servings = OptionSpec.value(
    "servings", "N", help: "How many servings of --recipe were eaten (default 1).")

  /// The food `--recipe ID [--servings N]` names, for that many servings; nil without `--recipe`.
  static func recipeServing(_ arguments: ParsedArguments, journal: String, _ console: inout Console)
    throws(CommandError) -> ComputedFood?
  {
    guard let id = arguments.value(recipe) else {
      if arguments.has(servings) { throw .usage("--servings goes with --recipe ID") }
      return nil
    }
    if let given = ([ingredient] + EntryFieldOptions.computedByFood).first(where: arguments.has) {
      throw .usage("--recipe computes the entry's nutrition; leave out --\(given.long)")
    }
    let servings = try RecipeCommand.positiveNumber(arguments.value(Self.servings) ?? "1", option: "servings")
    let (recipe, nutrition) = try RecipeCommand.recipeBook(journal, arguments).recipe(id, &console)
    guard let food = ComputedFood(servings: servings, of: recipe, nutrition: nutrition) else {
      throw .usage("--servings \(servings) is too large to compute exactly")
    }
    return food
  }
}
