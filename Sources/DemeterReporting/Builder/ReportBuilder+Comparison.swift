import DemeterCore

extension ReportBuilder {
  /// `compare`: every summary figure of `first` and `second` side by side, with the change from the
  /// second to the first, exact, and that change in percent of the second (empty where the second
  /// is zero or a figure is missing). The digests must have been made under `DigestRules(context.options)`.
  public static func comparisonReport(
    _ first: Period, _ second: Period, digests: JournalDigests, context: ReportContext,
    parts: ReportParts = .everything
  ) -> ReportModel {
    func summarized(_ period: Period) -> BucketSummary {
      digests.summarize(buckets: [period], options: context.options, detail: false, trend: false).buckets[0]
    }
    let (firstLabel, secondLabel) = (label(first, context.weekStart), label(second, context.weekStart))
    let (firstSummary, secondSummary) = (summarized(first), summarized(second))
    let table = comparisonTable(
      first: (firstLabel, summary(firstSummary, previousChange: nil)),
      second: (secondLabel, summary(secondSummary, previousChange: nil)))
    let split: ReportBreakdown? = context.breakdown.map {
      breakdown(
        [SplitBucket(label: firstLabel, firstSummary), SplitBucket(label: secondLabel, secondSummary)],
        bucketColumn: "period", $0,
        mealOrder: context.options.mealOrder)
    }
    let tables =
      if let split { parts == .everything ? [table] + split.buckets.map(\.table) : [split.table] } else { [table] }
    var report = ReportModel(
      kind: .compare, title: "Compare \(firstLabel) with \(secondLabel)",
      period: ReportPeriod(first: first.first.description, last: first.last.description),
      facts: [
        ReportFact(id: "first_period", label: "Period", value: .text(first.description)),
        ReportFact(id: "second_period", label: "Compared with", value: .text(second.description)),
      ] + facts(context),
      tables: tables, charts: parts == .everything ? split.map { breakdownCharts($0) } ?? [] : [],
      notes: notes(context))
    report.breakdown = split
    return report
  }

  /// A period's name: its label when it is one whole year, month, week or day (`2026-W47`), else
  /// its dates.
  static func label(_ period: Period, _ weekStart: WeekStart) -> String {
    let sizes: [BucketSize] = [.year, .month, .week(weekStart), .day]
    guard let size = sizes.first(where: { Period.bucket(containing: period.first, $0) == period }) else {
      return period.description
    }
    return Period.bucketLabel(of: period.first, size)
  }

  /// One row per figure of either period, in the order of the first; a day and its calories (the
  /// highest day) are two rows, the calories compared and the dates beside each other.
  static func comparisonTable(
    first: (label: String, figures: [ReportFact]), second: (label: String, figures: [ReportFact])
  ) -> ReportTable {
    let (firstFigures, secondFigures) = (splittingDays(first.figures), splittingDays(second.figures))
    var ids = firstFigures.map(\.id)
    ids += secondFigures.map(\.id).filter { !ids.contains($0) }
    let rows = ids.map { id -> ReportTableRow in
      let a = firstFigures.first { $0.id == id }
      let b = secondFigures.first { $0.id == id }
      let label = (a ?? b)!.label
      let change = changeCells(a?.value, b?.value)
      return ReportTableRow(
        cells: [
          .text(label), .text(id), a?.value ?? .missing, b?.value ?? .missing, change.absolute,
          change.relative,
        ])
    }
    return ReportTable(
      id: "comparison", caption: "\(first.label) compared with \(second.label)",
      columns: [
        ReportColumn(id: "measure", title: "Measure", isNumeric: false),
        ReportColumn(id: "id", title: "Id", isNumeric: false, shownToReaders: false),
        ReportColumn(id: "first", title: first.label, isNumeric: true),
        ReportColumn(id: "second", title: second.label, isNumeric: true),
        ReportColumn(id: "change", title: "Change", isNumeric: true),
        ReportColumn(id: "change_percent", title: "Change %", isNumeric: true),
      ],
      rows: rows)
  }

  /// `figures` with each day-and-calories figure (`highest_day`) as its calories (`highest_day`,
  /// "Highest day (kcal)") and its date (`highest_day_date`), so the table's columns stay narrow.
  private static func splittingDays(_ figures: [ReportFact]) -> [ReportFact] {
    figures.flatMap { figure -> [ReportFact] in
      guard let date = figure.value.date, let calories = figure.value.number else { return [figure] }
      return [
        ReportFact(id: figure.id, label: "\(figure.label) (kcal)", value: .number(calories, decimals: 0)),
        ReportFact(id: "\(figure.id)_date", label: "\(figure.label), date", value: .text(date)),
      ]
    }
  }

  /// `a − b` shown as precisely as `a`, and `(a − b) / b` in percent with one decimal; missing
  /// where either is not a number, or (the percentage) where `b` is zero.
  static func changeCells(_ a: ReportCell?, _ b: ReportCell?) -> (absolute: ReportCell, relative: ReportCell)
  {
    guard let a, let b, let now = a.number?.exactFraction, let then = b.number?.exactFraction,
      let difference = now - then
    else { return (.missing, .missing) }
    let relative = (difference / then).flatMap { $0.scaled(by: 100) }
    return (
      .number(.fraction(difference), decimals: shownDecimals(a)),
      relative.map { .number(.fraction($0), decimals: 1) } ?? .missing
    )
  }

  /// The decimals a number cell is shown with (those of its display text).
  private static func shownDecimals(_ cell: ReportCell) -> Int {
    guard let dot = cell.display.lastIndex(of: ".") else { return 0 }
    return cell.display.distance(from: cell.display.index(after: dot), to: cell.display.endIndex)
  }
}
