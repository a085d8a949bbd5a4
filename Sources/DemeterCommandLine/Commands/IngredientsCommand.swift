import DemeterCore
import DemeterReporting
import DemeterReports
import ReportFormats

/// `ingredients search|show|add|rm|import|popular|verified`: the journal's ingredient database
/// (manual: command-line). They are subcommands of the `ingredients` report command: `ingredients [PERIOD]` stays
/// the usage report, `ingredients search egg` runs a subcommand.
enum IngredientsCommand {
  // MARK: Options

  static let category = OptionSpec.value(
    "category", "CATEGORY",
    help: "Only ingredients of CATEGORY: "
      + IngredientCategory.allCases.map(\.rawValue).joined(separator: ", ")
      + ".")
  static let limit = OptionSpec.value("limit", "N", help: "Show at most N ingredients.")
  static let noBuiltIn = OptionSpec.flag(
    "no-builtin", help: "Only the journal's ingredients.jsonl, without the built-in USDA SR28 table.")
  static let reading =
    [
      CommonOptions.journal, CommonOptions.sample, CommonOptions.strict, CommonOptions.quiet, noBuiltIn,
    ] + OutputOptions.all

  static let id = OptionSpec.value("id", "ID", help: "The new ingredient's id, e.g. custom-granola.")
  static let name = OptionSpec.value("name", "NAME", help: "Its name, e.g. 'granola, homemade'.")
  /// The option of each nutrient's amount per 100 g, in `Nutrient.all` order.
  static let per100gOptions: [(nutrient: Nutrient, option: OptionSpec)] = Nutrient.all.map { nutrient in
    let optional = nutrient.isRequired ? "" : " (optional)"
    return (
      nutrient,
      .value(
        nutrient.optionName, nutrient.unit == "g" ? "GRAMS" : nutrient.unit.uppercased(),
        help: "\(nutrient.name) per 100 g\(optional).")
    )
  }
  static let requiredPer100gOptions = per100gOptions.filter(\.nutrient.isRequired).map(\.option)
  static let servingGrams = OptionSpec.value(
    "serving-grams", "GRAMS", help: "Grams in a common serving (default 100).")
  static let servingDescription = OptionSpec.value(
    "serving-description", "TEXT", help: "What the serving is, e.g. '1 cup'.")
  static let alias = OptionSpec.value(
    "alias", "NAMES", help: "Other names it is known by, separated by commas: 'muesli,granola'.")
  static let force = OptionSpec.flag(
    "force", help: "Remove the ingredient although entries of the journal use it.")
  static let json = OptionSpec.value(
    "json", "LINE", help: "The whole ingredient as one ingredients.jsonl line instead of the options above.")

  // MARK: Subcommands

  static let subcommands: [Command] = [
    Command(
      name: "search", abstract: "Find ingredients by name, alias or words, best match first.",
      positionals: [.required("QUERY")],
      discussion: """
        Searches the journal's ingredients.jsonl and the built-in USDA SR28 table (8 789 foods; an id in
        the journal's file overrides the built-in food). Every word of QUERY must match a word of the
        name or an alias, ignoring case, accents and plurals (eggs = egg, yoghurt = yogurt): whole
        words before prefixes, before one-typo words (chiken), before words containing it. Then
        matches in the name's leading part first (egg before egg rolls), plain and raw forms before
        processed, branded, baby-food and mixed dishes, foods the journal uses often first; ties by
        name. When nothing matches every word, the closest names are suggested. Outside any journal
        (none named or in sight) the built-in table alone is searched. Prints id, category,
        kcal and macronutrients per 100 g, and the name; \
        -f \(BuiltInFormats.names.filter { $0 != "text" }.joined(separator: "|")) for other formats.
        """,
      examples: [
        ("ingredients search egg", "Ingredients named like egg."),
        ("ingredients search 'salted butter' --limit 5", "The five best matches for two words."),
        ("ingredients search apple --category beverage", "Apple drinks only."),
      ],
      options: reading + [category, limit], run: IngredientsCommand.search),
    Command(
      name: "show", abstract: "Everything about one ingredient: per 100 g, per serving, portions.",
      positionals: [.required("ID-OR-NAME")],
      discussion: """
        A NAME shows the best search match when it is a good one. Exits with 2, naming the closest
        ingredients, when nothing has the id or matches the name well. Outside any journal the
        built-in table alone is read.
        """,
      examples: [
        ("ingredients show usda-sr-01001", "Salted butter in full."),
        ("ingredients show whole milk -f json", "The best match for 'whole milk', as JSON."),
      ],
      options: reading, run: IngredientsCommand.show),
    Command(
      name: "add", abstract: "Add one ingredient to the journal's ingredients.jsonl.",
      usageOptions: [id, name] + requiredPer100gOptions + [category], positionals: [],
      discussion: """
        Values are per 100 g. The ingredient is appended as the file's last line (source custom,
        unverified); every other line keeps its bytes. --json takes a whole ingredients.jsonl line
        instead; a line that is not a valid ingredient exits with 1. An id already in use exits with 2.
        """,
      examples: [
        (
          "ingredients add --id custom-granola --name 'granola, homemade' --calories 471 --protein 10 "
            + "--carbs 64 --fat 20 --category grain --serving-grams 60 --alias muesli",
          "A homemade granola with a 60 g serving."
        ),
        (
          "ingredients add --json '{\"id\":\"custom-tea\",\"name\":\"tea\",\"caloriesPer100g\":1,"
            + "\"proteinPer100g\":0,\"carbsPer100g\":0.3,\"fatPer100g\":0,\"category\":\"beverage\"}'",
          "The same from a JSON line."
        ),
      ],
      options: [CommonOptions.journal, id, name] + per100gOptions.map(\.option) + [
        category, servingGrams, servingDescription, alias, json, CommonOptions.quiet,
        CommonOptions.lockTimeout,
      ], run: IngredientsCommand.add),
    Command(
      name: "rm", abstract: "Remove one ingredient from the journal's ingredients.jsonl.",
      positionals: [.required("ID")],
      discussion: """
        Removes the ingredient's line; every other line keeps its bytes. Built-in foods cannot be
        removed (a line with the same id in ingredients.jsonl overrides one). Exits with 2 when the
        file has no ingredient with the id, and when entries of the journal use it (their
        matchedIngredientID), saying how many: --force removes it anyway (the entries keep their
        nutrition).
        """,
      examples: [
        ("ingredients rm custom-granola", "Remove the homemade granola."),
        ("ingredients rm custom-granola --force", "Remove it although entries use it."),
      ],
      options: [CommonOptions.journal, force, CommonOptions.quiet, CommonOptions.lockTimeout],
      run: IngredientsCommand.remove),
    Command(
      name: "import", abstract: "Add or update ingredients from an ingredients.jsonl-format file.",
      positionals: [.required("FILE")],
      discussion: """
        New ids are appended, changed ones replaced in place, equal ones left alone, so importing the
        same file again changes nothing. Invalid lines of FILE are listed as FILE:LINE:COLUMN errors and
        skipped; the valid ones are imported and the command exits with 1. The database is written once,
        atomically.
        """,
      examples: [
        ("ingredients import my-foods.jsonl", "Add or update the foods of another table.")
      ],
      options: [CommonOptions.journal, CommonOptions.quiet, CommonOptions.lockTimeout],
      run: IngredientsCommand.importFile),
    Command(
      name: "popular", abstract: "The ingredients the most entries reference (default: the whole journal).",
      positionals: [.optional("PERIOD")],
      discussion: """
        Counts the entries whose matchedIngredientID names each ingredient of the database. PERIOD is
        as for reports (this month, 2026-11, last 30 days, …); the default is all.
        """,
      examples: [
        ("ingredients popular", "The 10 most used ingredients."),
        ("ingredients popular last month --limit 20", "The 20 most used last month."),
      ],
      options: reading + [
        limit, CommonOptions.today, CommonOptions.timeZone, CommonOptions.weekStart, CommonOptions.noCache,
      ],
      run: IngredientsCommand.popular),
    Command(
      name: "verified", abstract: "The verified ingredients, in file order.",
      positionals: [],
      discussion: """
        Lists the journal's ingredients.jsonl only: every food of the built-in USDA table is verified.
        """,
      examples: [("ingredients verified --category fruit --limit 20", "The first 20 verified fruits.")],
      options: reading + [category, limit], run: IngredientsCommand.verified),
  ]

  /// The `ingredients` report command with the subcommands attached (`Command.attaching`): its help
  /// lists them and a subcommand named after options runs. Other commands pass through unchanged.
  static func attachSubcommands(_ command: Command) -> Command {
    command.name == "ingredients" ? command.attaching(subcommands) : command
  }
}
