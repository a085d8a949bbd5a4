import DemeterCore
import DemeterReporting

/// `recipe add|show|list|rm`: recipes as composite foods (SPEC §8, issue 18). Each recipe is a file
/// of its own, `<journal>/recipes/ID.json`, written in canonical form under the journal lock.
enum RecipeCommand {
  static let replace = OptionSpec.flag("replace", help: "Overwrite a recipe with the same id.")
  static let json = OptionSpec.value("json", "TEXT", help: "The recipe as JSON text instead of a FILE.")
  static let book = OptionSpec.value("book", "BOOK", help: "Only recipes in recipe book BOOK.")
  static let tag = OptionSpec.value("tag", "TAG", help: "Only recipes tagged TAG.")
  /// `--vegetarian`, `--vegan`, `--gluten-free`, `--dairy-free`, `--nut-free`: one per dietary flag.
  static let flagOptions: [(flag: DietaryFlag, option: OptionSpec)] = DietaryFlag.allCases.map { flag in
    (flag, OptionSpec.flag(flag.label, help: "Only recipes declared \(flag.label)."))
  }
  static let reading =
    [CommonOptions.journal, CommonOptions.quiet, IngredientsCommand.noBuiltIn] + OutputOptions.all

  static let subcommands: [Command] = [
    Command(
      name: "add", abstract: "Add a recipe from a JSON file (or --json TEXT) to <journal>/recipes.",
      positionals: [.optional("FILE")],
      discussion: """
        The recipe is checked, its ingredients looked up (the journal's ingredients.jsonl, then the
        built-in USDA table) and its portions matched to their measures; problems are printed as
        FILE:LINE:COLUMN errors and nothing is written (exit 1). It is then written in canonical form
        (keys in a fixed order, one ingredient, step and note a line) to <journal>/recipes/ID.json,
        atomically and under the journal lock. An id already in use exits with 2 unless --replace.

        A recipe file holds: "id" (a slug: lowercase letters and digits joined by hyphens; also the
        file's name), "title", "servings" (> 0), optional "yieldGrams" (the cooked weight, for per
        100 g), "ingredients" (each {"ingredient":ID} or {"food":NAME,"per100g":{"calories":…,
        "protein":…,"carbohydrates":…,"fat":…, optional "fiber", "sugar", "micronutrients"}}, with
        "grams":N or, for an ingredient, "portion":"2 large"), and optionally "vegetarian", "vegan",
        "glutenFree", "dairyFree", "nutFree" (true), "instructions" (steps), "tags", "books" (the
        recipe books it belongs to), "sourceURL" and "notes" (each {"text":…, "pinned":true,
        "created":"2026-11-21"}). Vegetarian and vegan are checked against the ingredients' USDA food
        groups (meat, poultry, fish, sausages; for vegan also dairy and eggs) and contradictions are
        warned about; gluten-free, dairy-free and nut-free are declared only.
        """,
      examples: [
        ("recipe add chili.json", "Add the recipe in chili.json."),
        (
          "recipe add --json '{\"id\":\"oat-banana\",\"title\":\"Oats with banana\",\"servings\":2,"
            + "\"ingredients\":[{\"ingredient\":\"usda-sr-08120\",\"grams\":80},"
            + "{\"ingredient\":\"usda-sr-09040\",\"portion\":\"1 medium\"}],\"vegetarian\":true}'",
          "Add a recipe given as JSON text."
        ),
      ],
      options: [
        CommonOptions.journal, json, replace, IngredientsCommand.noBuiltIn, CommonOptions.quiet,
        CommonOptions.lockTimeout,
      ],
      run: RecipeCommand.add),
    Command(
      name: "show", abstract: "A recipe with its nutrition per serving, per 100 g and in all.",
      positionals: [.required("ID")],
      discussion: """
        Nutrition is computed exactly from the ingredients (grams × values per 100 g, summed, then
        divided by the servings, or by the weight — the yield when the recipe gives one — for per
        100 g) and rounded only when shown: kcal, macronutrients, fibre, sugar and micronutrients.
        Then the ingredients with their grams and kcal, the instructions and the notes (pinned first).
        -f json|csv|markdown|html for other formats (CSV writes the nutrition table). A recipe file
        with an error, or an ingredient that cannot be resolved, is reported as FILE:LINE:COLUMN
        (exit 1).
        """,
      examples: [
        ("recipe show oat-banana", "The recipe and its nutrition."),
        ("recipe show oat-banana -f json", "The same as JSON, exact numbers included."),
      ],
      options: reading, run: RecipeCommand.show),
    Command(
      name: "list", abstract: "The recipes, with kcal and macronutrients per serving.",
      positionals: [],
      discussion: """
        One recipe a row, in id order: id, title, servings, kcal and macronutrients per serving,
        dietary flags, books and tags. --book, --tag and the dietary flags keep only the recipes that
        match all of them. Recipe files with errors are reported (exit 1) and the others listed.
        """,
      examples: [
        ("recipe list", "Every recipe."),
        ("recipe list --book Weeknights --vegetarian", "The vegetarian recipes of one book."),
      ],
      options: reading + [book, tag] + flagOptions.map(\.option), run: RecipeCommand.list),
    Command(
      name: "rm", abstract: "Remove a recipe's file from <journal>/recipes.",
      positionals: [.required("ID")],
      discussion: """
        Removes <journal>/recipes/ID.json under the journal lock. Entries logged from the recipe keep
        their nutrition. Exits with 2 when there is no such recipe.
        """,
      examples: [("recipe rm oat-banana", "Remove the recipe oat-banana.")],
      options: [CommonOptions.journal, CommonOptions.quiet, CommonOptions.lockTimeout],
      run: RecipeCommand.remove),
  ]

  static let command = Command(
    name: "recipe", abstract: "Recipes as composite foods: add, show, list and rm.",
    positionals: [.required("SUBCOMMAND")],
    discussion: """
      A recipe is a file of its own in the journal, <journal>/recipes/ID.json (plain JSON in a fixed
      layout, so git diffs show only what changed); its nutrition comes from its ingredients.
      """,
    examples: [], options: [CommonOptions.journal],
    run: { arguments, _ throws(CLIError) in
      let names = subcommands.map(\.name).joined(separator: ", ")
      guard let first = arguments.positionals.first else {
        throw .usage("recipe needs a subcommand: \(names)")
      }
      throw .usage(
        "unknown recipe subcommand '\(TextEscaping.singleLine(first))'; the subcommands are \(names)")
    }
  ).attaching(subcommands)
}
