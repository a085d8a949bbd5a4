import DemeterCore

extension ReportBuilder {
  /// Periods up to this many days get a table of their days (week and month reports).
  static let dayTableLimit = 62
  /// `day` reports of up to this many days list what was eaten.
  public static let eatenDayLimit = 7

  /// A day, week, month, year or range report of a journal's day digests over `asked`, widened to
  /// whole buckets of `bucketSize` (a run of more than `Period.maximumEmptyRun` empty buckets is
  /// one gap row). Day summaries are computed only when the report shows days.
  /// The digests must have been made under `DigestRules(context.options)`. With `recipes`, the
  /// whole report gets the recipes eaten (`recipeTables`), looked up there.
  public static func bucketReport(
    _ kind: ReportKind, asked: Period, bucketSize: BucketSize, digests: JournalDigests,
    context: ReportContext,
    parts: ReportParts = .everything, recipes: RecipeLookup? = nil
  ) -> ReportModel {
    let buckets = asked.buckets(bucketSize, logged: digests.days(in: asked).lazy.map { Int($0.day) })
    let widened = Period(first: buckets.first!.first, last: buckets.last!.last)
    let previous = Period.bucket(containing: widened.first.adding(days: -1), bucketSize)
    let everything = parts == .everything
    // The moving average only where calories are charted per day.
    let trend = everything && widened.dayCount <= dailyChartLimit
    let aggregate = digests.summarize(
      buckets: buckets, previous: previous, options: context.options, detail: everything,
      trend: trend && bucketSize == .day)
    let days: PeriodAggregate?
    if bucketSize == .day {
      days = aggregate
    } else if everything, widened.dayCount <= max(dayTableLimit, dailyChartLimit) {
      days = digests.summarize(buckets: widened.buckets(.day), options: context.options, trend: trend)
    } else {
      days = nil
    }
    var inputs = BucketInputs(
      kind: kind, period: widened, bucketSize: bucketSize, buckets: aggregate, days: days, context: context)
    if kind == .day, everything, widened.dayCount <= eatenDayLimit {
      var rows: [ReportTableRow] = []
      digests.forEachDate(ofExportedEntriesIn: widened) { rows += entryRows($0) }
      inputs.eaten = eatenTable(rows, days: widened.dayCount)
    }
    guard everything else { return primaryTableReport(inputs) }
    let report = bucketReport(inputs)
    guard let recipes else { return report }
    return inserting(recipeTables(digests: digests, period: widened, lookup: recipes), into: report)
  }

  static func bucketReport(_ inputs: BucketInputs) -> ReportModel {
    let whole = inputs.buckets.whole
    let perDayRows = inputs.kind == .day || inputs.kind == .range
    var tables = [bucketTable(inputs)] + (inputs.eaten.map { [$0] } ?? []) + [confidenceTable(whole)]
    if !perDayRows, inputs.buckets.buckets.count > 1 { tables.append(changeTable(inputs)) }
    if !perDayRows, inputs.period.dayCount <= dayTableLimit, let days = inputs.days {
      tables.append(dayTable(days.buckets))
    }
    tables += detailTables(whole)
    if let targets = inputs.context.targets {
      tables.append(intakeTable(NutrientIntake.intakes(of: whole, targets: targets)))
    }
    let split: ReportBreakdown? = inputs.context.breakdown.map { breakdown(inputs, $0) }
    var report = ReportModel(
      kind: inputs.kind, title: title(inputs),
      period: ReportPeriod(first: inputs.period.first.description, last: inputs.period.last.description),
      facts: facts(inputs.context), summary: summary(whole, previousChange: singleBucketChange(inputs)),
      tables: tables + (split?.buckets.map { $0.table } ?? []),
      charts: charts(inputs) + (split.map { breakdownCharts($0) } ?? []),
      lists: lists(whole, options: inputs.context.options), notes: notes(inputs.context))
    report.breakdown = split
    return report
  }

  /// The report with its primary table only, for formats that show nothing else: the bucket
  /// table, or with a split (`--by`) the table of every bucket's rows.
  static func primaryTableReport(_ inputs: BucketInputs) -> ReportModel {
    let split: ReportBreakdown? = inputs.context.breakdown.map { breakdown(inputs, $0) }
    var report = ReportModel(
      kind: inputs.kind, title: title(inputs),
      period: ReportPeriod(first: inputs.period.first.description, last: inputs.period.last.description),
      facts: facts(inputs.context), tables: [split?.table ?? bucketTable(inputs)], notes: notes(inputs.context))
    report.breakdown = split
    return report
  }

  /// The change against the bucket before, when the report has a single bucket.
  private static func singleBucketChange(_ inputs: BucketInputs) -> DailyChange? {
    inputs.buckets.buckets.count == 1 ? inputs.buckets.buckets[0].change : nil
  }

  private static func title(_ inputs: BucketInputs) -> String {
    let buckets = inputs.buckets.buckets
    let noun: String
    switch inputs.kind {
    case .day: noun = "Day"
    case .week: noun = "Week"
    case .month: noun = "Month"
    case .year: noun = "Year"
    default: return "Food journal \(inputs.period)"
    }
    guard let first = buckets.first?.range.first, let last = buckets.last?.range.last else { return noun }
    let firstLabel = Period.bucketLabel(of: first, inputs.bucketSize)
    let lastLabel = Period.bucketLabel(of: last, inputs.bucketSize)
    return firstLabel == lastLabel ? "\(noun) \(firstLabel)" : "\(noun)s \(firstLabel) to \(lastLabel)"
  }

  // MARK: - The primary table

  /// One row per bucket, with the stable CSV columns of the manual's `reports` topic / `shared/bench/QUERY.md`.
  static func bucketTable(_ inputs: BucketInputs) -> ReportTable {
    let daily = inputs.kind == .day || inputs.kind == .range
    let label = daily ? "date" : inputs.kind.rawValue
    let title = label.prefix(1).uppercased() + label.dropFirst()
    var columns = [ReportColumn(id: label, title: daily ? "Date" : title, isNumeric: false)]
    if !daily {
      columns.append(
        ReportColumn(id: "\(label)_start", title: "Start", isNumeric: false, shownToReaders: false))
    }
    columns.append(ReportColumn(id: "entries", title: "Entries", isNumeric: true))
    if !daily { columns.append(ReportColumn(id: "days_logged", title: "Days", isNumeric: true)) }
    columns += totalColumns
    if !daily { columns.append(ReportColumn(id: "avg_daily_calories", title: "kcal/day", isNumeric: true)) }
    columns += [
      ReportColumn(id: "confidence_mean", title: "Conf.", isNumeric: true),
      ReportColumn(id: "confidence_min", title: "Min conf.", isNumeric: true, shownToReaders: false),
      ReportColumn(id: "confidence_max", title: "Max conf.", isNumeric: true, shownToReaders: false),
      ReportColumn(id: "low_confidence_entries", title: "Low", isNumeric: true),
    ]
    let source = daily ? inputs.days?.buckets ?? inputs.buckets.buckets : inputs.buckets.buckets
    let rows = source.map { bucket -> ReportTableRow in
      let confidence = bucket.confidence
      var cells = [
        ReportCell.text(Period.bucketLabel(of: bucket.range, daily ? .day : inputs.bucketSize))
      ]
      if !daily { cells.append(.text(bucket.range.first.description)) }
      cells.append(.count(bucket.entries))
      if !daily { cells.append(.count(bucket.daysLogged)) }
      cells += totalCells(bucket.totals)
      if !daily {
        cells.append(
          bucket.daysLogged == 0
            ? .missing : .number(.ratio(bucket.totals.calories, bucket.daysLogged), decimals: 0))
      }
      cells += [
        confidence.count == 0 ? .missing : .number(.ratio(confidence.sum, confidence.count), decimals: 2),
        confidence.minimum.map { .number(.exact(FixedSum($0)), decimals: 2) } ?? .missing,
        confidence.maximum.map { .number(.exact(FixedSum($0)), decimals: 2) } ?? .missing,
        .count(confidence.lowCount),
      ]
      return ReportTableRow(role: bucket.entries == 0 ? .empty : .item, cells: cells)
    }
    return ReportTable(
      id: daily ? "days" : "\(inputs.kind.rawValue)s", caption: daily ? "Days" : "\(title)s",
      columns: columns, rows: rows)
  }

  /// One row per bucket of a report of several: its calendar days beside its logged days, and the
  /// change of its daily averages against the bucket before (exact; in percent for kcal/day).
  static func changeTable(_ inputs: BucketInputs) -> ReportTable {
    let kind = inputs.kind.rawValue
    var columns = [
      ReportColumn(id: kind, title: kind.prefix(1).uppercased() + kind.dropFirst(), isNumeric: false),
      ReportColumn(id: "days_in_\(kind)", title: "Days", isNumeric: true),
      ReportColumn(id: "days_logged", title: "Logged", isNumeric: true),
      ReportColumn(id: "avg_daily_calories", title: "kcal/day", isNumeric: true),
      ReportColumn(id: "change_avg_daily_calories", title: "±kcal/day", isNumeric: true),
      ReportColumn(id: "change_avg_daily_calories_percent", title: "±%", isNumeric: true),
    ]
    columns += Nutrient.macronutrients.map {
      ReportColumn(id: "change_avg_daily_\($0.key)", title: "±" + $0.reportTitle, isNumeric: true)
    }
    let rows = inputs.buckets.buckets.map { bucket -> ReportTableRow in
      let average = ExactFraction.mean(bucket.totals.calories, count: bucket.daysLogged)
      var cells: [ReportCell] = [
        .text(Period.bucketLabel(of: bucket.range, inputs.bucketSize)), .count(bucket.daysInBucket),
        .count(bucket.daysLogged), average.map { .number(.fraction($0), decimals: 0) } ?? .missing,
      ]
      if let change = bucket.change, let average {
        let before = average - change.calories
        let relative = before.flatMap { change.calories / $0 }.flatMap { $0.scaled(by: 100) }
        cells += [
          .number(.fraction(change.calories), decimals: 0),
          relative.map { .number(.fraction($0), decimals: 1) } ?? .missing,
        ]
        cells += Nutrient.macronutrients.map { .number(.fraction(change[$0]), decimals: $0.readingDecimals) }
      } else {
        cells += Array(repeating: .missing, count: columns.count - cells.count)
      }
      return ReportTableRow(role: bucket.entries == 0 ? .empty : .item, cells: cells)
    }
    return ReportTable(
      id: "\(kind)s-change", caption: "Days logged and the change per day against the \(kind) before",
      columns: columns, rows: rows)
  }

  /// One row per day, for week and month reports.
  static func dayTable(_ days: [BucketSummary]) -> ReportTable {
    let columns =
      [
        ReportColumn(id: "date", title: "Date", isNumeric: false),
        ReportColumn(id: "weekday", title: "Day", isNumeric: false),
        ReportColumn(id: "entries", title: "Entries", isNumeric: true),
      ] + totalColumns + [
        ReportColumn(id: "uncertain_calories", title: "Unsure", isNumeric: true),
        ReportColumn(id: "confidence_mean", title: "Conf.", isNumeric: true),
      ]
    let rows = days.map { day -> ReportTableRow in
      let confidence = day.confidence
      return ReportTableRow(
        role: day.entries == 0 ? .empty : .item,
        cells: [.text(day.range.first.description), .text(weekdayName(day.range.first)), .count(day.entries)]
          + totalCells(day.totals) + [
            kcal(confidence.lowConfidenceCalories),
            confidence.count == 0 ? .missing : .number(.ratio(confidence.sum, confidence.count), decimals: 2),
          ])
    }
    return ReportTable(id: "daily", caption: "Days", columns: columns, rows: rows)
  }

  // MARK: - Cells

  /// A column per nutrient every entry states (`Nutrient.required`), titled for reports.
  static let totalColumns = Nutrient.required.map {
    ReportColumn(id: $0.key, title: $0.reportTitle, isNumeric: true)
  }

  /// The cells of `totalColumns`: each total exact, shown with the nutrient's reading decimals.
  static func totalCells(_ totals: NutrientTotals) -> [ReportCell] {
    Nutrient.required.map { .number(.exact(totals[$0]), decimals: $0.readingDecimals) }
  }

  static func kcal(_ value: FixedSum) -> ReportCell { .number(.exact(value), decimals: 0) }

  static func grams(_ value: FixedSum) -> ReportCell { .number(.exact(value), decimals: 1) }

  static func percent(_ share: Double) -> ReportCell { .number(.derived(share * 100), decimals: 0) }

  static let weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

  static func weekdayName(_ date: CivilDate) -> String { weekdayNames[date.weekday - 1] }
}
