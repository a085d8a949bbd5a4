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
    return try recipeBook(folder, arguments).add(document, replacing: arguments.has(replace), &console) ? 0 : 1
  }

  static func show(_ arguments: ParsedArguments, _ console: inout Console) throws(CommandError) -> Int32 {
    guard arguments.positionals.count == 1, let id = arguments.positionals.first else {
      throw .usage("recipe show needs one ID, e.g. 'demeter-report recipe show oat-banana'")
    }
    let folder = try CommonOptions.journalPath(arguments)
    let book = try recipeBook(folder, arguments)
    let (recipe, nutrition) = try book.recipe(id, &console)
    try IngredientsCommand.emit(
      ReportBuilder.recipeDetails(
        recipe, nutrition, names: RecipeBook.ingredientNames(recipe, nutrition),
        gallery: book.gallery(of: recipe, title: "Photos and videos")),
      folder, arguments, &console)
    return 0
  }

  static func list(_ arguments: ParsedArguments, _ console: inout Console) throws(CommandError) -> Int32 {
    guard arguments.positionals.isEmpty else {
      throw .usage(
        "recipe list takes no arguments (got '\(TextEscaping.singleLine(arguments.positionals[0]))')")
    }
    let folder = try CommonOptions.journalPath(arguments)
    let (recipes, failed) = try recipeBook(folder, arguments).all(&console)
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
    try recipeBook(try CommonOptions.journalPath(arguments), arguments).remove(id, &console)
    return 0
  }

  // MARK: - Shared

  /// The recipes of the journal folder `folder`, resolved as `--no-builtin`, `--no-cache`,
  /// `--strict` and `--quiet` say, changed waiting for the lock as `--lock-timeout` says.
  static func recipeBook(_ folder: String, _ arguments: ParsedArguments) throws(CommandError) -> RecipeBook {
    var book = RecipeBook(journal: folder)
    book.store.lockWaiting = try CommonOptions.lockWaiting(arguments)
    book.usesBuiltIn = !arguments.has(IngredientsCommand.noBuiltIn)
    CommonOptions.reading(&book, arguments)
    return book
  }
}
