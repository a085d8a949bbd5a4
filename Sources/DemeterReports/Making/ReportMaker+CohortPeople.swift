import DemeterCore
import DemeterReporting

extension ReportMaker {
  /// One person's journal, ready to be read.
  private struct Person: Sendable {
    var name: String
    var context: JournalContext
    var aggregation: AggregationOptions
  }

  /// What reading a run of people leaves once their digests are dropped: their intakes folded into
  /// one tally (`nutrients`) or their body figures (`body`), and each one's problems to say.
  private struct Read: Sendable {
    var tally = CohortIntakeTally()
    var bodies: [ReportBuilder.PersonBody] = []
    var problems: [(diagnostics: [Diagnostic], skippedLines: Int, bodyLogErrors: [Diagnostic])] = []
  }

  /// The `nutrients` or `body` report of several journals (manual: many-journals): each journal read
  /// with its own settings, in parallel, and made into that person's intakes against their own
  /// targets, or their trend and expenditure, as their own report would; then one cohort report
  /// (`ReportBuilder.cohortNutrientsReport`, `cohortBodyReport`) over the period asked, read as of
  /// the first journal's today. Each person's figures are made as soon as their journal is read and
  /// their digests dropped, so a worker holds one person's digests at a time.
  static func makeCohortPeople(_ request: ReportRequest, _ journals: JournalSet, _ console: inout Console)
    throws(CommandError)
  {
    let format = request.output.format(journal: nil)
    let configs = ParallelMap.map(journals.paths) { JournalConfig.load(journal: $0) }
    var people: [Person] = []
    for (position, (name, path)) in zip(journals.names, journals.paths).enumerated() {
      let settings = try JournalContext(
        folder: path, config: configs[position], settings: request.settings, quiet: request.quiet, &console)
      var aggregation = try request.settings.aggregation(config: settings.config)
      aggregation.energyConsistency.alcohol = settings.source.ingredientAlcohol()
      people.append(Person(name: name, context: settings, aggregation: aggregation))
    }
    let weekStart = try commonWeekStart(people.map(\.context.weekStart), names: journals.names, request)
    let isNutrients = request.kind == .nutrients
    let digests = { @Sendable (person: Person) -> JournalDigests in
      var loadOptions = request.loadOptions(zone: person.context.zone)
      loadOptions.threads = 1
      loadOptions.keepsDetail = isNutrients
      return person.context.source.digests(loadOptions, rules: DigestRules(person.aggregation))
    }
    let today = people[0].context.today
    let text = try PeriodWords.text(request)
    // `all` spans every journal, so their spans are found first (each journal's digests dropped as read).
    let span =
      PeriodWords.needsSpan(text)
      ? Period.spanning(ParallelMap.map(people) { digests($0).span }.compactMap { $0 }) : nil
    let period = try PeriodWords.period(text, today: today, weekStart: weekStart, span: span)
    // A period that runs past today is estimated up to today.
    let last = min(period.last, today)
    let workers = max(1, ProcessorCount.active)
    let runSize = (people.count + workers - 1) / workers
    let runs = stride(from: 0, to: people.count, by: runSize).map { $0..<min($0 + runSize, people.count) }
    let reads = ParallelMap.map(runs) { [people] run in
      var read = Read()
      for person in people[run] {
        let journal = digests(person)
        let (trend, errors) = readBodyTrend(person.context.source, zone: person.context.zone, through: last)
        if isNutrients {
          read.tally.add(
            nutrientIntakes(
              journal, period: period, request.settings, config: person.context.config,
              trendWeight: trendWeight(trend, at: last), options: person.aggregation
            ).2)
        } else {
          read.bodies.append(
            ReportBuilder.PersonBody(
              name: person.name, stretch: trend.stretch(period),
              expenditure: expenditure(request.settings, digests: journal, trend: trend, last: last)))
        }
        read.problems.append((journal.diagnostics, journal.skippedLines, errors))
      }
      return read
    }
    let problems = reads.flatMap(\.problems)
    var skipped = 0
    var unreadable = 0
    for (name, problem) in zip(journals.names, problems) {
      try ReportProblems.say(problem.diagnostics, skippedLines: problem.skippedLines, request, &console, journal: name)
      skipped += problem.skippedLines
      unreadable += problem.diagnostics.count(where: \.isUnreadableFile)
    }
    for (name, problem) in zip(journals.names, problems) {
      try sayBodyLogErrors(problem.bodyLogErrors, request, person: name, &console)
    }
    let context = ReportBuilder.ReportContext(
      weekStart: weekStart, timeZone: people[0].context.zone, today: today, options: AggregationOptions(),
      skippedLines: skipped, unreadableFiles: unreadable)
    let report: ReportModel
    if isNutrients {
      var tally = CohortIntakeTally()
      for read in reads { tally.add(read.tally) }
      report = ReportBuilder.cohortNutrientsReport(period: period, tally: tally, context: context)
    } else {
      report = ReportBuilder.cohortBodyReport(period: period, people: reads.flatMap(\.bodies), context: context)
    }
    try format.write(report, weekStart: weekStart, &console)
    LeftForExit.keep(report)
  }
}
