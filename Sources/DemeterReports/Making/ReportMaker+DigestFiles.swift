import DemeterCore
import DemeterReporting

extension ReportMaker {
  /// The report of digest files (manual: many-journals) in place of journals: one journal's report,
  /// or a cohort report when the files hold several journals or are of the cohort form (`digest
  /// --cohort`). Each journal's settings come from the file, under the request's; a setting that
  /// would have made other digests (thresholds, time zone, a query other than the file's, a split
  /// by another dimension) is refused. Without a query of its own, the report answers the file's;
  /// `--by weekday` is answered from any file's day totals.
  static func makeFromDigestFiles(_ request: ReportRequest, _ paths: [String], _ console: inout Console)
    throws(CommandError)
  {
    if request.output.namesEachJournal {
      throw .usage(
        "one report per journal ({journal} in -o) reads the journals: give --journals instead of --digest")
    }
    let merged = try DigestFiles.merged(paths, cohort: true)
    // A report not split by the file's dimension reads it as a file made without one.
    let file = request.breakdown?.dimension.tallied == nil ? merged.unsplit : merged
    let named = paths.map(AtomicFileWriter.quoted).joined(separator: ", ")
    guard !file.journals.isEmpty else { throw .usage("\(named) holds no journal") }
    let format = request.output.format(journal: nil)
    let limit = request.settings.reviewLimit(isJSON: format.isBuiltIn("json"))
    var people: [(name: String, aggregation: AggregationOptions, digests: JournalDigests)] = []
    var settings: [(weekStart: WeekStart, today: CivilDate, zone: TimeZoneRule)] = []
    for journal in file.journals {
      var config = JournalConfig()
      config.weekStart = journal.weekStart
      config.timeZone = journal.timeZone
      config.lowConfidence = file.settings.rules.lowConfidence
      config.highConfidence = file.settings.rules.highConfidence
      config.goals = journal.goals
      let zone = request.settings.timeZone ?? journal.timeZone
      guard zone == journal.timeZone else {
        throw .usage(
          "the days of \(named) were counted in time zone \(journal.timeZone), and this report asks for \(zone); "
            + "make the digest again with --tz \(zone)")
      }
      var aggregation = try request.settings.aggregation(config: config)
      aggregation.reviewLimit = limit
      aggregation.energyConsistency = file.settings.rules.energyConsistency
      aggregation.query = request.query?.query ?? file.settings.rules.query
      aggregation.breakdown = request.breakdown?.dimension
      if let difference = file.settings.difference(from: DigestFileSettings(rules: DigestRules(aggregation))) {
        if difference.name == DigestFileSettings.breakdownField, let asked = request.breakdown?.dimension {
          throw .usage(
            splitRefusal(named, made: merged.settings.rules.breakdown, asked: asked, form: file.form))
        }
        throw .usage(
          "\(named) was made with \(difference.name) \(difference.mine), and this report asks for "
            + "\(difference.theirs); make the digest again with the report's options")
      }
      let weekStart = request.settings.weekStart ?? journal.weekStart
      settings.append((weekStart, ReportClock.today(override: request.settings.today, zone: zone), zone))
      people.append((journal.name, aggregation, JournalDigests(journal, settings: file.settings, limit: limit)))
    }
    let kind = request.kind
    if people.count > 1 || file.form == .cohort {
      guard kind.isBucketReport else {
        guard file.form == .cohort else { throw .usage(JournalSet.onlyBucketReports) }
        throw .usage(
          "\(named) holds only what cohort reports need ('digest --cohort'), which day, week, month, year and "
            + "range make: for this report make the digest without --cohort")
      }
      let weekStart = try commonWeekStart(settings.map(\.weekStart), names: people.map(\.name), request)
      let size = kind.bucketSize(weekStart)!
      let leftOut = try DigestFiles.problemTotals(file, label: named)
      let tallies = people.map { person in
        CohortPerson(name: person.name, tally: CohortTally(person.digests, size: size, options: person.aggregation))
      }
      return try writeCohort(
        request, format: format, size: size, people: tallies,
        query: request.query?.text ?? file.settings.rules.query?.canonicalText, settings: (weekStart, settings[0].today, settings[0].zone),
        skippedLines: leftOut.skippedLines, unreadableFiles: leftOut.unreadableFiles, &console)
    }
    let (journal, digests, aggregation) = (file.journals[0], people[0].digests, people[0].aggregation)
    let (weekStart, today, zone) = settings[0]
    var context = ReportBuilder.ReportContext(
      weekStart: weekStart, timeZone: zone, today: today, options: aggregation,
      skippedLines: journal.skippedLines, unreadableFiles: journal.unreadableFiles)
    context.breakdown = request.breakdown
    var report: ReportModel
    switch kind {
    case .entries:
      throw .usage(
        "entries lists the entries themselves, which a digest file does not hold: give the journal (--journal)")
    case .ingredients:
      throw .usage(
        "ingredients names each ingredient from the journal's ingredient database, which a digest file does not "
          + "hold: give the journal (--journal)")
    case .body:
      throw .usage("body reads the journal's body log, which a digest file does not hold: give the journal (--journal)")
    case .compare:
      let (first, second) = try PeriodWords.compared(
        request.period, today: today, weekStart: weekStart, span: digests.span)
      report = ReportBuilder.comparisonReport(first, second, digests: digests, context: context)
    case .nutrients:
      throw .usage(
        "nutrients names the foods behind each nutrient and reads the person's profile, which a digest file "
          + "does not hold: give the journal (--journal)")
    default:
      let size = kind.bucketSize(weekStart)!
      let asked = try PeriodWords.period(
        try PeriodWords.text(request), today: today, weekStart: weekStart, span: digests.span)
      let parts = format.shows
      if parts == .everything {
        try refuseRowsNeeded(kind, asked: asked, bucketSize: size, digests: digests)
      }
      report = ReportBuilder.bucketReport(
        kind, asked: asked, bucketSize: size, digests: digests, context: context, parts: parts)
    }
    report.query = request.query?.text ?? file.settings.rules.query?.canonicalText
    try format.write(report, weekStart: weekStart, &console)
  }

  /// Why digest files `named`, split by `made` (nil: not split), cannot answer `--by asked`, and the
  /// command that makes one that can.
  private static func splitRefusal(
    _ named: String, made: BreakdownDimension?, asked: BreakdownDimension, form: DigestFileForm
  ) -> String {
    let tallied = asked.tallied ?? asked
    let split = made.map { "split by \($0.rawValue)" } ?? "not split (made without --by)"
    let kept = made == nil ? "" : " (--by weekday is answered from any digest file)"
    return
      "\(named) was \(split), and this report asks for --by \(asked.rawValue)\(kept); make the digest again "
      + "with 'demeter-report digest\(form == .cohort ? " --cohort" : "") --by \(tallied.rawValue) ...'"
  }

  /// Refuses a report whose whole form needs what only the journal holds: the entries eaten (a day
  /// report of a few days) or the recipes of entries logged from recipes.
  private static func refuseRowsNeeded(
    _ kind: ReportKind, asked: Period, bucketSize: BucketSize, digests: JournalDigests
  ) throws(CommandError) {
    let buckets = asked.buckets(bucketSize, logged: digests.days(in: asked).lazy.map { Int($0.day) })
    let widened = Period(first: buckets.first!.first, last: buckets.last!.last)
    if kind == .day, widened.dayCount <= ReportBuilder.eatenDayLimit {
      throw .usage(
        "a day report of \(ReportBuilder.eatenDayLimit) days or fewer lists the entries eaten, which a digest file "
          + "does not hold: give the journal (--journal), or ask for its table only (-f csv)")
    }
    if !digests.recipeUses(in: widened).isEmpty {
      throw .usage(
        "entries of this period were logged from recipes, whose titles and servings a digest file does not hold: "
          + "give the journal (--journal), or ask for the table only (-f csv)")
    }
  }
}
