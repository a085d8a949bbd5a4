import BuiltInIngredients
import DemeterCore
import DemeterReporting
import DemeterReports

/// `add`: appends validated entries to the journal (manual: writing).
enum AddCommand {
  static let command = Command(
    name: "add",
    abstract: "Add entries to the journal (from options, --json, or JSON lines on stdin).",
    positionals: [.optional("-")],
    discussion: """
      Entries come from exactly one source:
        field options   --food, --calories, --protein, --carbs and --fat are required;
        --ingredient ID-or-NAME --grams N | --portion 'AMOUNT MEASURE'
                        nutrition computed from the ingredient (the journal's ingredients.jsonl, else
                        the built-in USDA table; a name takes its best match when that match
                        is good and clearly ahead, else the command lists the numbered
                        candidates and exits with 2: add again with --pick N or the id): energy,
                        macronutrients, fibre, sugar and micronutrients (alcohol among them) of the
                        grams eaten; foodName defaults to the ingredient's name, confidence 1;
                        the food taken is said on stderr (name, id, kcal for the amount);
        --recipe ID [--servings N]
                        nutrition of N (default 1) servings of the journal's recipe ID
                        (recipes/ID.json), matchedIngredientID recipe:ID, foodName its title;
        --json LINE     one JSON entry line;
        --weight N      not an entry but a weigh-in, appended to body.jsonl under the journal lock
                        (--unit kg|lb, else the journal's "weightUnit", else kg; --time, --note,
                        --body-fat, --waist; 'help body-log');
        stdin           JSON entry lines, when '-' is given, or when no other source is given and
                        stdin is not a terminal (blank lines are skipped).
      Every entry is checked with the same rules as 'check'. A JSON line without an "id" gets one
      derived from the lines given and its position among them, so adding the same lines again (say,
      after an interrupted run) is refused as already added instead of adding them twice; the field
      options make a new random id each time.
      Problems are printed as <stdin>:LINE:COLUMN (or --json:1:COLUMN) and nothing is written if any
      entry is invalid or its id is already used (exit 1). Each entry goes to the day file of its
      timestamp's date (the existing one, else a new one laid out like the journal's newest day file),
      written in canonical key order where 'fmt' would put it (by time; other lines byte-identical),
      under the journal lock; all the files change at once, or none (an interrupted run leaves the
      journal as it was, or with every entry). The new ids are printed, one a line, and on stderr
      (unless --quiet) which files received them.
      """,
    examples: [
      (
        "add --food 'scrambled eggs' --calories 182 --protein 12.2 --carbs 2 --fat 13.4 --meal breakfast",
        "Add one entry eaten now."
      ),
      (
        "add --json '{\"timestamp\":\"2026-11-21T08:15:00-05:00\",\"rawDescription\":\"\","
          + "\"foodName\":\"tea\",\"quantity\":1,\"unit\":\"cup\",\"calories\":2,\"protein\":0,"
          + "\"carbohydrates\":0,\"fat\":0,\"confidence\":1}'",
        "Add one entry given as a JSON line."
      ),
      ("add - < entries.jsonl", "Add every line of a file, all or nothing."),
      (
        "add --ingredient usda-sr-09040 --grams 118 --meal snack",
        "A banana by id and weight."
      ),
      ("add --ingredient banana --portion '1 medium'", "The same by name and household measure."),
      ("add --recipe oat-banana --servings 1.5 --meal breakfast", "One and a half servings of a recipe."),
      ("add --weight 81.4", "A weigh-in now, in kg (or the journal's weightUnit), to body.jsonl."),
    ],
    options: [CommonOptions.journal, json]
      + EntryFieldOptions.all + ingredientOptions + recipeOptions + weightOptions + [
        CommonOptions.today, CommonOptions.timeZone, CommonOptions.quiet, CommonOptions.lockTimeout,
      ],
    run: run)

  /// `--ingredient ID-or-NAME --grams N | --portion TEXT`: an entry computed from an ingredient.
  static let ingredientOptions = [ingredient, grams, portion, pick]
  static let ingredient = OptionSpec.value(
    "ingredient", "ID-OR-NAME",
    help:
      "Compute the nutrition from this ingredient (id, or name: the best match; with --grams or --portion).")
  static let grams = OptionSpec.value("grams", "N", help: "How many grams of --ingredient were eaten.")
  static let portion = OptionSpec.value(
    "portion", "TEXT", help: "How much of --ingredient in its household measures, e.g. '2 large'.")
  static let pick = IngredientPick.option
  static let json = OptionSpec.value("json", "LINE", help: "One entry as a JSON line.")

  static func run(_ arguments: ParsedArguments, _ console: inout Console) throws(CommandError) -> Int32 {
    if arguments.has(weight) { return try addWeight(arguments, &console) }
    if let option = weightOptions.first(where: arguments.has) {
      throw .usage("--\(option.long) goes with --weight N (a weigh-in for body.jsonl)")
    }
    let dashes = arguments.positionals.filter { $0 == "-" }.count
    if let extra = arguments.positionals.first(where: { $0 != "-" }) {
      throw .usage("add takes no arguments besides '-' (got '\(extra)'); use --food …, --json LINE or stdin")
    }
    let fields =
      EntryFieldOptions.anyGiven(arguments)
      || (ingredientOptions + recipeOptions).contains { arguments.has($0) }
    let json = arguments.value(json)
    let explicitSources = (fields ? 1 : 0) + (json != nil ? 1 : 0) + (dashes > 0 ? 1 : 0)
    if explicitSources > 1 {
      throw .usage("give entries one way: field options (--food …), --json LINE, or stdin ('-')")
    }
    if arguments.has(CommonOptions.today), arguments.has(EntryFieldOptions.time) {
      throw .usage("--today and --time go separately: --time already names the day")
    }
    let readsStdin = dashes > 0 || (explicitSources == 0 && !console.isTerminal(.input))
    if explicitSources == 0 && !readsStdin {
      throw .usage(
        "nothing to add: give --food NAME --calories N …, --json LINE, or JSON lines on stdin ('-')")
    }
    let context = try JournalWriteContext(arguments)
    let quiet = arguments.has(CommonOptions.quiet)
    let outcomes: [ReportMaker.ReadEntryLine]
    let failed: Bool
    var taken: String?
    if fields {
      let zone = try context.writingZone(arguments, &console)
      let outcome: EntryLineReader.Outcome
      (outcome, taken) = try fromOptions(arguments, layout: context.layout, zone: zone, &console)
      outcomes = [("<options>", 1, outcome)]
      failed = outcome.hasErrors
      for diagnostic in outcome.diagnostics where diagnostic.severity == .error || !quiet {
        let message = TerminalSafeText.escaped(diagnostic.message)
        console.error("demeter-report: \(diagnostic.severity.rawValue): \(message)")
      }
    } else {
      if let json {
        let missingID = BatchEntryIDs(lines: [Array(json.utf8)]).id(at: 0)
        let outcome = EntryLineReader.read(json, path: "--json", lineNumber: 1, missingID: missingID)
        outcomes = [("--json", 1, outcome)]
      } else {
        let input = try CommonOptions.standardInput(limit: .dayFile, console)
        outcomes = EntryLineReader.read(batch: input, path: "<stdin>").map {
          ("<stdin>", $0.lineNumber, $0.outcome)
        }
        if outcomes.isEmpty { throw .usage("nothing to add: stdin has no entry lines") }
      }
      failed = EntryFieldOptions.report(outcomes.flatMap(\.outcome.diagnostics), quiet: quiet, &console)
    }
    let added = try ReportMaker.addEntries(
      outcomes, into: context.entries, readFailed: failed, quiet: quiet, taken: taken, &console)
    return added ? 0 : 1
  }

  /// The entry the field options describe, read through the same decoder as journal lines, and what
  /// to say of the food it was computed from once it is written.
  private static func fromOptions(
    _ arguments: ParsedArguments, layout: JournalLayout, zone: TimeZoneRule, _ console: inout Console
  ) throws(CommandError) -> (EntryLineReader.Outcome, taken: String?) {
    var food = try recipeServing(arguments, journal: layout.journal, &console)
    if food == nil { food = try ingredientPortion(arguments, layout: layout, &console) }
    let required =
      [EntryFieldOptions.food] + EntryFieldOptions.nutrientOptions.filter(\.nutrient.isRequired).map(\.option)
    let missing = required.filter { !arguments.has($0) }
    if food == nil, !missing.isEmpty {
      throw .usage(
        "add needs " + missing.map { "--\($0.long)" }.joined(separator: ", ")
          + " (or --ingredient ID-or-NAME with --grams N or --portion 'AMOUNT MEASURE')")
    }
    let today = try CommonOptions.givenToday(arguments)
    var entry = NewEntry(
      at: try EntryFieldOptions.time(arguments, zone: zone) ?? EntryFieldOptions.now(today: today, zone: zone))
    entry.food = food
    entry.foodName = arguments.value(EntryFieldOptions.food)
    entry.rawDescription = arguments.value(EntryFieldOptions.description) ?? ""
    entry.unit = arguments.value(EntryFieldOptions.unit)
    entry.quantity = try EntryFieldOptions.number(EntryFieldOptions.quantity, arguments)
    for (nutrient, option) in EntryFieldOptions.nutrientOptions {
      entry.nutrients[nutrient] = try EntryFieldOptions.number(option, arguments)
    }
    entry.alcohol = try EntryFieldOptions.number(EntryFieldOptions.alcohol, arguments)
    entry.confidence = try EntryFieldOptions.number(EntryFieldOptions.confidence, arguments)
    entry.meal = try EntryFieldOptions.meal(arguments)
    entry.note = arguments.value(EntryFieldOptions.note)
    return (entry.read(), food?.taken)
  }

  /// The food `--ingredient ID-or-NAME` with `--grams N` or `--portion TEXT` names, for that amount;
  /// nil without `--ingredient`.
  private static func ingredientPortion(
    _ arguments: ParsedArguments, layout: JournalLayout, _ console: inout Console
  ) throws(CommandError) -> ComputedFood? {
    guard let wanted = arguments.value(ingredient) else {
      for option in [grams, portion, pick] where arguments.has(option) {
        throw .usage("--\(option.long) goes with --ingredient ID-or-NAME")
      }
      return nil
    }
    guard arguments.has(grams) != arguments.has(portion) else {
      throw .usage("--ingredient needs either --grams N or --portion 'AMOUNT MEASURE' (e.g. '2 large')")
    }
    let given = EntryFieldOptions.computedByFood.filter(arguments.has)
    if !given.isEmpty {
      throw .usage(
        "--ingredient computes " + given.map { "--\($0.long)" }.joined(separator: ", ") + "; leave them out")
    }
    let database = IngredientDatabase.load(path: layout.ingredients)
    let catalog = BuiltInIngredients.catalog(own: database.database)
    let ingredient = try IngredientPick.ingredient(wanted, pick: arguments.value(pick), in: catalog)
    let grams: Double
    let quantity: Double
    let unit: String
    if let text = arguments.value(Self.grams) {
      guard let value = Double(text), value.isFinite, value > 0 else {
        throw .usage("--grams must be a positive number of grams (got '\(TextEscaping.singleLine(text))')")
      }
      (grams, quantity, unit) = (value, value, "g")
    } else {
      let portion: IngredientPortion
      do throws(ModelError) {
        portion = try IngredientPortion(arguments.value(Self.portion) ?? "", of: ingredient)
      } catch {
        throw .usage("--portion: \(TextEscaping.singleLine(error.message))")
      }
      (grams, quantity, unit) = (portion.grams, portion.amount, portion.unit)
    }
    return ComputedFood(ingredient, grams: grams, quantity: quantity, unit: unit)
  }
}
