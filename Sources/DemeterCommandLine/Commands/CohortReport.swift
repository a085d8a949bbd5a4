import DemeterCore
import DemeterReporting

/// `day|week|month|year|range` over several journals (manual: command-line): each journal read with its own
/// settings and through its own cache, in parallel, then one row per person per bucket and the
/// cohort's summary (`ReportBuilder.cohortReport`).
enum CohortReport {
  /// One person's journal, ready to be read.
  private struct Member: Sendable {
    var name: String
    var source: JournalSource
    /// Its thresholds and goals; its ingredients' alcohol is looked up as it is read.
    var aggregation: AggregationOptions
    var loadOptions: JournalLoadOptions
  }

  static func run(
    _ kind: ReportKind, bucketSize: @Sendable (WeekStart) -> BucketSize, defaultPeriod: String?,
    journals: JournalSet, _ arguments: ParsedArguments, _ console: inout Console
  ) throws(CLIError) {
    var members: [Member] = []
    var contexts: [JournalContext] = []
    // The configs are read in parallel; what they say is told in the journals' order.
    let configs = ParallelMap.map(journals.paths) { JournalConfig.load(journal: $0) }
    for (position, (name, path)) in zip(journals.names, journals.paths).enumerated() {
      let settings = try JournalContext(folder: path, config: configs[position], arguments, &console)
      var aggregation = try ReportCommands.aggregationOptions(arguments, config: settings.config)
      // As the journal's own report has it, so both share the journal's cache.
      aggregation.reviewLimit = try ReportCommands.reviewLimit(arguments, journal: path)
      var loadOptions = settings.loadOptions(arguments)
      // The journals are read in parallel, each by one thread.
      loadOptions.threads = 1
      loadOptions.keepsDetail = false
      members.append(
        Member(name: name, source: settings.source, aggregation: aggregation, loadOptions: loadOptions))
      contexts.append(settings)
    }
    let weekStart = try commonWeekStart(contexts.map(\.weekStart), names: journals.names, arguments)
    let size = bucketSize(weekStart)
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
      try ReportCommands.reportProblems(
        diagnostics, skippedLines: skippedLines, arguments, &console, journal: member.name)
      skipped += skippedLines
      unreadable += diagnostics.count(where: \.isUnreadableFile)
    }
    let people = zip(members, reads).map { Person(name: $0.name, tally: $1.tally) }
    try report(
      kind, size: size, defaultPeriod: defaultPeriod, people: people,
      settings: (weekStart, contexts[0].today, contexts[0].zone), skippedLines: skipped,
      unreadableFiles: unreadable, arguments, &console)
  }

  /// One person's name and days added up by bucket.
  struct Person: Sendable {
    var name: String
    var tally: CohortTally
  }

  /// The cohort report of `people` (read from their journals or from digest files), in buckets of
  /// `size`, its weeks starting on `settings.weekStart`, the period read as of `settings.today`.
  /// - Precondition: every person's tally is by buckets of `size`.
  static func report(
    _ kind: ReportKind, size: BucketSize, defaultPeriod: String?,
    people: [Person], settings: (weekStart: WeekStart, today: CivilDate, zone: TimeZoneRule),
    skippedLines: Int, unreadableFiles: Int, _ arguments: ParsedArguments, _ console: inout Console
  ) throws(CLIError) {
    let (weekStart, today) = (settings.weekStart, settings.today)
    let periodText = try ReportCommands.periodText(arguments, defaultPeriod: defaultPeriod, kind: kind)
    let span = people.compactMap(\.tally.span).reduce(nil as Period?) { union, span in
      union.map { Period(first: min($0.first, span.first), last: max($0.last, span.last)) } ?? span
    }
    let asked = try ReportCommands.period(periodText, today: today, weekStart: weekStart, span: span)
    let buckets = asked.buckets(size, logged: CohortTally.loggedDays(of: people.map(\.tally), in: asked))
    let widened = Period(first: buckets.first!.first, last: buckets.last!.last)
    let rows = ParallelMap.map(people) { person in
      let members = person.tally.members(buckets: buckets)
      return ReportBuilder.CohortPerson(name: person.name, buckets: members.buckets, whole: members.whole)
    }
    let context = ReportBuilder.ReportContext(
      weekStart: weekStart, timeZone: settings.zone, today: today, options: AggregationOptions(),
      skippedLines: skippedLines, unreadableFiles: unreadableFiles)
    let parts = ReportBuilder.cohortReport(
      kind, period: widened, bucketSize: size, ranges: buckets, people: rows, context: context)
    // A file is written only when its bytes change, so only standard output is written as it comes.
    if OutputOptions.writesToStandardOutput(arguments),
      let generator = OutputOptions.tableStreaming(arguments, journal: nil)
    {
      let bucketsPerWrite = max(1, rowsPerWrite / parts.rowsPerBucket)
      try OutputOptions.emit(
        parts.shell, streaming: generator, arguments: arguments, journal: nil, weekStart: weekStart,
        console: &console
      ) { _, write throws(OutputError) in
        for first in stride(from: 0, to: parts.bucketCount, by: bucketsPerWrite) {
          let count = min(bucketsPerWrite, parts.bucketCount - first)
          try write(.groups(count, rowsEach: parts.rowsPerBucket) { parts.rows(ofBucket: first + $0) })
        }
      }
      LeftForExit.keep(rows)
      return
    }
    let report = parts.report
    try OutputOptions.emit(
      report, arguments: arguments, journal: nil, weekStart: weekStart, console: &console)
    LeftForExit.keep((rows, report))
  }

  /// About the rows a written part of a streamed cohort table holds.
  private static let rowsPerWrite = 8_192

  /// The week start of the cohort's buckets: `--week-start` (or its variable), else the one every
  /// journal's config agrees on.
  /// - Throws: a usage error when the journals disagree and no option settles it.
  static func commonWeekStart(_ starts: [WeekStart], names: [String], _ arguments: ParsedArguments)
    throws(CLIError) -> WeekStart
  {
    let first = starts[0]
    guard let other = starts.firstIndex(where: { $0 != first }) else { return first }
    throw .usage(
      "the journals' weeks start on different days ('\(TerminalSafeText.escaped(names[0]))' on \(first.rawValue), "
        + "'\(TerminalSafeText.escaped(names[other]))' on \(starts[other].rawValue)); a cohort's "
        + "buckets need one: give --week-start DAY")
  }
}
