import DemeterCore
import DemeterReporting
import DemeterReports

/// `day`, `week`, `month`, `year`, `range`, `entries`, `ingredients` and `compare`: reports over a
/// period, or two (manual: reports, command-line).
enum ReportCommands {
  static let from = OptionSpec.value(
    "from", "DATE", help: "First day of the period (with --to: another spelling of A..B).")
  static let to = OptionSpec.value("to", "DATE", help: "Last day of the period, inclusive.")
  /// `--digest FILE`: a digest file read in place of a journal, repeatable.
  static let digest = OptionSpec.value(
    "digest", "FILE",
    help: "Read the day digests of FILE ('demeter-report digest') instead of a journal; repeatable (files "
      + "are merged as 'merge --cohort' merges them).")
  static let lowConfidence = OptionSpec.value(
    "low-confidence", "C", help: "Confidence below C counts as low (default 0.5).")
  static let highConfidence = OptionSpec.value(
    "high-confidence", "C", help: "Confidence of at least C counts as high (default 0.8).")

  /// `--goal-calories`, `--goal-protein`, `--goal-carbohydrates`, `--goal-fat`: daily goals.
  static let goals = GoalNutrient.allCases.map { nutrient in
    OptionSpec.value(
      "goal-\(nutrient.rawValue)", nutrient == .calories ? "KCAL" : "GRAMS",
      help: "Daily \(nutrient.rawValue) goal: reports show each day against it (±10 % counts as met).")
  }

  static let limit = OptionSpec.value(
    "limit", "N",
    help:
      "List at most N entries to review in each list, or 'all' (default \(ReportSettings.defaultReviewLimit); "
      + "all for JSON).")

  /// `--review unmatched`: unmatched entries listed among those to review.
  static let review = OptionSpec.value(
    "review", "REASON",
    help: "'unmatched': list entries without a matched ingredient among those to review (default: only "
      + "counted).")

  static let options =
    CommonOptions.reading + [digest] + OutputOptions.all
    + [from, to, lowConfidence, highConfidence, limit, review] + goals

  static let periodHelp = """
    PERIOD is one of: today, yesterday, this week, last week, next week, this month, last month,
    next month, this year, last year, 2026-11-21, 2026-W47, 2026-11, 2026, 2026-11-01..2026-11-21,
    last 4 weeks, last 30 days, 3 days ago, 2 weeks ago, a month (march or mar: the most recent
    March; march 2025), a weekday (monday or mon: the most recent Monday, today if it is one), all
    (the journal's whole span). Words may be given unquoted. Buckets are whole days, weeks, months or
    years: a period is widened to the buckets it touches.
    The format is --format, else the -o file's extension (\(OutputOptions.builtInExtensions); another
    extension is an error without --format), else text.
    """

  static let comparisonHelp = """
    The first PERIOD is compared with the second: each summary figure of both, the change (first
    minus second) and the change in percent of the second. Each period is taken as written (not
    widened to whole weeks).
    """

  static let all: [Command] = [
    command(
      .day,
      abstract: "One row per day of the period (default: today).",
      examples: [
        ("day yesterday", "Yesterday's totals."),
        ("day 2026-11-01..2026-11-07 -f json", "A week, day by day, as JSON."),
      ]),
    command(
      .week,
      abstract: "One row per week of the period (default: this week).",
      examples: [
        ("week", "This week, in the terminal."),
        ("week --format html -o week.html", "This week as a page with charts."),
        ("week --goal-calories 2200", "This week, each day against a 2200 kcal goal."),
        ("week 'last week' -o 'Reports/{week}.html'", "Last week's page, named after the week (for cron)."),
        ("week last 12 weeks --format csv", "The last 12 weeks, one CSV row each."),
        ("week all --low-confidence 0.6 --decimals 4 -f csv", "Every week: the project's benchmark query."),
      ]),
    command(
      .month,
      abstract: "One row per month of the period (default: this month).",
      examples: [
        ("month last month", "Last month."), ("month 2026 -o 2026.md", "Each month of 2026, as Markdown."),
      ]),
    command(
      .year,
      abstract: "One row per year of the period (default: this year).",
      examples: [("year all", "Every year of the journal.")]),
    command(
      .range,
      abstract: "A summary of any period, with daily rows.",
      examples: [
        ("range 2026-11-01..2026-11-21", "Three weeks, day by day."),
        ("range --from 2026-11-01 --to 2026-11-21", "The same."),
      ]),
    command(
      .entries,
      abstract: "The entries themselves, for export (default: this week).",
      examples: [
        ("entries 2026-11 -f csv -o november.csv", "November's entries as CSV."),
        (
          "entries all -f jsonl | demeter-report add - --journal copy",
          "Every entry as its journal line (all keys kept), into another journal."
        ),
      ]),
    command(
      .ingredients,
      abstract: "Search the built-in food table (search, show), add or rm your own; how entries use them.",
      examples: [("ingredients all", "Ingredient use and matching quality over the whole journal.")]),
    command(
      .nutrients,
      abstract: "Each nutrient per logged day against the person's targets (default: last 4 weeks).",
      examples: [
        ("nutrients", "The last 4 weeks against the profile in the journal's settings."),
        ("nutrients 2026-11 --sex female --age 35", "November against a 35-year-old woman's reference intakes."),
        ("nutrients last month -f csv", "Last month's intakes and targets as CSV."),
        ("nutrients last month --journals people", "How many of the people meet each target."),
      ]),
    command(
      .compare,
      abstract: "Two periods side by side, with the change of every summary figure.",
      examples: [
        ("compare 2026-W47 2026-W46", "This week against the week before."),
        ("compare 2026-11 2025-11 -f json", "November against November a year ago, as JSON."),
        (
          "compare 'this week' 'last week'", "Periods of several words: quoted, or unquoted when unambiguous."
        ),
      ]),
    command(
      .body,
      abstract: "Weight, trend weight, its weekly rate and the estimated energy expenditure (default: last 8 weeks).",
      examples: [
        ("body", "The last 8 weeks of weigh-ins, with the trend and the expenditure of the last 28 days."),
        ("body 'last 12 weeks' --window 42 -f html -o body.html", "Twelve weeks, expenditure over 6 weeks."),
        ("body --journals people", "Each person's trend change over the last 8 weeks."),
      ]),
  ]

  /// `--window DAYS`: the days the `body` report's expenditure estimate covers.
  static let window = OptionSpec.value(
    "window", "DAYS",
    help: "The days the expenditure estimate covers, ending at the period's last day or today (default 28, at least 14).")

  /// The options of `kind`: `compare` takes two periods (no --from/--to); only bucket reports list
  /// entries to review (--limit).
  private static func options(of kind: ReportKind) -> [OptionSpec] {
    switch kind {
    case .compare:
      options.filter { $0 != from && $0 != to && $0 != limit } + [QueryOptions.query] + BreakdownOptions.all
    case .entries: options.filter { $0 != limit } + [QueryOptions.query]
    case .ingredients: options.filter { $0 != limit } + [QueryOptions.query]
    case .body: options.filter { $0 != limit && $0 != digest } + [CommonOptions.journals, window]
    case .nutrients: options.filter { $0 != limit } + [CommonOptions.journals] + ProfileOptions.all
    default: options + [CommonOptions.journals] + ProfileOptions.all + [QueryOptions.query] + BreakdownOptions.all
    }
  }

  private static func command(_ kind: ReportKind, abstract: String, examples: [(String, String)]) -> Command {
    let compares = kind == .compare
    let period: Positional = kind.defaultPeriod == nil ? .required("PERIOD") : .optional("PERIOD")
    return Command(
      name: kind.rawValue, abstract: abstract, positionals: compares ? [period, period] : [period],
      discussion: compares
        ? comparisonHelp + "\n" + periodHelp
        : QueryOptions.kinds.contains(kind)
          ? periodHelp + "\n" + QueryOptions.help
            + (options(of: kind).contains(BreakdownOptions.by) ? "\n" + BreakdownOptions.help : "")
          : periodHelp,
      examples: examples.map { (command: $0.0, meaning: $0.1) },
      options: options(of: kind),
      run: { arguments, console throws(CommandError) in
        try ReportMaker.make(try request(kind, arguments, &console), &console)
        return 0
      })
  }

  /// The request `arguments` make for a report of `kind`.
  static func request(_ kind: ReportKind, _ arguments: ParsedArguments, _ console: inout Console)
    throws(CommandError) -> ReportRequest
  {
    var request = try reading(kind, from: try source(arguments, &console), settings: try settings(arguments), arguments)
    let (period, query) =
      QueryOptions.kinds.contains(kind)
      ? QueryOptions.split(arguments.positionals) : (arguments.positionals, [])
    request.period = try periodWords(arguments, positionals: period, kind: kind)
    request.query = try QueryOptions.asked(arguments, words: query, source: request.source)
    if options(of: kind).contains(BreakdownOptions.by) { request.breakdown = try BreakdownOptions.breakdown(arguments) }
    return request
  }

  /// A request of `kind` from `source` with `settings`, its period the positionals, written and
  /// read as the output and reading options say.
  static func reading(
    _ kind: ReportKind, from source: ReportRequest.Source, settings: ReportSettings, _ arguments: ParsedArguments
  ) throws(CommandError) -> ReportRequest {
    var request = ReportRequest(
      kind, period: arguments.positionals, source: source, settings: settings,
      output: try OutputOptions.plan(arguments))
    CommonOptions.reading(&request, arguments)
    return request
  }

  /// Where the report's days come from: digest files (`--digest`), several journals (`--journal`
  /// more than once, `--journals`), the sample (`--sample`), else the journal folder.
  private static func source(_ arguments: ParsedArguments, _ console: inout Console) throws(CommandError)
    -> ReportRequest.Source
  {
    if arguments.has(digest) {
      for option in [CommonOptions.journal, CommonOptions.journals, CommonOptions.sample]
      where arguments.has(option) {
        throw .usage("give either --digest or --\(option.long), not both")
      }
      return .digestFiles(arguments.all(digest))
    }
    if let journals = try CommonOptions.journalSet(arguments, &console) { return .journals(journals) }
    return try CommonOptions.journalFolder(arguments).map { .journal($0) } ?? .sample
  }

  /// The period's words: `--from A --to B` as `A..B`, else `positionals`.
  private static func periodWords(_ arguments: ParsedArguments, positionals: [String], kind: ReportKind)
    throws(CommandError) -> [String]
  {
    let (from, to) = (arguments.value(from), arguments.value(to))
    guard from != nil || to != nil else { return positionals }
    guard positionals.isEmpty else { throw .usage("give either a PERIOD or --from/--to, not both") }
    guard let from, let to else { throw .usage("--from and --to go together (both dates, inclusive)") }
    return ["\(from)..\(to)"]
  }

  /// The settings of a report: `CommonOptions.settings`, thresholds (options, else
  /// `$DEMETER_LOW_CONFIDENCE`/`$DEMETER_HIGH_CONFIDENCE`), goals and `--limit`.
  static func settings(_ arguments: ParsedArguments) throws(CommandError) -> ReportSettings {
    var settings = try CommonOptions.settings(arguments)
    let low = CommonOptions.setting(arguments, option: lowConfidence, environment: .lowConfidence)
    if let text = low.text {
      settings.lowConfidence = .init(try confidence(text, option: low.source), origin: low.source)
    }
    let high = CommonOptions.setting(arguments, option: highConfidence, environment: .highConfidence)
    if let text = high.text {
      settings.highConfidence = .init(try confidence(text, option: high.source), origin: high.source)
    }
    for (nutrient, option) in zip(GoalNutrient.allCases, goals) {
      guard let text = arguments.value(option) else { continue }
      let read = (try? JSONParser().parse(text)) != nil ? FixedDecimal.read(jsonNumber: text) : nil
      if read == .outOfRange {
        throw .usage(
          "--goal-\(nutrient.rawValue) is too large (got '\(TerminalSafeText.escaped(text))'; "
            + "at most \(FixedDecimal.largest))")
      }
      guard case .exact(let goal) = read, goal > .zero else {
        throw .usage(
          "--goal-\(nutrient.rawValue) must be a positive number (got '\(TerminalSafeText.escaped(text))')")
      }
      settings.goals[nutrient] = goal
    }
    settings.reviewLimit = try reviewLimit(arguments)
    settings.expenditureDays = try expenditureDays(arguments)
    if let text = arguments.value(review) {
      guard ReviewReason(name: text) == .unmatched else {
        throw .usage("--review takes 'unmatched' (got '\(TerminalSafeText.escaped(text))')")
      }
      settings.reviewsUnmatched = true
    }
    settings.profile = try ProfileOptions.profile(arguments)
    return settings
  }

  /// `--limit N`, or `--limit all` (0: every entry); nil when not given.
  private static func reviewLimit(_ arguments: ParsedArguments) throws(CommandError) -> Int? {
    guard let text = arguments.value(limit) else { return nil }
    if text.lowercased() == "all" { return 0 }
    guard let limit = Int(text), limit > 0 else {
      throw .usage(
        "--limit must be a whole number above 0 or 'all' (got '\(TerminalSafeText.escaped(text))')")
    }
    return limit
  }

  /// `--window DAYS`, a whole number of at least `EnergyExpenditure.minimumLoggedDays`; nil when not
  /// given.
  private static func expenditureDays(_ arguments: ParsedArguments) throws(CommandError) -> Int? {
    guard let text = arguments.value(window) else { return nil }
    let least = EnergyExpenditure.minimumLoggedDays
    guard let days = Int(text), days >= least, days <= 3660 else {
      throw .usage(
        "--window must be a whole number of days from \(least) to 3660 (got '\(TerminalSafeText.escaped(text))')")
    }
    return days
  }

  private static func confidence(_ text: String, option: String) throws(CommandError) -> FixedDecimal {
    let problem = CommandError.usage(
      "\(option) must be a number from 0 to 1 (got '\(TerminalSafeText.escaped(text))')")
    guard (try? JSONParser().parse(text)) != nil, case .exact(let value) = FixedDecimal.read(jsonNumber: text)
    else { throw problem }
    guard value >= .zero, value <= FixedDecimal(1)! else { throw problem }
    return value
  }
}
