import DemeterCore
import Testing

@testable import DemeterReporting

/// `ReportBuilder.bucketReport` (manual: reports): the primary table's stable columns, empty buckets,
/// summary facts equal to the aggregates, lists and charts.
@Suite struct ReportBuilderBucketTests {
  typealias F = JournalFixtures

  static let weekColumns = [
    "week", "week_start", "entries", "days_logged", "calories", "protein", "carbohydrates", "fat",
    "avg_daily_calories", "confidence_mean", "confidence_min", "confidence_max", "low_confidence_entries",
  ]
  static let dailyColumns = [
    "date", "entries", "calories", "protein", "carbohydrates", "fat", "confidence_mean", "confidence_min",
    "confidence_max", "low_confidence_entries",
  ]

  /// Three Monday weeks: W46 empty, W47 the fixture week, W48 one 250 kcal entry.
  static let threeWeeks = F.bucketReport(
    .week, F.period("2026-11-09", "2026-11-29"),
    entries: F.entries(
      F.weekRows + [F.entry("2026-11-24", "09:00", id: "e5", calories: "250", confidence: "0.5", line: 5)]))

  @Test func weekReportHasTheDocumentedCSVColumns() throws {
    let report = F.weekReport()
    let table = try #require(report.primaryTable)
    #expect(table.id == "weeks")
    #expect(table.columns.map(\.id) == Self.weekColumns)
    #expect(report.kind == .week)
    #expect(report.title == "Week 2026-W47")
    #expect(report.period == ReportPeriod(first: "2026-11-16", last: "2026-11-22"))
  }

  @Test(arguments: [ReportKind.day, .range])
  func dailyReportsHaveTheDocumentedCSVColumns(kind: ReportKind) throws {
    let asked = kind == .day ? F.period("2026-11-16", "2026-11-16") : F.period("2026-11-16", "2026-11-22")
    let report = F.bucketReport(kind, asked, entries: F.entries(F.weekRows)).report
    let table = try #require(report.primaryTable)
    #expect(table.columns.map(\.id) == Self.dailyColumns)
    #expect(table.rows.count == asked.dayCount)
    #expect(table.rows.first?.cells.first?.display == "2026-11-16")
  }

  @Test func weekRowHoldsExactTotals() throws {
    let table = try #require(F.weekReport().primaryTable)
    #expect(table.rows.count == 1)
    #expect(table.rows[0].role == .item)
    let expected = [
      "2026-W47", "2026-11-16", "4", "2", "1445.5", "60.75", "169", "58.8", "722.75", "0.7125", "0.3", "0.95",
      "1",
    ]
    #expect(table.rows[0].cells.map(\.exactText) == expected)
    let shown = [
      "2026-W47", "2026-11-16", "4", "2", "1446", "60.8", "169.0", "58.8", "723", "0.71", "0.30", "0.95", "1",
    ]
    #expect(table.rows[0].cells.map(\.display) == shown)
  }

  @Test func emptyBucketsAreRowsWithMissingMeans() throws {
    let table = try #require(Self.threeWeeks.report.primaryTable)
    #expect(table.rows.map(\.role) == [.empty, .item, .item])
    #expect(table.rows.map { $0.cells[0].display } == ["2026-W46", "2026-W47", "2026-W48"])
    let empty = table.rows[0]
    for column in ["avg_daily_calories", "confidence_mean", "confidence_min", "confidence_max"] {
      #expect(F.cell(table, row: 0, column) == .missing, "\(column)")
    }
    for column in ["entries", "days_logged", "low_confidence_entries"] {
      #expect(F.cell(table, row: 0, column)?.exactText == "0", "\(column)")
    }
    #expect(empty.cells[4].exactText == "0")
    #expect(Self.threeWeeks.report.title == "Weeks 2026-W46 to 2026-W48")
  }

  @Test func emptyDaysAreRowsInDailyReports() throws {
    let report = F.bucketReport(.range, F.period("2026-11-16", "2026-11-22"), entries: F.entries(F.weekRows))
      .report
    let table = try #require(report.primaryTable)
    #expect(table.rows.map(\.role) == [.item, .empty, .item, .empty, .empty, .empty, .empty])
    #expect(F.cell(table, row: 1, "confidence_mean") == .missing)
    #expect(F.cell(table, row: 1, "calories")?.exactText == "0")
    #expect(F.cell(table, row: 2, "calories")?.exactText == "695")
    #expect(F.cell(table, row: 2, "confidence_min")?.exactText == "0.3")
  }

  @Test func weekReportHasADailyTableWithEveryDay() throws {
    let table = try #require(F.table("daily", in: F.weekReport()))
    #expect(table.rows.count == 7)
    #expect(table.rows.map { $0.cells[1].display } == ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"])
    #expect(F.cell(table, row: 0, "calories")?.exactText == "750.5")
    #expect(F.cell(table, row: 2, "uncertain_calories")?.exactText == "600")
    #expect(table.rows[1].role == .empty)
  }

  @Test func summaryFactsEqualTheAggregates() throws {
    let (report, aggregate) = F.bucketReport(
      .week, F.period("2026-11-16", "2026-11-22"), entries: F.entries(F.weekRows))
    let whole = aggregate.whole
    func exact(_ id: String) -> String? { F.fact(id, in: report)?.value.exactText }
    #expect(exact("entries") == "4")
    #expect(exact("days_logged") == "2")
    #expect(exact("days_in_period") == "7")
    #expect(exact("calories") == "1445.5")
    #expect(exact("calories") == whole.totals.calories.description)
    #expect(exact("uncertain_calories") == "600")
    #expect(exact("uncertain_calories") == whole.uncertainCalories.description)
    #expect(exact("protein") == "60.75")
    #expect(exact("carbohydrates") == "169")
    #expect(exact("fat") == "58.8")
    #expect(exact("avg_daily_calories") == "722.75")
    #expect(exact("confidence_mean") == "0.7125")
    #expect(exact("confidence_min") == "0.3")
    #expect(exact("confidence_max") == "0.95")
    #expect(exact("low_confidence_entries") == "1")
    #expect(exact("high_confidence_entries") == "2")
    #expect(exact("medium_confidence_entries") == "1")
    #expect(exact("needs_review") == "1")
    #expect(F.fact("highest_day", in: report)?.value.display == "2026-11-16 (751 kcal)")
    #expect(F.fact("lowest_day", in: report)?.value.display == "2026-11-18 (695 kcal)")
  }

  @Test func macroSplitPercentsComeFromFourFourNine() throws {
    let (report, aggregate) = F.bucketReport(
      .week, F.period("2026-11-16", "2026-11-22"), entries: F.entries(F.weekRows))
    // 4 × 60.75 = 243, 4 × 169 = 676, 9 × 58.8 = 529.2 of 1448.2 kcal from macronutrients.
    let split = aggregate.whole.macroSplit
    #expect(abs(split.protein - 243 / 1448.2) < 1e-12)
    #expect(F.fact("protein_energy_percent", in: report)?.value.display == "17")
    #expect(F.fact("carbohydrates_energy_percent", in: report)?.value.display == "47")
    #expect(F.fact("fat_energy_percent", in: report)?.value.display == "37")
    #expect(
      F.fact("fat_energy_percent", in: report)?.value.exactText == DecimalText.shortest(split.fat * 100))
    let chart = try #require(report.charts.first { $0.id == "macro-split" })
    #expect(chart.points.map(\.label) == ["protein", "carbohydrates", "fat"])
    #expect(chart.points.map(\.display) == ["17 %", "47 %", "37 %"])
  }

  @Test func singleWeekCarriesTheChangeAgainstThePreviousWeek() {
    let rows = F.weekRows + [F.entry("2026-11-10", id: "p1", calories: "1000", carbohydrates: "250", line: 9)]
    let report = F.bucketReport(.week, F.period("2026-11-16", "2026-11-22"), entries: F.entries(rows)).report
    // 722.75 kcal per logged day against 1000 the week before.
    #expect(F.fact("change_avg_daily_calories", in: report)?.value.exactText == "-277.25")
    #expect(F.fact("change_avg_daily_calories", in: Self.threeWeeks.report) == nil)
  }

  @Test func needsReviewListCarriesTheTotalCount() throws {
    let rows =
      F.weekRows + [
        F.entry(
          "2026-11-20", "10:30", id: "e6", food: "granola bar", calories: "190", confidence: "0.8",
          ingredient: nil, line: 6)
      ]
    var options = AggregationOptions(reviewLimit: 1)
    let week = F.period("2026-11-16", "2026-11-22")
    // Unmatched entries are counted, not listed, unless asked for.
    let counted = F.bucketReport(.week, week, entries: F.entries(rows), options: options).report
    let short = try #require(counted.lists.first { $0.id == "needs-review" })
    #expect(short.totalCount == 2)
    #expect(
      short.summary
        == "Confidence below 0.50, or calories that disagree with the macronutrients; 2 entries without a "
        + "matched ingredient are counted, not listed (--review unmatched lists them). 'demeter-report "
        + "review' walks them; entries marked reviewed are not listed.")
    options.reviewsUnmatched = true
    let report = F.bucketReport(.week, week, entries: F.entries(rows), options: options).report
    let list = try #require(report.lists.first { $0.id == "needs-review" })
    #expect(list.totalCount == 2)
    #expect(list.items.count == 1)
    #expect(list.items[0].text == "2026-11-18 19:00 a big bowl of stew")
    #expect(list.items[0].detail.hasPrefix("id e3 · mystery stew · low confidence 0.30 · unmatched · "))
    #expect(
      list.summary
        == "Confidence below 0.50, or calories that disagree with the macronutrients, or no matched "
        + "ingredient. 'demeter-report review' walks them; entries marked reviewed are not listed.")
    #expect(F.fact("needs_review", in: report)?.value.exactText == "2")
  }

  @Test func energyMismatchIsListed() throws {
    let rows = [F.entry("2026-11-17", id: "x1", food: "cake", calories: "500", carbohydrates: "25", line: 1)]
    let report = F.bucketReport(.week, F.period("2026-11-16", "2026-11-22"), entries: F.entries(rows)).report
    let list = try #require(report.lists.first { $0.id == "energy-inconsistent" })
    #expect(list.totalCount == 1)
    #expect(list.items.first?.detail.contains("500 kcal stated, 100 from macros") == true)
    #expect(F.fact("energy_inconsistent", in: report)?.value.exactText == "1")
  }

  /// The energy an entry is checked against includes 7 kcal per gram of its alcohol, and so does
  /// the explanation.
  @Test func energyMismatchShowsTheAlcoholsEnergy() throws {
    var row = F.entry("2026-11-17", id: "x2", food: "cocktail", calories: "500", carbohydrates: "25", line: 1)
    row.micronutrients = [MicronutrientAmount(name: "alcohol_g", amount: F.decimal("20"))]
    let report = F.bucketReport(.week, F.period("2026-11-16", "2026-11-22"), entries: F.entries([row])).report
    let list = try #require(report.lists.first { $0.id == "energy-inconsistent" })
    #expect(list.totalCount == 1)
    let detail = try #require(list.items.first?.detail)
    #expect(detail.contains("500 kcal stated, 100 from macros + 140 from alcohol"), "\(detail)")
  }

  @Test func caloriesPerDayChartHasOnePointPerDayAndTheGoal() throws {
    let options = AggregationOptions(goals: Goals(calories: F.decimal("2000")))
    let report = F.weekReport(options: options)
    let chart = try #require(report.charts.first { $0.id == "calories-per-day" })
    #expect(chart.kind == .bars)
    #expect(chart.points.count == 7)
    #expect(chart.points.map(\.value) == [750.5, 0, 695, 0, 0, 0, 0])
    #expect(chart.points[0].label == "Mon 16")
    #expect(chart.points[0].display == "751 kcal")
    #expect(chart.goal == 2000)
    #expect(chart.summary.contains("against a daily goal of 2000 kcal"))
    #expect(report.facts.contains { $0.id == "goal_calories" && $0.value.exactText == "2000" })
    let goalTable = try #require(F.table("goal-calories", in: report))
    #expect(goalTable.rows.map { $0.cells[0].display } == ["2026-11-16", "2026-11-18"])
    #expect(goalTable.rows.map { $0.cells[4].display } == ["under", "under"])
  }

  @Test func caloriesPerDayChartHasNoGoalWithoutGoals() throws {
    let chart = try #require(F.weekReport().charts.first { $0.id == "calories-per-day" })
    #expect(chart.goal == nil)
    #expect(!chart.summary.contains("goal"))
  }

  @Test func confidenceHistogramCountsEveryEntry() throws {
    let chart = try #require(F.weekReport().charts.first { $0.id == "confidence-histogram" })
    #expect(chart.points.count == 10)
    #expect(chart.points.map(\.value).reduce(0, +) == 4)
    #expect(chart.points[3].label == "0.3–0.4")
    #expect(chart.points[3].value == 1)
  }

  @Test func topFoodsAndMealsTables() throws {
    let report = F.weekReport()
    let top = try #require(F.table("top-foods-by-calories", in: report))
    #expect(top.rows.map { $0.cells[0].display } == ["mystery stew", "sandwich", "oatmeal", "apple"])
    let meals = try #require(F.table("meals", in: report))
    #expect(meals.rows.map { $0.cells[0].display } == ["breakfast", "lunch", "dinner"])
    #expect(meals.rows[0].cells[2].exactText == "395")
  }

  @Test func skippedLinesBecomeANoteAndAFact() {
    let report = F.bucketReport(
      .week, F.period("2026-11-16", "2026-11-22"), entries: F.entries(F.weekRows), skippedLines: 3
    ).report
    #expect(report.notes == ["3 invalid journal lines were skipped; run 'demeter-report check' to see them."])
    #expect(report.facts.last?.id == "skipped_lines")
    #expect(report.facts.last?.value.exactText == "3")
    #expect(F.weekReport().notes.isEmpty)
  }

  @Test func monthReportHasOneRowPerMonth() throws {
    let report = F.bucketReport(.month, F.period("2026-11-01", "2026-11-30"), entries: F.entries(F.weekRows))
      .report
    let table = try #require(report.primaryTable)
    #expect(table.columns.first?.id == "month")
    #expect(table.columns.map(\.id).contains("month_start"))
    #expect(table.rows.map { $0.cells[0].display } == ["2026-11"])
    #expect(F.cell(table, row: 0, "days_logged")?.exactText == "2")
    #expect(report.title == "Month 2026-11")
  }
}

/// A report built for a format that shows only the primary table has exactly the full report's
/// primary table (CSV output is the same either way).
@Suite struct PrimaryTableReportTests {
  typealias F = JournalFixtures

  @Test(arguments: [ReportKind.day, .week, .month, .year, .range])
  func primaryTableEqualsTheFullReports(kind: ReportKind) {
    let entries = F.entries(
      F.weekRows + [F.entry("2026-11-24", "09:00", id: "e5", calories: "250", confidence: "0.5", line: 5)])
    let size: BucketSize =
      switch kind {
      case .week: .week(.monday)
      case .month: .month
      case .year: .year
      default: .day
      }
    let options = AggregationOptions(reviewLimit: 2)
    let digests = JournalDigests(entries: entries, rules: DigestRules(options))
    let asked = F.period("2026-11-09", "2026-11-29")
    let context = F.context(options: options)
    let full = ReportBuilder.bucketReport(
      kind, asked: asked, bucketSize: size, digests: digests, context: context)
    let primary = ReportBuilder.bucketReport(
      kind, asked: asked, bucketSize: size, digests: digests, context: context, parts: .primaryTable)
    #expect(primary.tables.count == 1)
    #expect(primary.primaryTable == full.primaryTable)
    #expect(primary.title == full.title)
    #expect(primary.period == full.period)
    #expect(primary.facts == full.facts)
  }
}
