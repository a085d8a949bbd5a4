import DemeterCore
import DemeterReporting
import DemeterReports

/// `recipe search QUERY`: the recipes whose title, id, tags, books or ingredient names hold every
/// word of the query (`RecipeSearch`), best first, as a `recipe list` table.
extension RecipeCommand {
  static func search(_ arguments: ParsedArguments, _ console: inout Console) throws(CommandError) -> Int32 {
    let query = arguments.positionals.joined(separator: " ")
    guard !RecipeSearch.words(query).isEmpty else {
      throw .usage("recipe search needs a QUERY of words, e.g. 'demeter-report recipe search chili'")
    }
    let folder = try CommonOptions.journalPath(arguments)
    let (recipes, failed) = try recipeBook(folder, arguments).all(&console)
    let found = RecipeSearch.matches(
      query, in: recipes.map(\.recipe),
      ingredientNames: recipes.map { RecipeBook.ingredientNames($0.recipe, $0.nutrition) })
    let shown = "'\(TextEscaping.singleLine(query))'"
    guard !found.isEmpty else {
      if !arguments.has(CommonOptions.quiet) { console.error("demeter-report: no recipe matches \(shown)") }
      return failed ? 1 : 0
    }
    try IngredientsCommand.emit(
      ReportBuilder.recipeList(
        found.map { (recipes[$0].recipe, recipes[$0].nutrition?.perServing) },
        title: "Recipes matching \(shown)"),
      folder, arguments, &console)
    return failed ? 1 : 0
  }
}
