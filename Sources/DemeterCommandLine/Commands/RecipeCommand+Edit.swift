import DemeterCore
import DemeterReporting
import DemeterReports

/// `recipe edit`, `recipe note` and `recipe book add|rm`: changes to a stored recipe, each read,
/// applied and written back canonically under one hold of the journal lock (`RecipeStore.update`).
extension RecipeCommand {
  static let noYield = OptionSpec.flag(
    "no-yield", help: "Drop the cooked weight (per 100 g of the ingredients).")
  static let tagToAdd = OptionSpec.value("add-tag", "TAG", help: "Add the tag TAG (once); repeatable.")
  static let removeTag = OptionSpec.value("remove-tag", "TAG", help: "Remove the tag TAG; repeatable.")
  static let noSourceURL = OptionSpec.flag("no-source-url", help: "Drop the source URL.")
  /// `--not-vegetarian`, `--not-vegan`, …: the declarations `recipe edit` withdraws.
  static let withdrawnFlags: [(flag: DietaryFlag, option: OptionSpec)] = DietaryFlag.allCases.map { flag in
    (flag, OptionSpec.flag("not-\(flag.label)", help: "No longer declare the recipe \(flag.label)."))
  }
  /// The options `recipe edit` changes fields with.
  static let editOptions =
    [title, servings, yieldGrams, noYield, tagToAdd, removeTag, sourceURL, noSourceURL]
    + declaredFlags.map(\.option)
    + withdrawnFlags.map(\.option)

  static let pin = OptionSpec.flag("pin", help: "Pin the new note (shown first).")
  static let unpin = OptionSpec.value(
    "unpin", "N", help: "Unpin note N (numbered as 'recipe show' numbers them).")
  static let removeNote = OptionSpec.value("remove", "N", help: "Remove note N.")
  static let writing = [CommonOptions.journal, CommonOptions.quiet, CommonOptions.lockTimeout]

  static func edit(_ arguments: ParsedArguments, _ console: inout Console) throws(CommandError) -> Int32 {
    guard arguments.positionals.count == 1, let recipeID = arguments.positionals.first else {
      throw .usage("recipe edit needs one ID, e.g. 'demeter-report recipe edit chili --servings 6'")
    }
    guard editOptions.contains(where: { arguments.has($0) }) else {
      throw .usage("recipe edit needs something to change, e.g. --title TEXT, --servings N or --add-tag TAG")
    }
    for (set, dropped) in [(yieldGrams, noYield), (sourceURL, noSourceURL)]
      + zip(declaredFlags.map(\.option), withdrawnFlags.map(\.option)).map({ ($0, $1) })
    where arguments.has(set) && arguments.has(dropped) {
      throw .usage("--\(set.long) and --\(dropped.long) contradict each other; give one")
    }
    let newServings = try arguments.value(servings).map { text throws(CommandError) in
      try positiveNumber(text, option: servings.long)
    }
    let newYield = try arguments.value(yieldGrams).map { text throws(CommandError) in
      try positiveNumber(text, option: yieldGrams.long)
    }
    return try update(recipeID, arguments, &console, saying: ("edited ", "")) { recipe in
      if let text = arguments.value(title) { recipe.title = text }
      if let newServings { recipe.servings = newServings }
      if let newYield { recipe.yieldGrams = newYield }
      if arguments.has(noYield) { recipe.yieldGrams = nil }
      if let text = arguments.value(sourceURL) { recipe.sourceURL = text }
      if arguments.has(noSourceURL) { recipe.sourceURL = nil }
      for (flag, option) in declaredFlags where arguments.has(option) {
        recipe.dietaryFlags.insert(flag)
      }
      for (flag, option) in withdrawnFlags where arguments.has(option) {
        recipe.dietaryFlags.remove(flag)
      }
      for tag in arguments.all(removeTag) {
        guard let index = recipe.tags.firstIndex(of: tag) else {
          return "recipe \(recipe.id) has no tag '\(TextEscaping.singleLine(tag))' (its tags: "
            + (recipe.tags.isEmpty
              ? "none" : recipe.tags.map(TextEscaping.singleLine).joined(separator: ", ")) + ")"
        }
        recipe.tags.remove(at: index)
      }
      for tag in arguments.all(tagToAdd) where !recipe.tags.contains(tag) { recipe.tags.append(tag) }
      return nil
    }
  }

  static func note(_ arguments: ParsedArguments, _ console: inout Console) throws(CommandError) -> Int32 {
    let usage =
      "recipe note needs an ID and the note's TEXT (or --unpin N or --remove N), "
      + "e.g. 'demeter-report recipe note chili \"Less salt next time\" --pin'"
    guard let recipeID = arguments.positionals.first, arguments.positionals.count <= 2 else {
      throw .usage(usage)
    }
    let text = arguments.positionals.count == 2 ? arguments.positionals[1] : nil
    let changes = [text != nil, arguments.has(unpin), arguments.has(removeNote)].filter { $0 }.count
    guard changes == 1 else { throw .usage(usage) }
    if arguments.has(pin), text == nil { throw .usage("--pin goes with a new note's TEXT") }
    if let text {
      let settings = try JournalWriteContext(arguments).settings(arguments, &console)
      let note = RecipeNote(text: text, pinned: arguments.has(pin), created: settings.today)
      return try update(recipeID, arguments, &console, saying: ("added a note to ", "")) { recipe in
        recipe.notes.append(note)
        return nil
      }
    }
    let option = arguments.has(unpin) ? unpin : removeNote
    let written = arguments.value(option) ?? ""
    guard let number = Int(written), number >= 1 else {
      throw .usage(
        "--\(option.long) must be a note's number, 1 or more (got '\(TextEscaping.singleLine(written))')")
    }
    return try update(
      recipeID, arguments, &console,
      saying: ("\(option == unpin ? "unpinned" : "removed") note \(number) of ", "")
    ) { recipe in
      guard number <= recipe.notes.count else {
        return
          "recipe \(recipe.id) has \(count: recipe.notes.count, "note"); see 'demeter-report recipe show "
            + "\(recipe.id)'"
      }
      if option == unpin {
        recipe.notes[number - 1].pinned = false
      } else {
        recipe.notes.remove(at: number - 1)
      }
      return nil
    }
  }

  /// `recipe book add|rm BOOK RECIPE`, `recipe book show BOOK`, `recipe book list`.
  static func book(_ arguments: ParsedArguments, _ console: inout Console) throws(CommandError) -> Int32 {
    let words = arguments.positionals
    switch words.first {
    case "list":
      guard words.count == 1 else {
        throw .usage("recipe book list takes no arguments; 'recipe list --book BOOK' lists a book's recipes")
      }
      return try listBooks(arguments, &console)
    case "show":
      guard words.count == 2 else {
        throw .usage("recipe book show needs one BOOK, e.g. 'demeter-report recipe book show Weeknights'")
      }
      return try showBook(words[1], arguments, &console)
    case "add", "rm":
      guard words.count == 3 else {
        throw .usage(
          "recipe book \(words[0]) needs a BOOK and a RECIPE id, e.g. 'demeter-report recipe book "
            + "\(words[0]) Weeknights chili'"
        )
      }
      for option in OutputOptions.all + [IngredientsCommand.noBuiltIn] where arguments.has(option) {
        throw .usage("--\(option.long) goes with 'recipe book list' or 'recipe book show'")
      }
      let (name, recipeID) = (words[1], words[2])
      let adding = words[0] == "add"
      return try update(
        recipeID, arguments, &console,
        saying: (
          adding ? "added " : "removed ", " \(adding ? "to" : "from") book '\(TextEscaping.singleLine(name))'"
        )
      ) { recipe in
        if adding {
          if !recipe.books.contains(name) { recipe.books.append(name) }
          return nil
        }
        guard let index = recipe.books.firstIndex(of: name) else {
          return "recipe \(recipe.id) is not in the book '\(TextEscaping.singleLine(name))' (its books: "
            + (recipe.books.isEmpty
              ? "none" : recipe.books.map(TextEscaping.singleLine).joined(separator: ", ")) + ")"
        }
        recipe.books.remove(at: index)
        return nil
      }
    default:
      throw .usage(
        "recipe book needs add, rm, show or list, e.g. 'demeter-report recipe book add Weeknights chili'")
    }
  }

  /// Each recipe book with its recipes, in book name order (byte order).
  private static func listBooks(_ arguments: ParsedArguments, _ console: inout Console) throws(CommandError)
    -> Int32
  {
    let folder = try CommonOptions.journalPath(arguments)
    let (recipes, failed) = try recipeBook(folder, arguments).all(&console)
    let books = RecipeBook.books(of: recipes.map(\.recipe))
    guard !books.isEmpty else {
      if !arguments.has(CommonOptions.quiet) {
        console.error(
          "demeter-report: no recipe is in a book; add one with 'demeter-report recipe book add BOOK RECIPE'")
      }
      return failed ? 1 : 0
    }
    try IngredientsCommand.emit(ReportBuilder.recipeBooks(books), folder, arguments, &console)
    return failed ? 1 : 0
  }

  /// The page of the book `name`: its recipes with their nutrition per serving, then each one's
  /// photos and videos under its title.
  private static func showBook(_ name: String, _ arguments: ParsedArguments, _ console: inout Console)
    throws(CommandError) -> Int32
  {
    let folder = try CommonOptions.journalPath(arguments)
    let book = try recipeBook(folder, arguments)
    let (recipes, failed) = try book.all(&console)
    let shown = recipes.filter { $0.recipe.books.contains(name) }
    guard !shown.isEmpty else {
      let books = RecipeBook.books(of: recipes.map(\.recipe)).map(\.name)
      var message = "no recipe is in the book '\(TextEscaping.singleLine(name))'"
      if let near = Suggestion.closest(to: name, among: books) {
        message += "; did you mean '\(TextEscaping.singleLine(near))'?"
      } else {
        message += "; 'demeter-report recipe book list' lists the books"
      }
      throw .usage(message)
    }
    try IngredientsCommand.emit(
      ReportBuilder.recipeList(
        shown.map { ($0.recipe, $0.nutrition?.perServing) }, title: "Recipe book \(name)",
        galleries: shown.compactMap { book.gallery(of: $0.recipe, title: $0.recipe.title) }),
      folder, arguments, &console)
    return failed ? 1 : 0
  }

  /// Changes the recipe `recipeID` with `change` (`RecipeBook.update`): exit 1 when its file or the
  /// change has problems.
  private static func update(
    _ recipeID: String, _ arguments: ParsedArguments, _ console: inout Console,
    saying: (before: String, after: String),
    _ change: (inout Recipe) -> String?
  ) throws(CommandError) -> Int32 {
    let recipes = try recipeBook(try CommonOptions.journalPath(arguments), arguments)
    return try recipes.update(recipeID, saying: saying, &console, change) ? 0 : 1
  }
}
