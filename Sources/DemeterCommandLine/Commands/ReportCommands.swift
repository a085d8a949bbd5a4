import BuiltInIngredients
import DemeterCore
import DemeterReporting

/// `day`, `week`, `month`, `year`, `range`, `entries`, `ingredients` and `compare`: reports over a
/// period, or two (manual: reports, command-line).
enum ReportCommands {
  static let from = OptionSpec.value(
    "from", "DATE", help: "First day of the period (with --to: another spelling of A..B).")
  static let to = OptionSpec.value("to", "DATE", help: "Last day of the period, inclusive.")
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
      "List at most N entries to review in each list, or 'all' (default \(defaultReviewLimit); all for JSON)."
  )
  /// How many flagged entries each list shows unless `--limit` says otherwise (JSON shows all).
  static let defaultReviewLimit = 50

  static let options =
    CommonOptions.reading + [DigestFiles.option] + OutputOptions.all
    + [from, to, lowConfidence, highConfidence, limit] + goals

  static let periodHelp = """
    PERIOD is one of: today, yesterday, this week, last week, this month, last month, this year,
    2026-11-21, 2026-W47, 2026-11, 2026, 2026-11-01..2026-11-21, last 4 weeks, last 30 days, all
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

  /// What a report command makes from the loaded journal.
  enum Shape {
    case buckets(@Sendable (WeekStart) -> BucketSize)
    case entries
    case ingredients
    /// Two periods side by side.
    case compare
  }

  static let all: [Command] = [
    command(
      .day, .buckets({ _ in .day }), defaultPeriod: "today",
      abstract: "One row per day of the period (default: today).",
      examples: [
        ("day yesterday", "Yesterday's totals."),
        ("day 2026-11-01..2026-11-07 -f json", "A week, day by day, as JSON."),
      ]),
    command(
      .week, .buckets({ .week($0) }), defaultPeriod: "this week",
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
      .month, .buckets({ _ in .month }), defaultPeriod: "this month",
      abstract: "One row per month of the period (default: this month).",
      examples: [
        ("month last month", "Last month."), ("month 2026 -o 2026.md", "Each month of 2026, as Markdown."),
      ]),
    command(
      .year, .buckets({ _ in .year }), defaultPeriod: "this year",
      abstract: "One row per year of the period (default: this year).",
      examples: [("year all", "Every year of the journal.")]),
    command(
      .range, .buckets({ _ in .day }), defaultPeriod: nil,
      abstract: "A summary of any period, with daily rows.",
      examples: [
        ("range 2026-11-01..2026-11-21", "Three weeks, day by day."),
        ("range --from 2026-11-01 --to 2026-11-21", "The same."),
      ]),
    command(
      .entries, .entries, defaultPeriod: "this week",
      abstract: "The entries themselves, for export (default: this week).",
      examples: [
        ("entries 2026-11 -f csv -o november.csv", "November's entries as CSV."),
        (
          "entries all -f jsonl | demeter-report add - --journal copy",
          "Every entry as its journal line (all keys kept), into another journal."
        ),
      ]),
    command(
      .ingredients, .ingredients, defaultPeriod: "this month",
      abstract: "How entries use the ingredient database (default: this month).",
      examples: [("ingredients all", "Ingredient use and matching quality over the whole journal.")]),
    command(
      .compare, .compare, defaultPeriod: nil,
      abstract: "Two periods side by side, with the change of every summary figure.",
      examples: [
        ("compare 2026-W47 2026-W46", "This week against the week before."),
        ("compare 2026-11 2025-11 -f json", "November against November a year ago, as JSON."),
        (
          "compare 'this week' 'last week'", "Periods of several words: quoted, or unquoted when unambiguous."
        ),
      ]),
  ]

  /// The options of `kind`: `compare` takes two periods (no --from/--to); only bucket reports list
  /// entries to review (--limit).
  private static func options(of kind: ReportKind) -> [OptionSpec] {
    switch kind {
    case .compare: options.filter { $0 != from && $0 != to && $0 != limit }
    case .entries, .ingredients: options.filter { $0 != limit }
    default: options + [CommonOptions.journals]
    }
  }

  private static func command(
    _ kind: ReportKind, _ shape: Shape, defaultPeriod: String?, abstract: String, examples: [(String, String)]
  ) -> Command {
    let compares = kind == .compare
    let period: Positional = defaultPeriod == nil ? .required("PERIOD") : .optional("PERIOD")
    return Command(
      name: kind.rawValue, abstract: abstract, positionals: compares ? [period, period] : [period],
      discussion: compares ? comparisonHelp + "\n" + periodHelp : periodHelp,
      examples: examples.map { (command: $0.0, meaning: $0.1) },
      options: options(of: kind),
      run: { arguments, console throws(CLIError) in
        try run(kind, shape, defaultPeriod: defaultPeriod, arguments, &console)
      })
  }

  private static func run(
    _ kind: ReportKind, _ shape: Shape, defaultPeriod: String?, _ arguments: ParsedArguments,
    _ console: inout Console
  ) throws(CLIError) -> Int32 {
    if arguments.has(DigestFiles.option.long) {
      return try DigestReport.run(kind, shape, defaultPeriod: defaultPeriod, arguments, &console)
    }
    if let journals = try JournalSet(arguments, &console) {
      guard case .buckets(let size) = shape else { throw .usage(JournalSet.onlyBucketReports) }
      if OutputOptions.namesEachJournal(arguments) {
        for path in journals.paths {
          _ = try run(
            kind, shape, defaultPeriod: defaultPeriod, journals.arguments(of: path, arguments), &console)
        }
        return 0
      }
      try CohortReport.run(
        kind, bucketSize: size, defaultPeriod: defaultPeriod, journals: journals, arguments, &console)
      return 0
    }
    let settings = try JournalContext(arguments, &console)
    let (journal, zone) = (settings.source, settings.zone)
    let (weekStart, today) = (settings.weekStart, settings.today)
    var aggregation = try aggregationOptions(arguments, config: settings.config)
    aggregation.reviewLimit = try reviewLimit(arguments, journal: journal.folder)
    aggregation.energyConsistency.alcohol = journal.ingredientAlcohol()
    let periodText =
      kind == .compare ? "" : try periodText(arguments, defaultPeriod: defaultPeriod, kind: kind)
    // A report that shows only its bucket table (a CSV), or lists entries, or compares summary
    // figures, needs only the digests' totals.
    let parts: ReportParts =
      if case .buckets = shape { OutputOptions.shownParts(arguments, journal: journal.folder) } else {
        .everything
      }
    var loadOptions = settings.loadOptions(arguments)
    loadOptions.keepsDetail =
      switch shape {
      case .buckets: parts == .everything
      // The CSV export's micronutrient columns are named from the files read again, or the cache.
      case .entries: false
      case .compare: false
      case .ingredients: true
      }
    // A linked `.demeter` is said (anything else in the way only means no cache, as when it
    // cannot be written).
    if loadOptions.cache != .off, let layout = journal.layout, !arguments.has("quiet"),
      FileStatus.isSymbolicLink(layout.stateFolder),
      let problem = JournalStateFolder.problem(journal: layout.journal)
    {
      console.error("demeter-report: warning: \(problem); the report is made without the parse cache")
    }
    let progress = ProgressLine(quiet: arguments.has("quiet"), isTerminal: console.isTerminal(.error))
    loadOptions.progress = progress.workProgress
    let digests = journal.digests(loadOptions, rules: DigestRules(aggregation))
    progress.clear()
    if let folder = journal.folder, !arguments.has("quiet") {
      if digests.fileCount == 0 {
        console.error(
          "demeter-report: warning: no day files under \(AtomicFileWriter.quoted(folder)) "
            + "(YYYY-MM-DD.jsonl at any depth); the report is empty")
      }
      JournalSet.warnIfSeveralPeople(folder, files: digests.files, &console)
    }
    try reportProblems(digests.diagnostics, skippedLines: digests.skippedLines, arguments, &console)
    let context = ReportBuilder.ReportContext(
      weekStart: weekStart, timeZone: zone, today: today, options: aggregation,
      skippedLines: digests.skippedLines,
      unreadableFiles: digests.diagnostics.count(where: \.isUnreadableFile))
    // The period asked for (compare reads its two from the arguments).
    func asked() throws(CLIError) -> Period {
      try period(periodText, today: today, weekStart: weekStart, span: digests.span)
    }
    let report: ReportModel
    switch shape {
    case .buckets(let size):
      report = ReportBuilder.bucketReport(
        kind, asked: try asked(), bucketSize: size(weekStart), digests: digests, context: context,
        parts: parts, recipes: recipeLookup(journal))
    case .entries:
      let asked = try asked()
      if EntryLinesExport.isAsked(arguments) {
        try EntryLinesExport.write(digests, period: asked, arguments, &console)
        return 0
      }
      if let streaming = OutputOptions.tableStreaming(arguments, journal: journal.folder) {
        try streamEntries(
          digests, journal: journal.folder, period: asked, context: context, generator: streaming, arguments,
          &console)
        return 0
      }
      var rows: [ReportTableRow] = []
      digests.forEachDate(ofExportedEntriesIn: asked, keepingLines: false) {
        rows += ReportBuilder.entryRows($0)
      }
      report = ReportBuilder.entriesReport(period: asked, entries: rows.count, rows: rows, context: context)
    case .ingredients:
      let asked = try asked()
      let catalog = IngredientCatalog(own: journal.ingredients().database, builtIn: BuiltInIngredients.table)
      report = ReportBuilder.ingredientsReport(
        usage: digests.ingredientUsage(in: asked), catalog: catalog, period: asked,
        context: context)
    case .compare:
      let (first, second) = try comparedPeriods(
        arguments.positionals, today: today, weekStart: weekStart, span: digests.span)
      report = ReportBuilder.comparisonReport(first, second, digests: digests, context: context)
    }
    try OutputOptions.emit(
      report, arguments: arguments, journal: journal.folder, weekStart: weekStart, console: &console)
    return 0
  }

  /// The entries of `period` in a format that writes rows as they come: a date's rows at a time,
  /// so a long period is never held at once (the CSV export's columns for CSV).
  private static func streamEntries(
    _ digests: JournalDigests, journal: String?, period: Period, context: ReportBuilder.ReportContext,
    generator: any TableStreamingGenerator, _ arguments: ParsedArguments, _ console: inout Console
  ) throws(CLIError) {
    let entries = digests.days(in: period).reduce(0) { $0 + Int($1.entries) }
    let shell = ReportBuilder.entriesReport(period: period, entries: entries, rows: [], context: context)
    let export =
      EntryCSVExport.isAsked(arguments, journal: journal)
      ? EntryCSVExport(shell: shell, micronutrients: digests.micronutrientNames(in: period)) : nil
    try OutputOptions.emit(
      export?.shell ?? shell, streaming: generator, arguments: arguments, journal: journal,
      weekStart: context.weekStart, console: &console
    ) { render, write throws(OutputError) in
      // Each date's rows made and rendered on any processor, written in date order.
      try digests.forEachDate(ofExportedEntriesIn: period, keepingLines: false) { entries, earlier in
        let bytes = render(entries.count, earlier) { row, cell in
          if let export { export.cells(of: entries[row], cell) } else { ReportBuilder.entryCells(entries[row], cell) }
        }
        return (bytes, entries.count)
      } _: { part throws(OutputError) in
        try write(.rendered(part.0, rows: part.1))
      }
    }
  }

  /// Thresholds and goals: options, else `$DEMETER_LOW_CONFIDENCE`/`$DEMETER_HIGH_CONFIDENCE`, else
  /// the journal's config, else the defaults.
  static func aggregationOptions(_ arguments: ParsedArguments, config: JournalConfig) throws(CLIError)
    -> AggregationOptions
  {
    var options = AggregationOptions()
    options.lowConfidence = config.lowConfidence ?? options.lowConfidence
    options.highConfidence = config.highConfidence ?? options.highConfidence
    options.goals = config.goals
    let low = CommonOptions.setting(
      arguments, option: "low-confidence", environment: .lowConfidence)
    if let text = low.text { options.lowConfidence = try confidence(text, option: low.source) }
    let high = CommonOptions.setting(
      arguments, option: "high-confidence", environment: .highConfidence)
    if let text = high.text { options.highConfidence = try confidence(text, option: high.source) }
    if options.lowConfidence > options.highConfidence {
      func origin(_ setting: (text: String?, source: String), key: String, configured: FixedDecimal?)
        -> String
      {
        if setting.text != nil { return setting.source }
        return configured != nil ? "\(key) in \(JournalConfig.fileName)" : "default"
      }
      let lowSource = origin(low, key: "lowConfidence", configured: config.lowConfidence)
      let highSource = origin(high, key: "highConfidence", configured: config.highConfidence)
      throw .usage(
        "the low-confidence threshold (\(options.lowConfidence), \(lowSource)) is above the high-confidence "
          + "threshold (\(options.highConfidence), \(highSource)); low must not exceed high")
    }
    for nutrient in GoalNutrient.allCases {
      guard let text = arguments.value("goal-\(nutrient.rawValue)") else { continue }
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
      options.goals[nutrient] = goal
    }
    return options
  }

  /// `--limit N` or `--limit all` (0: AggregationOptions keeps all); else all for the JSON format,
  /// whose reader is a program, and `defaultReviewLimit` for readers.
  static func reviewLimit(_ arguments: ParsedArguments, journal: String?) throws(CLIError) -> Int {
    guard let text = arguments.value("limit") else {
      return OutputOptions.isBuiltIn("json", arguments, journal: journal) ? 0 : defaultReviewLimit
    }
    if text.lowercased() == "all" { return 0 }
    guard let limit = Int(text), limit > 0 else {
      throw .usage(
        "--limit must be a whole number above 0 or 'all' (got '\(TerminalSafeText.escaped(text))')")
    }
    return limit
  }

  private static func confidence(_ text: String, option: String) throws(CLIError) -> FixedDecimal {
    let problem = CLIError.usage(
      "\(option) must be a number from 0 to 1 (got '\(TerminalSafeText.escaped(text))')")
    guard (try? JSONParser().parse(text)) != nil, case .exact(let value) = FixedDecimal.read(jsonNumber: text)
    else { throw problem }
    guard value >= .zero, value <= FixedDecimal(1)! else { throw problem }
    return value
  }

  static func periodText(
    _ arguments: ParsedArguments, defaultPeriod: String?, kind: ReportKind
  ) throws(CLIError) -> String {
    let words = arguments.positionals.joined(separator: " ")
    let from = arguments.value("from")
    let to = arguments.value("to")
    if from != nil || to != nil {
      guard words.isEmpty else { throw .usage("give either a PERIOD or --from/--to, not both") }
      guard let from, let to else { throw .usage("--from and --to go together (both dates, inclusive)") }
      return "\(from)..\(to)"
    }
    if !words.isEmpty { return words }
    guard let defaultPeriod else {
      throw .usage(
        "\(kind.rawValue) needs a PERIOD, e.g. '\(kind.rawValue) 2026-11-01..2026-11-21' or --from/--to")
    }
    return defaultPeriod
  }

  static func period(
    _ text: String, today: CivilDate, weekStart: WeekStart, span: Period?
  ) throws(CLIError) -> Period {
    if text.trimmingSpaces().lowercased() == "all" { return span ?? Period(day: today) }
    do {
      return try Period.parse(text, today: today, weekStart: weekStart)
    } catch {
      throw .usage(error.description)
    }
  }

  /// The two periods of `compare`: two arguments, or words split where both halves are periods
  /// (`compare this week last week`); a split that is not unique is a usage error.
  static func comparedPeriods(
    _ positionals: [String], today: CivilDate, weekStart: WeekStart, span: Period?
  ) throws(CLIError) -> (Period, Period) {
    func parse(_ text: String) throws(CLIError) -> Period {
      try period(text, today: today, weekStart: weekStart, span: span)
    }
    let example = "e.g. 'compare 2026-W47 2026-W46' or 'compare \"this week\" \"last week\"'"
    if positionals.count == 2, let first = try? parse(positionals[0]), let second = try? parse(positionals[1])
    {
      return (first, second)
    }
    let words = positionals.flatMap { $0.split(separator: " ").map(String.init) }
    guard words.count >= 2 else { throw .usage("compare needs two periods, \(example)") }
    var splits: [(Period, Period)] = []
    for cut in 1..<words.count {
      if let first = try? parse(words[..<cut].joined(separator: " ")),
        let second = try? parse(words[cut...].joined(separator: " "))
      {
        splits.append((first, second))
      }
    }
    let whole = words.joined(separator: " ")
    if splits.isEmpty, (try? parse(whole)) != nil {
      throw .usage("compare needs two periods, and '\(TerminalSafeText.escaped(whole))' is one; \(example)")
    }
    // Two arguments that are not both periods: the located error of the one that is not.
    if splits.isEmpty, positionals.count == 2 {
      return (try parse(positionals[0]), try parse(positionals[1]))
    }
    guard splits.count == 1 else {
      throw .usage(
        "compare needs two periods and '\(TerminalSafeText.escaped(whole))' "
          + (splits.isEmpty ? "is not two periods" : "splits into two periods in more than one way")
          + "; quote each period, \(example)")
    }
    return splits[0]
  }

  /// Errors end the run with `--strict`; otherwise each folder the journal's search could not read
  /// or stopped at is said (a few at most), one line says how many lines were skipped, and one how
  /// many lines are newer than the tool.
  /// - Parameter journal: the journal's name, said first, in a report of several.
  static func reportProblems(
    _ diagnostics: [Diagnostic], skippedLines: Int, _ arguments: ParsedArguments, _ console: inout Console,
    journal: String? = nil
  ) throws(CLIError) {
    let which = journal.map { "journal '\(TerminalSafeText.escaped($0))': " } ?? ""
    let errors = diagnostics.filter { $0.severity == .error }
    try CommonOptions.failIfStrict(errors, arguments, &console)
    if skippedLines > 0 || !errors.isEmpty, !arguments.has("quiet") {
      for problem in errors.lazy.filter(\.isSearchProblem).prefix(3) {
        console.error("demeter-report: \(which)\(problem.headline)")
      }
      let unreadable = errors.count(where: \.isUnreadableFile)
      let files =
        unreadable == 0 ? "" : "could not read \(count: unreadable, "day file") and "
      console.error(
        "demeter-report: \(which)\(files)skipped \(count: skippedLines, "invalid line") "
          + "(\(count: errors.count, "error")); run 'demeter-report check' for details")
    }
    if !arguments.has("quiet"), let newer = EntrySchema.newerVersionSummary(diagnostics) {
      console.error("demeter-report: " + which + newer)
    }
  }
}
