import DemeterCore

/// The `nutrients` and `body` reports of a cohort (manual: many-journals, targets, body-log): how
/// many people meet each nutrient target or pass an upper limit, and each person's trend change.
extension ReportBuilder {
  /// One person's body log over the period: the trend over it and the expenditure estimate, a few
  /// numbers kept in place of the log.
  public struct PersonBody: Sendable {
    public var name: String
    public var stretch: BodyTrend.Stretch
    public var expenditure: EnergyExpenditure

    public init(name: String, stretch: BodyTrend.Stretch, expenditure: EnergyExpenditure) {
      self.name = name
      self.stretch = stretch
      self.expenditure = expenditure
    }
  }

  /// `nutrients` over a cohort: one row per nutrient any person has a target for or logged (in the
  /// order of the single report), with how many people's intake is known, how many of them have a
  /// target, meet it (per-day intake at least the target) and pass an upper limit that concerns food
  /// (a share of those with such a limit), from the people's intakes folded into `tally`.
  public static func cohortNutrientsReport(period: Period, tally: CohortIntakeTally, context: ReportContext)
    -> ReportModel
  {
    let share = { (part: Int, whole: Int) -> ReportCell in
      whole == 0 ? .missing : .number(.fraction(ExactFraction(Int128(part) * 100, over: Int128(whole))), decimals: 0)
    }
    let rows = tally.nutrients.map { counts in
      nutrientRow(
        counts.label,
        [
          .count(counts.known), .count(counts.withTarget), .count(counts.meeting),
          share(counts.meeting, counts.withTarget), .count(counts.aboveLimit),
          share(counts.aboveLimit, counts.withFoodLimit),
        ])
    }
    let table = ReportTable(
      id: "cohort-nutrients", caption: "People meeting each target",
      columns: nutrientColumns([
        ReportColumn(id: "people_known", title: "Known", isNumeric: true),
        ReportColumn(id: "people_with_target", title: "With target", isNumeric: true),
        ReportColumn(id: "meeting_target", title: "Meeting", isNumeric: true),
        ReportColumn(id: "meeting_target_percent", title: "% meeting", isNumeric: true),
        ReportColumn(id: "above_limit", title: "Above limit", isNumeric: true),
        ReportColumn(id: "above_limit_percent", title: "% above limit", isNumeric: true),
      ]), rows: rows)
    return cohortPeopleReport(
      .nutrients, title: "Nutrients \(period), \(tally.people) people", period: period, context: context,
      summary: [
        ReportFact(id: "people", label: "People", value: .count(tally.people)),
        ReportFact(
          id: "targets_met_by_all", label: "Targets every person with it meets", value: .count(tally.metByAll)),
      ],
      table: table,
      note: "Each person's intake is their days' exact total over the period divided by their logged days, "
        + "against their own targets ('help targets'); % meeting is of the people with a target and a "
        + "known intake, % above limit of the people with a known intake and an upper limit that concerns food.")
  }

  /// `body` over a cohort: one row per person with their weigh-in days in the period, the trend at
  /// its first and last day with a trend, the change between them and per week, and the energy
  /// expenditure estimated over the window ending at the period's last day.
  public static func cohortBodyReport(period: Period, people: [PersonBody], context: ReportContext) -> ReportModel {
    let rows = people.map { person in
      let stretch = person.stretch
      return ReportTableRow(cells: [
        .text(person.name), .count(stretch.weighInDays), stretch.first.map { kilogramsCell($0.trend) } ?? .missing,
        stretch.last.map { kilogramsCell($0.trend) } ?? .missing, trendChangeCell(stretch), weeklyRateCell(stretch),
        expenditureCell(person.expenditure), expenditureBandCell(person.expenditure),
      ])
    }
    let table = ReportTable(
      id: "cohort-body", caption: "Each person's trend",
      columns: [
        ReportColumn(id: "person", title: "Person", isNumeric: false),
        ReportColumn(id: "weigh_in_days", title: "Weigh-in days", isNumeric: true),
        ReportColumn(id: "first_trend_kg", title: "Trend first, kg", isNumeric: true),
        ReportColumn(id: "last_trend_kg", title: "Trend last, kg", isNumeric: true),
        ReportColumn(id: "trend_change_kg", title: "Change, kg", isNumeric: true),
        ReportColumn(id: "weekly_rate_kg", title: "A week, kg", isNumeric: true),
        ReportColumn(id: "expenditure_kcal", title: "Expenditure, kcal/day", isNumeric: true),
        ReportColumn(id: "expenditure_band_kcal", title: "Band, ± kcal", isNumeric: true),
      ], rows: rows)
    return cohortPeopleReport(
      .body, title: "Body, \(period.description), \(people.count) people", period: period, context: context,
      summary: [
        ReportFact(id: "people", label: "People", value: .count(people.count)),
        ReportFact(
          id: "people_with_trend", label: "People with a trend", value: .count(people.count { $0.stretch.last != nil })),
      ],
      table: table,
      note: "The trend and the expenditure are each person's, as their own body report gives them ('help body-log'); "
        + "a person without a weigh-in in the period has no trend.")
  }

  /// The shape both cohort reports share: `table` under `title`, the cohort's facts, `summary`, and
  /// the context's notes with `note`.
  private static func cohortPeopleReport(
    _ kind: ReportKind, title: String, period: Period, context: ReportContext, summary: [ReportFact],
    table: ReportTable, note: String
  ) -> ReportModel {
    ReportModel(
      kind: kind, title: title, period: ReportPeriod(first: period.first.description, last: period.last.description),
      facts: facts(context), summary: summary, tables: [table], notes: notes(context) + [note])
  }
}
