import BuiltInIngredients
import DemeterCore
import DemeterReports

/// `review`: the entries to review, newest first; `--accept ID…` marks entries reviewed, `--match
/// ID FOOD` matches one to a food (manual: reviewing). The work is `ReportMaker`'s.
enum ReviewCommand {
  static let accept = OptionSpec.flag(
    "accept", help: "Mark the entries ID… reviewed (\"reviewed\": true in their lines).")
  static let match = OptionSpec.flag(
    "match",
    help: "Match the entry ID to FOOD (an ingredient id, or a name the table answers unambiguously): "
      + "its nutrition recomputed for its amount, the old values kept in its note, marked reviewed.")
  static let list = OptionSpec.flag(
    "list", help: "List the entries to review, also on a terminal (where review walks them one at a time).")

  static let command = Command(
    name: "review",
    abstract: "Walk or list the entries to review; accept them, or match them to a food.",
    positionals: [.repeated("ID")],
    discussion: """
      On a terminal (standard input and output both), walks the entries to review, newest first, one
      at a time: a key each to accept (a), match to a food (m), edit the amount (e), skip (s or
      space) or quit (q); ? lists the keys. Each change is written at once.
      Otherwise, or with --list, lists the entries to review, newest first, one a line: id, date and time, food, and why
      (low confidence, energy inconsistent, recipe changed since the entry was logged; unmatched only
      with --review unmatched: otherwise entries without a matched ingredient are counted, not
      listed). An entry marked reviewed is listed by no report.
      --accept ID… marks entries reviewed ("reviewed": true in their lines); --match ID FOOD
      matches one entry to a food, its nutrition recomputed for its amount (in grams, or a measure
      of the food such as '2 large'), its old values kept in its note, and marks it reviewed.
      Each ID is an entry's id or a unique prefix of it (at least 4 characters). Every write goes
      through the journal's transaction and lock, as 'edit' does; when an id is unknown nothing is
      written and the exit code is 2.
      """,
    examples: [
      ("review", "The entries to review, newest first."),
      ("review --review unmatched", "The same, with the entries matched to no ingredient."),
      ("review --accept 6f0c9a52 0d7f1d0e", "Mark two entries reviewed."),
      ("review --match 6f0c9a52 usda-sr-09040", "Match an entry to a food by its id."),
    ],
    options: [
      CommonOptions.journal, CommonOptions.today, CommonOptions.timeZone, CommonOptions.quiet,
      CommonOptions.noCache, CommonOptions.lockTimeout, list, accept, match, ReportCommands.lowConfidence,
      ReportCommands.highConfidence, ReportCommands.review,
    ],
    run: run)

  static func run(_ arguments: ParsedArguments, _ console: inout Console) throws(CommandError) -> Int32 {
    let modes = [list, accept, match].filter(arguments.has)
    guard modes.count <= 1 else {
      throw .usage("give one of " + modes.map { "--\($0.long)" }.joined(separator: ", "))
    }
    let context = try JournalWriteContext(arguments)
    let quiet = arguments.has(CommonOptions.quiet)
    let ids = arguments.positionals
    if arguments.has(accept) {
      guard !ids.isEmpty else { throw .usage("review --accept needs the ids of the entries to accept") }
      for id in try ReportMaker.acceptReviewed(ids, in: context.entries) where !quiet {
        console.print("reviewed \(id)")
      }
      return 0
    }
    if arguments.has(match) {
      guard ids.count == 2 else {
        throw .usage("review --match needs an entry id and a food (got \(count: ids.count, "argument"))")
      }
      let food = try IngredientPick.ingredient(ids[1], pick: nil, in: catalog(context.layout))
      let (entry, grams) = try ReportMaker.matchReviewed(ids[0], to: food, in: context.entries)
      if !quiet {
        console.error(
          FoodsTaken.line(
            food, kcal: DecimalText.roundedTrimmed(entry.calories, decimals: 1),
            amount: "\(DecimalText.roundedTrimmed(grams, decimals: 1)) g"))
        console.print("matched \(entry.id)")
      }
      return 0
    }
    guard ids.isEmpty else { throw .usage("review lists the entries to review; give ids with --accept or --match") }
    let settings = try ReportCommands.settings(arguments)
    let journal = try JournalContext(folder: context.journal, settings: settings, quiet: quiet, &console)
    let queue = try ReportMaker.reviewQueue(journal, settings: settings, usesCache: CommonOptions.usesCache(arguments))
    if !arguments.has(list), console.isTerminal(.input), console.isTerminal(.output) {
      let terminal = try RawTerminal()
      defer { terminal.restore() }
      var walk = ReviewWalk(
        terminal: terminal, entries: context.entries, catalog: catalog(context.layout), tolerance: queue.tolerance)
      try walk.walk(queue.entries)
      return 0
    }
    for entry in queue.entries { console.print(ReportMaker.reviewLine(entry, queue.tolerance)) }
    if !quiet { console.error(queue.summary) }
    return 0
  }

  /// The foods an entry is matched to: the journal's `ingredients.jsonl`, then the built-in table.
  static func catalog(_ layout: JournalLayout) -> IngredientCatalog {
    BuiltInIngredients.catalog(own: IngredientDatabase.load(path: layout.ingredients).database)
  }
}
