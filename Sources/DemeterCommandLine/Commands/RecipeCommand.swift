import DemeterCore
import DemeterReporting
import DemeterReports

/// `recipe add|show|list|search|edit|note|book|rm`: recipes as composite foods (manual: recipes-and-plans). Each
/// recipe is a file
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
      name: "add", abstract: "Add a recipe from a JSON file, --json TEXT or options to <journal>/recipes.",
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

        Without a FILE, the recipe can be given as options: --id, --title, --servings, and each
        --ingredient ID-OR-NAME (an id, or a name: the best match of the ingredient search, said on
        stderr) followed right away by its --grams N or --portion '2 large'; optionally --step
        (repeatable, in order), --tag and --book (repeatable), --source-url, --yield-grams and the
        dietary flags (--vegetarian, --vegan, --gluten-free, --dairy-free, --nut-free). A food of the
        recipe's own (with its values per 100 g) needs a file or --json. Problems are located in the
        recipe's canonical text, named <options>.
        """,
      examples: [
        ("recipe add chili.json", "Add the recipe in chili.json."),
        (
          "recipe add --json '{\"id\":\"oat-banana\",\"title\":\"Oats with banana\",\"servings\":2,"
            + "\"ingredients\":[{\"ingredient\":\"usda-sr-08120\",\"grams\":80},"
            + "{\"ingredient\":\"usda-sr-09040\",\"portion\":\"1 medium\"}],\"vegetarian\":true}'",
          "Add a recipe given as JSON text."
        ),
        (
          "recipe add --id oat-banana --title 'Oats with banana' --servings 2 --ingredient 'rolled oats' "
            + "--grams 80 --ingredient banana --portion '1 medium' --vegetarian --step 'Cook the oats.'",
          "Add the same recipe from options."
        ),
      ],
      options: [
        CommonOptions.journal, json, replace, IngredientsCommand.noBuiltIn, CommonOptions.quiet,
        CommonOptions.lockTimeout,
      ] + fieldOptions,
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
      name: "search", abstract: "The recipes whose title, id, tags, books or ingredients hold QUERY.",
      positionals: [.repeated("QUERY")],
      discussion: """
        Every word of QUERY must be found, ignoring case, in the recipe's title, id, tags, books or
        ingredient names. Best first: a word found as a whole word of the title counts best, then
        part of the title or id, then a tag or book, then an ingredient's name; equal matches in id
        order. Shown as 'recipe list' shows recipes, in every format (-f csv|json|markdown|html).
        """,
      examples: [
        ("recipe search chili", "Recipes about chili."),
        ("recipe search banana oats -f csv", "Recipes with both words, as CSV."),
      ],
      options: reading, run: RecipeCommand.search),
    Command(
      name: "edit", abstract: "Change a recipe's title, servings, yield, tags, flags or source.",
      positionals: [.required("ID")],
      discussion: """
        The recipe is read, changed and written back in canonical form, atomically and under the
        journal lock; a change that leaves it as it was writes nothing. --add-tag and the dietary
        flags add (once); --remove-tag TAG removes a tag the recipe has (else exit 2); --not-vegan
        and the like withdraw a declaration; --no-yield and --no-source-url drop those fields.
        Ingredients and steps: 'recipe add --replace' with the whole recipe.
        """,
      examples: [
        ("recipe edit chili --servings 6 --add-tag freezer", "Six servings, tagged freezer."),
        ("recipe edit oat-banana --not-vegetarian", "Withdraw the vegetarian declaration."),
      ],
      options: writing + editOptions, run: RecipeCommand.edit),
    Command(
      name: "note", abstract: "Add a note to a recipe (--pin to show it first), or unpin or remove one.",
      positionals: [.required("ID"), .optional("TEXT")],
      discussion: """
        The note is added after the recipe's other notes with today's date (--today, else the
        clock, in the --tz or journal's zone). Notes are numbered in the order written, as 'recipe
        show' numbers them; --unpin N and --remove N take that number.
        """,
      examples: [
        ("recipe note chili 'Less salt next time' --pin", "A pinned note."),
        ("recipe note chili --remove 2", "Remove the second note."),
      ],
      options: writing + [pin, unpin, removeNote, CommonOptions.today, CommonOptions.timeZone],
      run: RecipeCommand.note),
    Command(
      name: "book",
      abstract: "Recipe books: add or remove a recipe (book add|rm BOOK RECIPE), show one, or list them.",
      positionals: [.required("add|rm|show|list"), .optional("BOOK"), .optional("RECIPE")],
      discussion: """
        A recipe book is a named collection; a recipe's "books" list says which it belongs to.
        'book add BOOK RECIPE' puts the recipe in the book (once), 'book rm BOOK RECIPE' takes it out
        (exit 2 when it is not in it), each rewriting the recipe file canonically under the journal
        lock. 'book list' shows each book with its recipes, in every format. 'book show BOOK' is the
        book's page: its recipes with their nutrition per serving, then each recipe's photos and
        videos (-f html embeds the photos up to 1 MiB and links the others; manual: recipes-and-plans).
        """,
      examples: [
        ("recipe book add Weeknights chili", "Put chili in the book Weeknights."),
        ("recipe book rm Weeknights chili", "Take it out again."),
        ("recipe book list", "Every book with its recipes."),
        ("recipe book show Mornings -f html -o mornings.html", "The book's page, with its photos."),
      ],
      options: writing + [IngredientsCommand.noBuiltIn] + OutputOptions.all, run: RecipeCommand.book),
    mediaCommand,
    Command(
      name: "rm", abstract: "Remove a recipe's file from <journal>/recipes.",
      positionals: [.required("ID")],
      discussion: """
        Removes <journal>/recipes/ID.json under the journal lock. Entries logged from the recipe keep
        their nutrition. Exits with 2 when there is no such recipe.
        """,
      examples: [("recipe rm oat-banana", "Remove the recipe oat-banana.")],
      options: writing, run: RecipeCommand.remove),
  ]

  static let command = Command(
    name: "recipe",
    abstract: "Recipes as composite foods: add, show, list, search, edit, note, book, media and rm.",
    positionals: [.required("SUBCOMMAND")],
    discussion: """
      A recipe is a file of its own in the journal, <journal>/recipes/ID.json (plain JSON in a fixed
      layout, so git diffs show only what changed); its nutrition comes from its ingredients.
      """,
    examples: [], options: [CommonOptions.journal],
    run: { arguments, _ throws(CommandError) in
      guard let first = arguments.positionals.first else {
        throw .usage("recipe needs a subcommand: \(subcommands.map(\.name).joined(separator: ", "))")
      }
      throw Command.unknownSubcommand(first, of: "recipe", among: subcommands)
    }
  ).attaching(subcommands)
}
