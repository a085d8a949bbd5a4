import DemeterCore
import DemeterReporting

/// `day|week|month|year|range` over several journals (SPEC §8): each journal read with its own
/// settings and through its own cache, in parallel, then one row per person per bucket and the
/// cohort's summary (`ReportBuilder.cohortReport`).
enum CohortReport {
  /// One person's journal, ready to be read.
  private struct Member: Sendable {
    var name: String
    var source: JournalSource
    var aggregation: AggregationOptions
    var loadOptions: JournalLoadOptions
  }

  static func run(
    _ kind: ReportKind, bucketSize: @Sendable (WeekStart) -> BucketSize, defaultPeriod: String?,
    journals: JournalSet, _ arguments: ParsedArguments, _ console: inout Console
  ) throws(CLIError) {
    var members: [Member] = []
    var contexts: [JournalContext] = []
    for (name, path) in zip(journals.names, journals.paths) {
      let settings = try JournalContext(folder: path, arguments, &console)
      var aggregation = try ReportCommands.aggregationOptions(arguments, config: settings.config)
      // As the journal's own report has it, so both share the journal's cache.
      aggregation.reviewLimit = try ReportCommands.reviewLimit(arguments, journal: path)
      aggregation.energyConsistency.alcohol = settings.source.ingredientAlcohol()
      var loadOptions = settings.loadOptions(arguments)
      // The journals are read in parallel, each by one thread.
      loadOptions.threads = 1
      loadOptions.keepsDetail = false
      members.append(
        Member(name: name, source: settings.source, aggregation: aggregation, loadOptions: loadOptions))
      contexts.append(settings)
    }
    let weekStart = try commonWeekStart(contexts, names: journals.names, arguments)
    let today = contexts[0].today
    let periodText = try ReportCommands.periodText(arguments, defaultPeriod: defaultPeriod, kind: kind)
    let digests = ParallelMap.map(members) { member in
      member.source.digests(member.loadOptions, rules: DigestRules(member.aggregation))
    }
    var skipped = 0
    var unreadable = 0
    for (member, read) in zip(members, digests) {
      try ReportCommands.reportProblems(read, arguments, &console, journal: member.name)
      skipped += read.skippedLines
      unreadable += read.diagnostics.count(where: \.isUnreadableFile)
    }
    let span = digests.compactMap(\.span).reduce(nil as Period?) { union, span in
      union.map { Period(first: min($0.first, span.first), last: max($0.last, span.last)) } ?? span
    }
    let asked = try ReportCommands.period(periodText, today: today, weekStart: weekStart, span: span)
    let size = bucketSize(weekStart)
    var logged = Set<Int>()
    for read in digests { logged.formUnion(read.days(in: asked).lazy.map { Int($0.day) }) }
    let buckets = asked.buckets(size, logged: logged.sorted())
    let widened = Period(first: buckets.first!.first, last: buckets.last!.last)
    let people = ParallelMap.map(Array(zip(members, digests))) { member, read in
      ReportBuilder.CohortPerson(
        name: member.name,
        aggregate: read.summarize(buckets: buckets, options: member.aggregation, detail: false, trend: false))
    }
    let context = ReportBuilder.ReportContext(
      weekStart: weekStart, timeZone: contexts[0].zone, today: today, options: AggregationOptions(),
      skippedLines: skipped, unreadableFiles: unreadable)
    let report = ReportBuilder.cohortReport(
      kind, period: widened, bucketSize: size, people: people, context: context)
    try OutputOptions.emit(
      report, arguments: arguments, journal: nil, weekStart: weekStart, console: &console)
  }

  /// The week start of the cohort's buckets: `--week-start` (or its variable), else the one every
  /// journal's config agrees on.
  /// - Throws: a usage error when the journals disagree and no option settles it.
  private static func commonWeekStart(
    _ contexts: [JournalContext], names: [String], _ arguments: ParsedArguments
  )
    throws(CLIError) -> WeekStart
  {
    let first = contexts[0].weekStart
    guard let other = contexts.firstIndex(where: { $0.weekStart != first }) else { return first }
    throw .usage(
      "the journals' weeks start on different days ('\(TerminalSafeText.escaped(names[0]))' on \(first.rawValue), "
        + "'\(TerminalSafeText.escaped(names[other]))' on \(contexts[other].weekStart.rawValue)); a cohort's "
        + "buckets need one: give --week-start DAY")
  }
}
