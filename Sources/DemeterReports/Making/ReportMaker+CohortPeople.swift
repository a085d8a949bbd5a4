import DemeterCore
import DemeterReporting

extension ReportMaker {
  /// The `nutrients` or `body` report of several journals (manual: many-journals): each journal read
  /// with its own settings, in parallel, and made into that person's intakes against their own
  /// targets, or their trend and expenditure, as their own report would; then one cohort report
  /// (`ReportBuilder.cohortNutrientsReport`, `cohortBodyReport`) over the period asked, read as of
  /// the first journal's today.
  static func makeCohortPeople(_ request: ReportRequest, _ journals: JournalSet, _ console: inout Console)
    throws(CommandError)
  {
    let format = request.output.format(journal: nil)
    let configs = ParallelMap.map(journals.paths) { JournalConfig.load(journal: $0) }
    var people: [(context: JournalContext, aggregation: AggregationOptions)] = []
    for (position, path) in journals.paths.enumerated() {
      let settings = try JournalContext(
        folder: path, config: configs[position], settings: request.settings, quiet: request.quiet, &console)
      var aggregation = try request.settings.aggregation(config: settings.config)
      aggregation.energyConsistency.alcohol = settings.source.ingredientAlcohol()
      people.append((settings, aggregation))
    }
    let weekStart = try commonWeekStart(people.map(\.context.weekStart), names: journals.names, request)
    let keepsDetail = request.kind == .nutrients
    let reads = ParallelMap.map(people) { person in
      var loadOptions = request.loadOptions(zone: person.context.zone)
      loadOptions.threads = 1
      loadOptions.keepsDetail = keepsDetail
      return person.context.source.digests(loadOptions, rules: DigestRules(person.aggregation))
    }
    var skipped = 0
    var unreadable = 0
    for (name, digests) in zip(journals.names, reads) {
      try ReportProblems.say(
        digests.diagnostics, skippedLines: digests.skippedLines, request, &console, journal: name)
      skipped += digests.skippedLines
      unreadable += digests.diagnostics.count(where: \.isUnreadableFile)
    }
    let today = people[0].context.today
    let period = try PeriodWords.period(
      try PeriodWords.text(request), today: today, weekStart: weekStart,
      span: Period.spanning(reads.compactMap(\.span)))
    let context = ReportBuilder.ReportContext(
      weekStart: weekStart, timeZone: people[0].context.zone, today: today, options: AggregationOptions(),
      skippedLines: skipped, unreadableFiles: unreadable)
    let report: ReportModel
    if request.kind == .nutrients {
      let intakes = zip(zip(journals.names, people), reads).map { named, digests in
        ReportBuilder.PersonIntakes(
          name: named.0,
          intakes: nutrientIntakes(
            digests, period: period, request.settings, config: named.1.context.config, options: named.1.aggregation
          ).2)
      }
      report = ReportBuilder.cohortNutrientsReport(period: period, people: intakes, context: context)
    } else {
      var bodies: [ReportBuilder.PersonBody] = []
      for ((name, person), digests) in zip(zip(journals.names, people), reads) {
        var own = context
        own.timeZone = person.context.zone
        let (trend, expenditure) = try bodyFigures(
          request, journal: person.context.source, digests: digests, period: period, context: own, person: name,
          &console)
        bodies.append(ReportBuilder.PersonBody(name: name, trend: trend, expenditure: expenditure))
      }
      report = ReportBuilder.cohortBodyReport(period: period, people: bodies, context: context)
    }
    try format.write(report, weekStart: weekStart, &console)
    LeftForExit.keep((reads, report))
  }
}
