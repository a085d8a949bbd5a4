import DemeterCore
import DemeterReporting
import Foundation

/// Report models built the way the command builds them: from the day digests of entries
/// (`JournalDigests(entries:)`), through `ReportBuilder`.
enum JournalFixtures {
  /// An exact decimal from its text (`"0.6"`).
  static func decimal(_ text: String) -> FixedDecimal {
    guard case .exact(let value) = FixedDecimal.read(jsonNumber: text) else {
      preconditionFailure("not an exact decimal: \(text)")
    }
    return value
  }

  /// The date `YYYY-MM-DD`.
  static func date(_ text: String) -> CivilDate {
    guard case .success(let date) = CivilDate.parse(text) else { preconditionFailure("not a date: \(text)") }
    return date
  }

  static func period(_ first: String, _ last: String) -> Period {
    Period(first: date(first), last: date(last))
  }

  /// An entry at `time` (`HH:MM`) on `day`, written at UTC−05:00.
  static func entry(
    _ day: String, _ time: String = "12:00", id: String, food: String = "apple", raw: String? = nil,
    calories: String = "100", protein: String = "0", carbohydrates: String = "25", fat: String = "0",
    confidence: String = "0.9", ingredient: String? = "food-17397", meal: String? = nil, line: Int = 1
  ) -> Entry {
    let clock = time.split(separator: ":").map { Int($0)! }
    return Entry(
      timestamp: Timestamp(
        localDate: date(day), secondOfDay: clock[0] * 3600 + clock[1] * 60, utcOffsetSeconds: -18_000),
      id: id, rawDescription: raw ?? "ate \(food)", foodName: food, quantity: decimal("1"), unit: "piece",
      calories: decimal(calories), protein: decimal(protein), carbohydrates: decimal(carbohydrates),
      fat: decimal(fat),
      confidence: decimal(confidence), matchedIngredientID: ingredient, meal: meal, line: line)
  }

  /// `rows` as the entries of the day file `file`, in that order.
  static func entries(_ rows: [Entry], file: String = "journal/2026-11-16.jsonl") -> [ExportedEntry] {
    rows.map { ExportedEntry(row: $0, path: file) }
  }

  /// Four entries of week 2026-W47 on two days (Monday and Wednesday):
  /// 1445.5 kcal, 60.75 g protein, 169 g carbohydrates, 58.8 g fat; confidences 0.9, 0.7, 0.3, 0.95;
  /// the 600 kcal stew has low confidence and no ingredient, so it needs review.
  static let weekRows: [Entry] = [
    entry(
      "2026-11-16", "08:00", id: "e1", food: "oatmeal", calories: "300", protein: "10", carbohydrates: "54",
      fat: "5", confidence: "0.9", meal: "breakfast", line: 1),
    entry(
      "2026-11-16", "13:00", id: "e2", food: "sandwich", calories: "450.5", protein: "20.25",
      carbohydrates: "50",
      fat: "18.5", confidence: "0.7", ingredient: "food-01001", meal: "lunch", line: 2),
    entry(
      "2026-11-18", "19:00", id: "e3", food: "mystery stew", raw: "a big bowl of stew", calories: "600",
      protein: "30",
      carbohydrates: "40", fat: "35", confidence: "0.3", ingredient: nil, meal: "dinner", line: 3),
    entry(
      "2026-11-18", "07:00", id: "e4", food: "apple", calories: "95", protein: "0.5", carbohydrates: "25",
      fat: "0.3",
      confidence: "0.95", meal: "breakfast", line: 4),
  ]

  static func context(options: AggregationOptions = AggregationOptions(), skippedLines: Int = 0)
    -> ReportBuilder.ReportContext
  {
    ReportBuilder.ReportContext(
      weekStart: .monday, timeZone: .asWritten, today: date("2026-11-22"), options: options,
      skippedLines: skippedLines)
  }

  /// A bucketed report over `asked`, made as `demeter-report` makes it.
  static func bucketReport(
    _ kind: ReportKind, _ asked: Period, entries: [ExportedEntry],
    options: AggregationOptions = AggregationOptions(),
    skippedLines: Int = 0
  ) -> (report: ReportModel, aggregate: PeriodAggregate) {
    let size: BucketSize
    switch kind {
    case .week: size = .week(.monday)
    case .month: size = .month
    case .year: size = .year
    default: size = .day
    }
    // The aggregate the report's numbers must come from, for the tests to compare against.
    let buckets = asked.buckets(size)
    let previous = Period.bucket(containing: buckets.first!.first.adding(days: -1), size)
    let digests = JournalDigests(entries: entries, rules: DigestRules(options))
    let aggregate = digests.summarize(buckets: buckets, previous: previous, options: options)
    let report = ReportBuilder.bucketReport(
      kind, asked: asked, bucketSize: size, digests: digests,
      context: context(options: options, skippedLines: skippedLines))
    return (report, aggregate)
  }

  /// The entries report of `entries` counted in `period`, made as `demeter-report entries` makes
  /// it: from their digests' entries, a date at a time.
  static func entriesReport(entries: [ExportedEntry], period: Period, context: ReportBuilder.ReportContext)
    -> ReportModel
  {
    var rows: [ReportTableRow] = []
    JournalDigests(entries: entries).forEachDate(ofExportedEntriesIn: period) {
      rows += ReportBuilder.entryRows($0)
    }
    return ReportBuilder.entriesReport(period: period, entries: rows.count, rows: rows, context: context)
  }

  /// The week report of `weekRows` (2026-W47).
  static func weekReport(options: AggregationOptions = AggregationOptions()) -> ReportModel {
    bucketReport(.week, period("2026-11-16", "2026-11-22"), entries: entries(weekRows), options: options)
      .report
  }

  /// Journal strings that try to break out of their place in each format.
  static let hostileNames = [
    "<script>alert(1)</script>", "pipe | in | name", "\u{1B}[31mred\u{1B}[0m", "\u{202E}evil\u{202C}",
    "nul\u{0}byte", "new\nline", "*bold* _it_ `code`", "- dash", "1. numbered", "=SUM(A1)", "a & b \"q\" 'x'",
    "]]><!--", "https://example.com/x",
  ]

  /// A week whose food names and descriptions are all hostile, one entry each on the days of W47.
  static func hostileWeekReport() -> ReportModel {
    let rows = hostileNames.enumerated().map { index, name in
      entry(
        "2026-11-\(16 + index % 7)", "\(10 + index % 10):00", id: "h\(index)", food: name,
        raw: "said \(name)",
        calories: "\(100 + index)", protein: "1", carbohydrates: "20", fat: "1",
        confidence: index % 2 == 0 ? "0.2" : "0.9", ingredient: index % 3 == 0 ? nil : "food-17397",
        meal: name, line: index + 1)
    }
    return bucketReport(.week, period("2026-11-16", "2026-11-22"), entries: entries(rows)).report
  }

  /// Names in wide scripts and emoji, for column alignment.
  static let wideNames = ["味噌汁", "🍣 寿司", "kimchi 김치", "café au lait", "🍕🍕 pizza"]

  static func wideWeekReport() -> ReportModel {
    let rows = wideNames.enumerated().map { index, name in
      entry(
        "2026-11-\(16 + index)", "12:00", id: "w\(index)", food: name, calories: "\(200 + 10 * index)",
        confidence: "0.\(index + 3)", line: index + 1)
    }
    return bucketReport(.week, period("2026-11-16", "2026-11-22"), entries: entries(rows)).report
  }

  /// `Tests/Fixtures/sample-journal`.
  static let sampleJournalPath: String = {
    var url = URL(fileURLWithPath: #filePath)
    url.deleteLastPathComponent()
    url.deleteLastPathComponent()
    return url.appendingPathComponent("Fixtures/sample-journal").path
  }()

  /// Every entry of the sample journal, as its digests list them, and the lines it skips.
  static func sampleJournal() -> (entries: [ExportedEntry], skippedLines: Int) {
    let digests = DigestLoader.load(journal: sampleJournalPath)
    var entries: [ExportedEntry] = []
    if let span = digests.span {
      digests.forEachDate(ofExportedEntriesIn: span) { entries += $0 }
    }
    return (entries, digests.skippedLines)
  }

  /// The sample journal's week 2026-W47 with a 2000 kcal goal, as the command makes it.
  static let sampleWeek: ReportModel = {
    let load = sampleJournal()
    let options = AggregationOptions(goals: Goals(calories: decimal("2000")), reviewLimit: 50)
    return bucketReport(
      .week, period("2026-11-16", "2026-11-22"), entries: load.entries, options: options,
      skippedLines: load.skippedLines
    ).report
  }()

  /// The sample journal's four weeks 2026-10-26 … 2026-11-22.
  static let sampleMonthOfWeeks: ReportModel = {
    let load = sampleJournal()
    return bucketReport(
      .week, period("2026-10-26", "2026-11-22"), entries: load.entries,
      options: AggregationOptions(reviewLimit: 50)
    ).report
  }()

  /// The first table with `id`.
  static func table(_ id: String, in report: ReportModel) -> ReportTable? {
    report.tables.first { $0.id == id }
  }

  /// The summary fact `id`.
  /// A summary figure, or a row of the confidence section (whose second cell is the figure's id).
  static func fact(_ id: String, in report: ReportModel) -> ReportFact? {
    if let fact = report.summary.first(where: { $0.id == id }) { return fact }
    let confidence = report.tables.first { $0.id == "confidence" }
    guard let row = confidence?.rows.first(where: { $0.cells[1].display == id }) else { return nil }
    return ReportFact(id: id, label: row.cells[0].display, value: row.cells[2])
  }

  /// The cell of `row` in column `column`.
  static func cell(_ table: ReportTable, row: Int, _ column: String) -> ReportCell? {
    guard let index = table.columns.firstIndex(where: { $0.id == column }), row < table.rows.count else {
      return nil
    }
    return table.rows[row].cells[index]
  }
}
