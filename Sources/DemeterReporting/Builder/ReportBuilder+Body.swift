import DemeterCore

extension ReportBuilder {
  /// `body`: the weigh-ins of `period` with their trend weight, the trend's weekly rate and the
  /// energy expenditure estimated over `expenditure`'s window (manual: body-log). One row per day of the
  /// period (weight, weigh-ins, trend, logged calories), a chart of weight with the trend line and
  /// one of intake against the estimated expenditure.
  public static func bodyReport(
    period: Period, trend: BodyTrend, totals: some Sequence<DigestTotals>, expenditure: EnergyExpenditure,
    context: ReportContext
  ) -> ReportModel {
    var intake: [CivilDate: DigestTotals] = [:]
    for day in totals where period.contains(day.date) && day.entries > 0 { intake[day.date] = day }
    // The days shown start at the first with a weigh-in or a logged meal (the whole period when none has).
    let firstWithData = period.days().first { intake[$0] != nil || (trend.day($0)?.weighIns ?? 0) > 0 }
    let shown = Period(first: firstWithData ?? period.first, last: period.last)
    // The weight chart's bars stand on a whole kilogram below the lowest weight or trend it shows.
    let lowest = shown.days().compactMap { trend.day($0).map { min($0.weight ?? $0.trend, $0.trend) } }.min()
    let baseline = lowest.map { Int64(($0.doubleValue - 1).rounded(.down)) } ?? 0
    // How far `kilograms` is above the baseline, exactly until the one conversion.
    let aboveBaseline = { (kilograms: FixedDecimal) in
      FixedDecimal(billionths: kilograms.billionths - baseline * FixedDecimal.unitsPerOne).doubleValue
    }
    var rows: [ReportTableRow] = []
    var weights: [ChartPoint] = []
    var trendLine: [Double?] = []
    var eaten: [ChartPoint] = []
    for date in shown.days() {
      let day = trend.day(date)
      let calories = intake[date].map { $0[.calories] }
      let weighed = day.flatMap { $0.weighIns > 0 ? $0.weight : nil }
      rows.append(
        ReportTableRow(
          role: weighed == nil && calories == nil ? .empty : .item,
          cells: [
            .text(date.description), weighed.map(kilogramsCell) ?? .missing, .count(day?.weighIns ?? 0),
            day.map { kilogramsCell($0.trend) } ?? .missing,
            calories.map { .number(.exact($0), decimals: 0) } ?? .missing,
          ]))
      let label = "\(weekdayName(date)) \(date.day)"
      weights.append(
        ChartPoint(
          label: label, value: weighed.map(aboveBaseline) ?? 0,
          display: weighed.map { "\(DecimalText.rounded($0.doubleValue, decimals: 1)) kg" } ?? "no weigh-in"))
      trendLine.append(day.map { aboveBaseline($0.trend) })
      eaten.append(
        ChartPoint(
          label: label, value: calories?.divided(by: 1) ?? 0,
          display: calories.map { "\(DecimalText.rounded($0.divided(by: 1), decimals: 0)) kcal" }
            ?? "not logged"))
    }
    let table = ReportTable(
      id: "days", caption: "Days",
      columns: [
        ReportColumn(id: "date", title: "Date", isNumeric: false),
        ReportColumn(id: "weight_kg", title: "Weight, kg", isNumeric: true),
        ReportColumn(id: "weigh_ins", title: "Weigh-ins", isNumeric: true),
        ReportColumn(id: "trend_kg", title: "Trend, kg", isNumeric: true),
        ReportColumn(id: "calories", title: "Eaten, kcal", isNumeric: true),
      ], rows: rows)
    let estimate = expenditure.expenditure
    let charts = [
      ReportChart(
        id: "weight-trend", kind: .bars, title: "Weight and trend, kg above \(baseline)",
        summary:
          "Each day's weigh-in as a bar and the trend weight as a line, in kg above \(baseline) kg.",
        unit: "+\(baseline) kg", points: weights,
        line: ChartLine(label: "trend", values: trendLine), barLabel: "weigh-in"),
      ReportChart(
        id: "intake-expenditure", kind: .bars, title: "Eaten against estimated expenditure",
        summary:
          "Each logged day's calories as a bar, and the estimated daily expenditure as a line.",
        unit: "kcal", points: eaten,
        line: estimate.map { estimate in
          ChartLine(
            label: "estimated expenditure",
            values: Array(repeating: estimate.doubleValue.rounded(), count: eaten.count))
        }, barLabel: "eaten"),
    ]
    return ReportModel(
      kind: .body, title: "Body, \(period.description)",
      period: ReportPeriod(first: period.first.description, last: period.last.description),
      facts: facts(context) + [
        ReportFact(
          id: "expenditure_window", label: "Expenditure window", value: .text(expenditure.window.description)),
        ReportFact(
          id: "kcal_per_kg", label: "Energy per kg of trend change",
          value: .count(EnergyExpenditure.kilocaloriesPerKilogram)),
      ],
      summary: bodySummary(period: period, trend: trend, expenditure: expenditure),
      tables: [table], charts: charts,
      notes: notes(context) + bodyNotes(trend: trend, expenditure: expenditure))
  }

  /// The body report's figures: the last weigh-in and trend of the period, the trend's weekly rate,
  /// and the expenditure with its band.
  static func bodySummary(period: Period, trend: BodyTrend, expenditure: EnergyExpenditure) -> [ReportFact] {
    let stretch = trend.stretch(period)
    var figures: [ReportFact] = []
    if let weight = stretch.lastWeight {
      figures.append(ReportFact(id: "last_weight_kg", label: "Last weigh-in, kg", value: kilogramsCell(weight)))
    }
    if let last = stretch.last {
      figures.append(ReportFact(id: "trend_kg", label: "Trend, kg", value: kilogramsCell(last.trend)))
      if stretch.weeklyRate != nil {
        figures.append(
          ReportFact(id: "weekly_rate_kg", label: "Trend change a week, kg", value: weeklyRateCell(stretch)))
      }
    }
    figures.append(
      ReportFact(id: "weigh_in_days", label: "Weigh-in days", value: .count(stretch.weighInDays)))
    figures.append(
      ReportFact(
        id: "window_logged_days", label: "Logged days in the window", value: .count(expenditure.loggedDays)))
    figures.append(
      ReportFact(
        id: "window_weigh_in_days", label: "Weigh-in days in the window",
        value: .count(expenditure.weighInDays)))
    guard expenditure.expenditure != nil, expenditure.band != nil else {
      figures.append(
        ReportFact(
          id: "expenditure_kcal", label: "Estimated expenditure, kcal/day",
          value: .text("not enough data: \(expenditure.notEnoughData ?? "")")))
      return figures
    }
    figures.append(
      ReportFact(
        id: "window_mean_intake_kcal", label: "Mean intake on logged days, kcal",
        value: .number(.fraction(expenditure.meanIntake), decimals: 0)))
    figures.append(
      ReportFact(
        id: "window_trend_change_kg", label: "Trend change in the window, kg",
        value: .number(.exact(FixedSum(expenditure.trendChange)), decimals: 2)))
    figures.append(
      ReportFact(
        id: "expenditure_kcal", label: "Estimated expenditure, kcal/day", value: expenditureCell(expenditure)))
    figures.append(
      ReportFact(
        id: "expenditure_band_kcal", label: "Expenditure band, ± kcal/day",
        value: expenditureBandCell(expenditure)))
    return figures
  }

  /// What a reader should know: no weigh-ins at all, or why there is no estimate.
  static func bodyNotes(trend: BodyTrend, expenditure: EnergyExpenditure) -> [String] {
    if trend.days.isEmpty {
      return ["The body log has no weigh-ins; add one with 'demeter-report add --weight KG'."]
    }
    if let missing = expenditure.notEnoughData {
      return ["No expenditure estimate for \(expenditure.window.description): \(missing)."]
    }
    return []
  }
}
