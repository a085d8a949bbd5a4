import DemeterCore
import DemeterReporting

extension ReportMaker {
  /// One person's journal, ready to be read.
  private struct Member: Sendable {
    var name: String
    var source: JournalSource
    /// Its thresholds and goals; its ingredients' alcohol is looked up as it is read.
    var aggregation: AggregationOptions
    var loadOptions: JournalLoadOptions
  }

  /// A bucket report over several journals (manual: many-journals): each journal read with its own
  /// settings and through its own cache, in parallel, then one row per person per bucket and the
  /// cohort's summary (`ReportBuilder.cohortReport`).
  static func makeCohort(_ request: ReportRequest, _ journals: JournalSet, _ console: inout Console)
    throws(CommandError)
  {
    var members: [Member] = []
    var contexts: [JournalContext] = []
    let format = request.output.format(journal: nil)
    let isJSON = format.isBuiltIn("json")
    // The configs are read in parallel; what they say is told in the journals' order.
    let configs = ParallelMap.map(journals.paths) { JournalConfig.load(journal: $0) }
    for (position, (name, path)) in zip(journals.names, journals.paths).enumerated() {
      let settings = try JournalContext(
        folder: path, config: configs[position], settings: request.settings, quiet: request.quiet, &console)
      var aggregation = try request.settings.aggregation(config: settings.config)
      // As the journal's own report has it, so both share the journal's cache.
      aggregation.reviewLimit = request.settings.reviewLimit(isJSON: isJSON)
      aggregation.query = request.query?.query
      aggregation.breakdown = request.breakdown?.dimension
      var loadOptions = request.loadOptions(zone: settings.zone)
      // The journals are read in parallel, each by one thread.
      loadOptions.threads = 1
      // A split's rows come from the days' detail (but by weekday from their totals).
      loadOptions.keepsDetail = request.breakdown?.dimension.tallied != nil
      members.append(
        Member(name: name, source: settings.source, aggregation: aggregation, loadOptions: loadOptions))
      contexts.append(settings)
    }
    let weekStart = try commonWeekStart(contexts.map(\.weekStart), names: journals.names, request)
    let size = request.kind.bucketSize(weekStart)!
    // Each journal is added up by bucket as soon as it is read, so its digests go before the next.
    let reads = ParallelMap.map(members) { member in
      var options = member.aggregation
      options.energyConsistency.alcohol = member.source.ingredientAlcohol()
      let digests = member.source.digests(member.loadOptions, rules: DigestRules(options))
      return (
        problems: (digests.diagnostics, digests.skippedLines),
        tally: CohortTally(digests, size: size, options: options)
      )
    }
    var skipped = 0
    var unreadable = 0
    for (member, read) in zip(members, reads) {
      let (diagnostics, skippedLines) = read.problems
      try ReportProblems.say(diagnostics, skippedLines: skippedLines, request, &console, journal: member.name)
      skipped += skippedLines
      unreadable += diagnostics.count(where: \.isUnreadableFile)
    }
    let people = zip(members, reads).map { CohortPerson(name: $0.name, tally: $1.tally) }
    try writeCohort(
      request, format: format, size: size, people: people, query: request.query?.text,
      settings: (weekStart, contexts[0].today, contexts[0].zone),
      skippedLines: skipped, unreadableFiles: unreadable, &console)
  }

  /// One person's name and days added up by bucket.
  struct CohortPerson: Sendable {
    var name: String
    var tally: CohortTally
  }

  /// The cohort report of `people` (read from their journals or from digest files), in buckets of
  /// `size` in `format`, its weeks starting on `settings.weekStart`, the period read as of
  /// `settings.today`; `query` is the text of the query whose entries the people's days hold.
  /// - Precondition: every person's tally is by buckets of `size`.
  static func writeCohort(
    _ request: ReportRequest, format: OutputFormat, size: BucketSize, people: [CohortPerson], query: String?,
    settings: (weekStart: WeekStart, today: CivilDate, zone: TimeZoneRule), skippedLines: Int,
    unreadableFiles: Int, _ console: inout Console
  ) throws(CommandError) {
    let (weekStart, today) = (settings.weekStart, settings.today)
    let periodText = try PeriodWords.text(request)
    let span = Period.spanning(people.compactMap(\.tally.span))
    let asked = try PeriodWords.period(periodText, today: today, weekStart: weekStart, span: span)
    let logged = CohortTally.loggedDays(of: people.map(\.tally), in: asked)
    if let asked = request.query, logged.isEmpty { QueryNotes.matchesNothing(asked, request, &console) }
    let buckets = asked.buckets(size, logged: logged)
    let widened = Period(first: buckets.first!.first, last: buckets.last!.last)
    let rows = ParallelMap.map(people) { person in
      let members = person.tally.members(buckets: buckets)
      return ReportBuilder.CohortPerson(
        name: person.name, buckets: members.buckets, whole: members.whole,
        split: person.tally.breakdown(buckets: buckets))
    }
    var context = ReportBuilder.ReportContext(
      weekStart: weekStart, timeZone: settings.zone, today: today, options: AggregationOptions(),
      skippedLines: skippedLines, unreadableFiles: unreadableFiles)
    context.breakdown = request.breakdown
    var made = ReportBuilder.cohortReport(
      request.kind, period: widened, bucketSize: size, ranges: buckets, people: rows, context: context,
      parts: format.shows)
    made.shell.query = query
    let parts = made
    // A file is written only when its bytes change, so only standard output is written as it comes;
    // a split's tables follow the people's, so a split report is written whole.
    if request.output.writesToStandardOutput, request.breakdown == nil, let generator = format.streaming {
      let bucketsPerWrite = max(1, rowsPerWrite / parts.rowsPerBucket)
      try format.write(parts.shell, streaming: generator, weekStart: weekStart, &console) {
        _, _, write throws(OutputError) in
        for first in stride(from: 0, to: parts.bucketCount, by: bucketsPerWrite) {
          let count = min(bucketsPerWrite, parts.bucketCount - first)
          try write(.groups(count, rowsEach: parts.rowsPerBucket) { parts.rows(ofBucket: first + $0) })
        }
      }
      LeftForExit.keep(rows)
      return
    }
    let report = parts.report
    try format.write(report, weekStart: weekStart, &console)
    LeftForExit.keep((rows, report))
  }

  /// About the rows a written part of a streamed cohort table holds.
  private static let rowsPerWrite = 8_192

  /// The week start of the cohort's buckets: the request's, else the one every journal's config
  /// agrees on.
  /// - Throws: a usage error when the journals disagree and the request does not settle it.
  static func commonWeekStart(_ starts: [WeekStart], names: [String], _ request: ReportRequest)
    throws(CommandError) -> WeekStart
  {
    if let given = request.settings.weekStart { return given }
    let first = starts[0]
    guard let other = starts.firstIndex(where: { $0 != first }) else { return first }
    throw .usage(
      "the journals' weeks start on different days ('\(TerminalSafeText.escaped(names[0]))' on \(first.rawValue), "
        + "'\(TerminalSafeText.escaped(names[other]))' on \(starts[other].rawValue)); a cohort's "
        + "buckets need one: give --week-start DAY")
  }
}
