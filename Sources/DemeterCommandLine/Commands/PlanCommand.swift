import DemeterCore
import DemeterReporting
import DemeterReports

/// `plan PERIOD` and `plan add|show|rm|shopping`: meal plans against what was eaten (manual: recipes-and-plans). A
/// plan is a file of its own, `<journal>/plans/NAME.json`, named for its period. A first argument
/// naming a subcommand runs it; anything else is the PERIOD of the plan report.
enum PlanCommand {
  static let replace = OptionSpec.flag("replace", help: "Overwrite the plan for the same period.")
  static let json = OptionSpec.value("json", "TEXT", help: "The plan as JSON text instead of a FILE.")
  static let reading = CommonOptions.reading + [IngredientsCommand.noBuiltIn] + OutputOptions.all

  static let formatHelp = """
    A plan file holds "period" (a fixed period: a day, 2026-W48, 2026-11, or 2026-11-23..2026-11-29;
    also the file's name) and "days": an object of dates in the period, each an object of meals
    (breakfast, lunch, dinner, snack), each a non-empty list of items. An item is a recipe,
    {"recipe":ID,"servings":N}, or a food as a recipe's ingredient is written: {"ingredient":ID,
    "grams":N}, {"ingredient":ID,"portion":"1 medium"} or {"food":NAME,"per100g":{"calories":…,
    "protein":…,"carbohydrates":…,"fat":…},"grams":N}.
    """

  static let subcommands: [Command] = [
    Command(
      name: "add", abstract: "Add a meal plan from a JSON file (or --json TEXT) to <journal>/plans.",
      positionals: [.optional("FILE")],
      discussion: """
        The plan is checked, its recipes and ingredients resolved (the journal's recipes, its
        ingredients.jsonl, then the built-in USDA table); problems are printed as FILE:LINE:COLUMN
        errors and nothing is written (exit 1). It is then written in canonical form (a day a line
        block, a meal a line, days and meals in order) to <journal>/plans/NAME.json, NAME being the
        period's name, atomically and under the journal lock. A plan for the same period exits with 2
        unless --replace.

        """ + formatHelp,
      examples: [
        ("plan add week48.json", "Add the plan in week48.json."),
        (
          "plan add --json "
            + "'{\"period\":\"2026-W48\",\"days\":{\"2026-11-23\":{\"dinner\":[{\"recipe\":\"chili\","
              + "\"servings\":1}]}}}'",
          "Add a plan given as JSON text."
        ),
      ],
      options: [
        CommonOptions.journal, json, replace, IngredientsCommand.noBuiltIn, CommonOptions.quiet,
        CommonOptions.lockTimeout,
      ],
      run: PlanCommand.add),
    Command(
      name: "show", abstract: "A meal plan's items and each day's planned nutrition.",
      positionals: [.required("PERIOD")],
      discussion: """
        The plan whose period PERIOD names (2026-W48, or any period word such as 'this week'): each
        item with its kcal and macronutrients (a recipe's per serving times its servings, exact),
        then each day's sums. -f json|csv|markdown|html for other formats (CSV writes the items).
        """,
      examples: [("plan show 2026-W48", "The plan for ISO week 48 of 2026.")],
      options: reading, run: PlanCommand.show),
    Command(
      name: "rm", abstract: "Remove a meal plan's file from <journal>/plans.",
      positionals: [.required("PERIOD")],
      discussion: "Removes the plan for PERIOD under the journal lock. Exits with 2 when there is none.",
      examples: [("plan rm 2026-W48", "Remove the plan for 2026-W48.")],
      options: [
        CommonOptions.journal, CommonOptions.today, CommonOptions.weekStart, CommonOptions.quiet,
        CommonOptions.lockTimeout,
      ],
      run: PlanCommand.remove),
    Command(
      name: "shopping",
      abstract: "The shopping list of a period's plans: each food in grams and household measures.",
      positionals: [.optional("PERIOD")],
      discussion: """
        Every food of the plans' items on the days of PERIOD (default: \(ReportKind.plan.defaultPeriod!)), recipes
        expanded by servings (each ingredient's grams × servings ÷ the recipe's servings), summed
        exactly per ingredient, with the ingredient table's household measure that fits the grams
        best (1 to 50 of it, closest to a whole number), e.g. "3 medium (354 g)".
        """,
      examples: [("plan shopping 2026-W48", "What to buy for week 48.")],
      options: reading,
      run: { arguments, console throws(CommandError) in try PlanCommand.report(.shopping, arguments, &console) }),
  ]

  static let command = Command(
    name: "plan", abstract: "Meal plans against what was eaten; add, show, rm and shopping.",
    positionals: [.optional("PERIOD")],
    discussion: """
      Compares the meal plans (<journal>/plans/NAME.json) of the days of PERIOD (default:
      \(ReportKind.plan.defaultPeriod!)) with the journal, day by day and meal by meal: planned and eaten kcal,
      protein, carbohydrates and fat, exact. A planned meal counts as eaten when the journal has at
      least one entry that day naming that meal. Adherence is the share of planned meals eaten, and
      the share of planned days whose eaten kcal are within ±10 % of the planned kcal; days after
      today are upcoming and not counted. Unplanned extras are meals with entries and nothing
      planned (entries naming no meal count as one). A day planned by two plan files is an error.
      HTML draws eaten kcal per day as bars and the planned kcal as a line.

      """ + formatHelp,
    examples: [
      ("plan 2026-W48", "Week 48 against its plan."),
      ("plan --sample -f html -o plan.html", "The sample's planned week as a page with a chart."),
    ],
    options: reading,
    run: { arguments, console throws(CommandError) in try PlanCommand.report(.plan, arguments, &console) }
  ).attaching(subcommands)
}
