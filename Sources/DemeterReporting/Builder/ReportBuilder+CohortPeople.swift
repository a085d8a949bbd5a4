import DemeterCore

/// The `nutrients` and `body` reports of a cohort (manual: many-journals, targets, body-log): how
/// many people meet each nutrient target or pass an upper limit, and each person's trend change.
extension ReportBuilder {
  /// One person's nutrient intakes over the period, against their own targets.
  public struct PersonIntakes: Sendable {
    public var name: String
    public var intakes: [NutrientIntake]

    public init(name: String, intakes: [NutrientIntake]) {
      self.name = name
      self.intakes = intakes
    }
  }

  /// One person's body log over the period: the trend and the expenditure estimate.
  public struct PersonBody: Sendable {
    public var name: String
    public var trend: BodyTrend
    public var expenditure: EnergyExpenditure

    public init(name: String, trend: BodyTrend, expenditure: EnergyExpenditure) {
      self.name = name
      self.trend = trend
      self.expenditure = expenditure
    }
  }

  /// `nutrients` over a cohort: one row per nutrient any person has a target for or logged (in the
  /// order of the single report), with how many people's intake is known, how many of them have a
  /// target, meet it (per-day intake at least the target) and pass an upper limit that concerns food
  /// (a share of those with such a limit).
  public static func cohortNutrientsReport(period: Period, people: [PersonIntakes], context: ReportContext)
    -> ReportModel
  {
    var order: [String] = []
    var byKey: [String: [NutrientIntake]] = [:]
    for person in people {
      for intake in person.intakes {
        if byKey[intake.label.key] == nil { order.append(intake.label.key) }
        byKey[intake.label.key, default: []].append(intake)
      }
    }
    let share = { (part: Int, whole: Int) -> ReportCell in
      whole == 0 ? .missing : .number(.fraction(ExactFraction(Int128(part) * 100, over: Int128(whole))), decimals: 0)
    }
    var meetingAll = 0
    let rows = order.map { key in
      let intakes = byKey[key]!
      let known = intakes.filter { $0.status != .unknown }
      let withTarget = known.filter { $0.shareOfTarget != nil }
      let meeting = withTarget.count { ($0.shareOfTarget.flatMap { $0 - ExactFraction(1) }?.numerator ?? -1) >= 0 }
      let withLimit = known.count { $0.target.upperLimit?.scope.comparesFood ?? false }
      let aboveLimit = known.count { $0.status == .aboveLimit }
      if !withTarget.isEmpty, meeting == withTarget.count { meetingAll += 1 }
      return ReportTableRow(cells: [
        .text(key), .text(intakes[0].label.text), .count(known.count), .count(withTarget.count), .count(meeting),
        share(meeting, withTarget.count), .count(aboveLimit), share(aboveLimit, withLimit),
      ])
    }
    let table = ReportTable(
      id: "cohort-nutrients", caption: "People meeting each target",
      columns: [
        ReportColumn(id: "nutrient", title: "Key", isNumeric: false, shownToReaders: false),
        ReportColumn(id: "name", title: "Nutrient", isNumeric: false),
        ReportColumn(id: "people_known", title: "Known", isNumeric: true),
        ReportColumn(id: "people_with_target", title: "With target", isNumeric: true),
        ReportColumn(id: "meeting_target", title: "Meeting", isNumeric: true),
        ReportColumn(id: "meeting_target_percent", title: "% meeting", isNumeric: true),
        ReportColumn(id: "above_limit", title: "Above limit", isNumeric: true),
        ReportColumn(id: "above_limit_percent", title: "% above limit", isNumeric: true),
      ], rows: rows)
    return ReportModel(
      kind: .nutrients, title: "Nutrients \(period), \(people.count) people",
      period: ReportPeriod(first: period.first.description, last: period.last.description),
      facts: facts(context),
      summary: [
        ReportFact(id: "people", label: "People", value: .count(people.count)),
        ReportFact(
          id: "targets_met_by_all", label: "Targets every person with it meets", value: .count(meetingAll)),
      ],
      tables: [table],
      notes: notes(context) + [
        "Each person's intake is their days' exact total over the period divided by their logged days, "
          + "against their own targets ('help targets'); % meeting is of the people with a target and a "
          + "known intake, % above limit of the people with a known intake and an upper limit that concerns food."
      ])
  }

  /// `body` over a cohort: one row per person with their weigh-in days in the period, the trend at
  /// its first and last day with a trend, the change between them and per week, and the energy
  /// expenditure estimated over the window ending at the period's last day.
  public static func cohortBodyReport(period: Period, people: [PersonBody], context: ReportContext) -> ReportModel {
    let kilograms = { (value: FixedDecimal) in ReportCell.number(.exact(FixedSum(value)), decimals: 1) }
    var withTrend = 0
    let rows = people.map { person in
      let days = person.trend.days.filter { period.contains($0.date) }
      var cells: [ReportCell] = [.text(person.name), .count(days.count { $0.weighIns > 0 })]
      if let first = days.first, let last = days.last {
        withTrend += 1
        let change = FixedDecimal(billionths: last.trend.billionths - first.trend.billionths)
        let span = last.date.dayNumber - first.date.dayNumber
        cells += [
          kilograms(first.trend), kilograms(last.trend), .number(.exact(FixedSum(change)), decimals: 2),
          span > 0
            ? .number(
              .fraction(ExactFraction(Int128(change.billionths) * 7, over: Int128(FixedDecimal.unitsPerOne) * Int128(span))),
              decimals: 2)
            : .missing,
        ]
      } else {
        cells += [.missing, .missing, .missing, .missing]
      }
      cells.append(person.expenditure.expenditure.map { .number(.fraction($0), decimals: 0) } ?? .missing)
      cells.append(person.expenditure.band.map { .number(.derived($0.halfWidth), decimals: 0) } ?? .missing)
      return ReportTableRow(cells: cells)
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
    return ReportModel(
      kind: .body, title: "Body, \(period.description), \(people.count) people",
      period: ReportPeriod(first: period.first.description, last: period.last.description),
      facts: facts(context),
      summary: [
        ReportFact(id: "people", label: "People", value: .count(people.count)),
        ReportFact(id: "people_with_trend", label: "People with a trend", value: .count(withTrend)),
      ],
      tables: [table],
      notes: notes(context) + [
        "The trend and the expenditure are each person's, as their own body report gives them ('help body-log'); "
          + "a person without a weigh-in in the period has no trend."
      ])
  }
}
