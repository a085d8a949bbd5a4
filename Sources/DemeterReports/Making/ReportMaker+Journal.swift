import BuiltInIngredients
import DemeterCore
import DemeterReporting

extension ReportMaker {
  /// The report of one journal: the folder's, or the sample's when `folder` is nil.
  static func makeFromJournal(_ request: ReportRequest, folder: String?, _ console: inout Console)
    throws(CommandError)
  {
    let settings = try JournalContext(folder: folder, settings: request.settings, quiet: request.quiet, &console)
    let (journal, weekStart, today) = (settings.source, settings.weekStart, settings.today)
    let format = request.output.format(journal: journal.folder)
    var aggregation = try request.settings.aggregation(config: settings.config)
    aggregation.reviewLimit = request.settings.reviewLimit(isJSON: format.isBuiltIn("json"))
    aggregation.energyConsistency.alcohol = journal.ingredientAlcohol()
    let kind = request.kind
    // The digests hold only the entries the query matches, so each figure is of those, and a list of
    // entries lists those.
    aggregation.query = request.query?.query
    aggregation.breakdown = request.breakdown?.dimension
    let periodText = kind == .compare ? "" : try PeriodWords.text(request)
    // A report that shows only its bucket table (a CSV), or lists entries, or compares summary
    // figures, needs only the digests' totals.
    let parts = kind.isBucketReport ? format.shows : .everything
    let entryLines = kind == .entries && request.output.asksForEntryLines
    var loadOptions = request.loadOptions(zone: settings.zone)
    // A split's rows come from each day's split, which a load of totals keeps beside them
    // (`JournalDigests.keepsSplit`).
    loadOptions.keepsDetail =
      switch kind {
      // The CSV export's micronutrient columns are named from the totals' read, or the cache.
      case .entries, .body, .compare: false
      case .ingredients: true
      default: parts == .everything
      }
    // Without a cache, the CSV export's micronutrient columns are named from the first read.
    loadOptions.keepsMicronutrientNames = kind == .entries && format.isBuiltIn("csv")
    // A linked `.demeter` is said (anything else in the way only means no cache, as when it
    // cannot be written).
    if loadOptions.cache != .off, let layout = journal.layout, !request.quiet,
      FileStatus.isSymbolicLink(layout.stateFolder),
      let problem = JournalStateFolder.problem(journal: layout.journal)
    {
      console.error("demeter-report: warning: \(problem); the report is made without the parse cache")
    }
    let progress = ProgressLine(quiet: request.quiet, isTerminal: console.isTerminal(.error))
    loadOptions.progress = progress.workProgress
    let digests = journal.digests(loadOptions, rules: DigestRules(aggregation))
    progress.clear()
    if let folder = journal.folder, !request.quiet {
      if digests.fileCount == 0 {
        console.error(
          "demeter-report: warning: no day files under \(AtomicFileWriter.quoted(folder)) "
            + "(YYYY-MM-DD.jsonl at any depth); the report is empty")
      }
      JournalSet.warnIfSeveralPeople(folder, files: digests.files, &console)
    }
    try ReportProblems.say(digests.diagnostics, skippedLines: digests.skippedLines, request, &console)
    var context = ReportBuilder.ReportContext(
      weekStart: weekStart, timeZone: settings.zone, today: today, options: aggregation,
      skippedLines: digests.skippedLines,
      unreadableFiles: digests.diagnostics.count(where: \.isUnreadableFile))
    context.breakdown = request.breakdown
    func asked() throws(CommandError) -> Period {
      try PeriodWords.period(periodText, today: today, weekStart: weekStart, span: digests.span)
    }
    var report: ReportModel
    /// The periods whose entries the report shows (for the note that a query matches none).
    var shown: [Period] = []
    switch kind {
    case .entries:
      let asked = try asked()
      if let query = request.query, digests.days(in: asked).isEmpty {
        QueryNotes.matchesNothing(query, request, &console)
      }
      if entryLines {
        try EntryLinesExport.write(digests, period: asked, destination: request.output.destination, &console)
        return
      }
      let entries = digests.days(in: asked).reduce(0) { $0 + Int($1.entries) }
      var shell = ReportBuilder.entriesReport(period: asked, entries: entries, rows: [], context: context)
      shell.query = request.query?.text
      if let streaming = try entriesStreaming(digests, shell: shell, entries: entries, period: asked, format: format) {
        try writeEntries(
          digests, shell: shell, period: asked, context: context, format: format, generator: streaming, &console)
        return
      }
      var rows: [ReportTableRow] = []
      digests.forEachDate(ofExportedEntriesIn: asked) { rows += ReportBuilder.entryRows($0) }
      report = ReportBuilder.entriesReport(period: asked, entries: rows.count, rows: rows, context: context)
    case .ingredients:
      let asked = try asked()
      shown = [asked]
      let catalog = IngredientCatalog(own: journal.ingredients().database, builtIn: BuiltInIngredients.table)
      report = ReportBuilder.ingredientsReport(
        usage: digests.ingredientUsage(in: asked), catalog: catalog, period: asked, context: context)
    case .body:
      report = try bodyReport(
        request, journal: journal, digests: digests, period: try asked(), context: context, &console)
    case .compare:
      let (first, second) = try PeriodWords.compared(
        request.period, today: today, weekStart: weekStart, span: digests.span)
      shown = [first, second]
      report = ReportBuilder.comparisonReport(first, second, digests: digests, context: context, parts: format.shows)
    case .nutrients:
      let asked = try asked()
      let weight = try trendWeight(request, journal: journal, period: asked, context: context, &console)
      report = nutrientsReport(
        digests, period: asked, request.settings, config: settings.config, trendWeight: weight, context: context)
    default:
      let asked = try asked()
      shown = [asked]
      var context = context
      if request.settings.describesPerson(config: settings.config) {
        context.targets = request.settings.nutrientTargets(
          config: settings.config, year: asked.last.year,
          trendWeight: try trendWeight(request, journal: journal, period: asked, context: context, &console))
      }
      report = ReportBuilder.bucketReport(
        kind, asked: asked, bucketSize: kind.bucketSize(weekStart)!, digests: digests, context: context,
        parts: parts, recipes: journal.recipeLookup)
    }
    if let asked = request.query {
      report.query = asked.text
      if kind != .entries, shown.allSatisfy({ digests.days(in: $0).isEmpty }) {
        QueryNotes.matchesNothing(asked, request, &console)
      }
    }
    try format.write(report, weekStart: weekStart, &console)
  }

  /// The generator that writes the rows of the entries report `shell` (of `entries` entries in
  /// `period`) as they come, when its format has one: for aligned text, once a first read of the
  /// period's entries has measured every row. (A template or text split around rows it has none of
  /// would not say there are none: with no entries, only a format that streams any report's.)
  private static func entriesStreaming(
    _ digests: JournalDigests, shell: ReportModel, entries: Int, period: Period, format: OutputFormat
  ) throws(CommandError) -> (any TableStreamingGenerator)? {
    guard entries > 0 else { return format.streaming }
    if let streaming = try format.streaming(shell) { return streaming }
    guard let measured = format.builtIn as? any MeasuredStreamingGenerator, let table = shell.primaryTable else {
      return nil
    }
    var widths: [Int] = []
    digests.forEachDate(ofExportedEntriesIn: period) { entries, _ in
      measured.widths(of: ReportBuilder.entryRows(entries), in: table)
    } _: { part in
      widths = widths.isEmpty ? part : zip(widths, part).map { max($0, $1) }
    }
    return measured.streaming(shell, widths: widths)
  }

  /// The entries of `period` (the report `shell`, without rows) in a format that writes rows as
  /// they come: a date's rows at a time, so a long period is never held at once (for CSV, the
  /// export's columns, each row made from its line as it is read: `EntryCSVExport`).
  private static func writeEntries(
    _ digests: JournalDigests, shell: ReportModel, period: Period, context: ReportBuilder.ReportContext,
    format: OutputFormat, generator: any TableStreamingGenerator, _ console: inout Console
  ) throws(CommandError) {
    guard format.isBuiltIn("csv") else {
      try format.write(shell, streaming: generator, weekStart: context.weekStart, &console) {
        _, render, write throws(OutputError) in
        // Each date's rows made and rendered on any processor, written in date order.
        try digests.forEachDate(ofExportedEntriesIn: period) { entries, earlier in
          (
            render(entries.count, earlier) { row, cell in ReportBuilder.entryCells(entries[row], cell) },
            entries.count
          )
        } _: { part throws(OutputError) in
          try write(.rendered(part.0, rows: part.1))
        }
      }
      return
    }
    let export = EntryCSVExport(shell: shell, micronutrients: digests.micronutrientNames(in: period))
    try format.write(export.shell, streaming: generator, weekStart: context.weekStart, &console) {
      options, _, write throws(OutputError) in
      try digests.forEachDate(ofRecordsIn: period, renderer: export.rows(options: options)) {
        rows, count throws(OutputError) in
        try write(.rendered(rows, rows: count))
      }
    }
  }
}
