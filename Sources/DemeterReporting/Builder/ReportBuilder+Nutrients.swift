import DemeterCore

/// The `nutrients` report (manual: targets): each nutrient's intake per logged day against the
/// person's target and upper limit, the macronutrient split against its ranges, and the foods that
/// gave most of each nutrient below target.
extension ReportBuilder {
  /// How many foods are named for each nutrient below target.
  public static let contributorsShown = 3

  /// The report of `intakes` over `period` (`summary` its whole period's), for `targets`;
  /// `contributors` sums the foods of the nutrients below target.
  public static func nutrientsReport(
    period: Period, summary: BucketSummary, intakes: [NutrientIntake], targets: NutrientTargets,
    contributors: NutrientContributors, context: ReportContext
  ) -> ReportModel {
    var notes: [String] = []
    if let problem = targets.problem {
      notes.append("No reference intakes: \(problem); only the journal's own targets are shown.")
    }
    notes += energyNotes(targets)
    if intakes.contains(where: { $0.target.upperLimit.map { !$0.scope.comparesFood } ?? false }) {
      notes.append(
        "Upper limits marked 'supplements' or 'preformed' concern supplements, fortified foods or preformed "
          + "vitamin A only; food totals are not compared with them.")
    }
    return ReportModel(
      kind: .nutrients, title: "Nutrients \(period)",
      period: ReportPeriod(first: period.first.description, last: period.last.description),
      facts: facts(context) + [
        ReportFact(
          id: "life_stage_group", label: "Reference group", value: .text(targets.group?.id ?? "none"))
      ],
      summary: [
        ReportFact(id: "days_logged", label: "Days logged", value: .count(summary.daysLogged)),
        ReportFact(id: "days", label: "Days in period", value: .count(summary.daysInBucket)),
        ReportFact(
          id: "below_target", label: "Nutrients below target",
          value: .count(intakes.count { $0.status == .below })),
        ReportFact(
          id: "above_limit", label: "Nutrients above an upper limit",
          value: .count(intakes.count { $0.status == .aboveLimit })),
        ReportFact(
          id: "unknown", label: "Nutrients with a target nobody logged",
          value: .count(intakes.count { $0.status == .unknown && $0.target.amount != nil })),
      ],
      tables: [
        intakeTable(intakes),
        energyRangeTable(
          summary.macroSplit, ranges: targets.energyRanges, energy: targets.kilocalories,
          logged: summary.daysLogged > 0),
        contributorTable(intakes, contributors, days: summary.daysLogged),
      ],
      notes: notes)
  }

  /// One row per nutrient: per day, target, its basis, % of target, upper limit, status (the
  /// `nutrients` report's first table, and the period reports' when the person has targets).
  static func intakeTable(_ intakes: [NutrientIntake]) -> ReportTable {
    let rows = intakes.map { intake in
      let decimals = intake.label.decimals
      let limit = intake.target.upperLimit
      return nutrientRow(intake.label, [
        intake.average.map { .number(.fraction($0), decimals: decimals) } ?? .text("unknown"),
        intake.target.amount.map { .number(.exact(FixedSum($0)), decimals: decimals) } ?? .missing,
        .text(intake.target.origin?.rawValue ?? ""),
        intake.shareOfTarget.flatMap { $0 / ExactFraction(1, over: 100) }.map {
          .number(.fraction($0), decimals: 0)
        }
          ?? .missing,
        limit.map { .number(.exact(FixedSum($0.amount)), decimals: decimals) } ?? .missing,
        .text(limit.map { $0.scope.comparesFood ? "" : $0.scope.rawValue } ?? ""),
        .text(intake.status.rawValue),
      ])
    }
    return ReportTable(
      id: "nutrients", caption: "Intake per logged day against target",
      columns: nutrientColumns([
        ReportColumn(id: "per_day", title: "Per day", isNumeric: true),
        ReportColumn(id: "target", title: "Target", isNumeric: true),
        ReportColumn(id: "basis", title: "Basis", isNumeric: false),
        ReportColumn(id: "percent_of_target", title: "% of target", isNumeric: true),
        ReportColumn(id: "upper_limit", title: "Upper limit", isNumeric: true),
        ReportColumn(id: "limit_applies_to", title: "Limit for", isNumeric: false),
        ReportColumn(id: "status", title: "Status", isNumeric: false),
      ]), rows: rows)
  }

  /// Where the energy target comes from, or why there is none: the profile's energy requirement
  /// and what it was found from, unless the journal's own `calories` target replaces it.
  static func energyNotes(_ targets: NutrientTargets) -> [String] {
    let energy = targets.energy
    if targets.targets.contains(where: { $0.key == Nutrient.calories.key && $0.origin == .own }) {
      return []
    }
    guard let kilocalories = energy.kilocalories, let weight = energy.weight else {
      return ["No energy target: \(energy.problem.map(String.init(describing:)) ?? "no energy equation")."]
    }
    let source =
      switch weight.source {
      case .trend(let date): "the body log's trend weight on \(date)"
      case .profile: "the profile's weight"
      }
    return [
      "Energy target: \(DecimalText.rounded(kilocalories.doubleValue, decimals: 0)) kcal, the Estimated Energy "
        + "Requirement (Dietary Reference Intakes for Energy, 2023) for the profile's sex, age and height, the "
        + "activity level '\(energy.activity.rawValue)' and \(weight.kilograms) kg (\(source)); the "
        + "macronutrient ranges in grams are of that energy."
    ]
  }

  /// The share of energy from protein, carbohydrates and fat against the acceptable ranges, and the
  /// ranges in grams a day when there is an energy target (`energy` kcal × percent ÷ kcal a gram).
  private static func energyRangeTable(
    _ split: MacroSplit, ranges: [(nutrient: Nutrient, percent: ClosedRange<Int>)], energy: FixedDecimal?,
    logged: Bool
  ) -> ReportTable {
    let grams = { (nutrient: Nutrient, percent: Int) -> ReportCell in
      guard let energy, let perGram = nutrient.kcalPerGram else { return .missing }
      return .number(
        .fraction(
          ExactFraction(
            Int128(energy.billionths) * Int128(percent),
            over: Int128(FixedDecimal.unitsPerOne) * 100 * Int128(perGram))),
        decimals: 0)
    }
    let shares: [Nutrient: Double] = [
      .protein: split.protein, .carbohydrates: split.carbohydrates, .fat: split.fat,
    ]
    let rows = ranges.map { nutrient, range in
      let share = shares[nutrient]! * 100
      let status =
        !logged
        ? "unknown"
        : share < Double(range.lowerBound) ? "below" : share > Double(range.upperBound) ? "above" : "within"
      return ReportTableRow(cells: [
        .text(nutrient.name), logged ? .number(.derived(share), decimals: 0) : .text("unknown"),
        .count(range.lowerBound), .count(range.upperBound), grams(nutrient, range.lowerBound),
        grams(nutrient, range.upperBound), .text(status),
      ])
    }
    return ReportTable(
      id: "energy_ranges", caption: "Share of energy against the acceptable ranges (%)",
      columns: [
        ReportColumn(id: "nutrient", title: "Nutrient", isNumeric: false),
        ReportColumn(id: "percent_of_energy", title: "% of energy", isNumeric: true),
        ReportColumn(id: "range_low", title: "From", isNumeric: true),
        ReportColumn(id: "range_high", title: "To", isNumeric: true),
        ReportColumn(id: "range_low_g", title: "From, g", isNumeric: true),
        ReportColumn(id: "range_high_g", title: "To, g", isNumeric: true),
        ReportColumn(id: "status", title: "Status", isNumeric: false),
      ], rows: rows)
  }

  /// For each nutrient below target, the foods that gave the most of it, per logged day.
  private static func contributorTable(
    _ intakes: [NutrientIntake], _ contributors: NutrientContributors, days: Int
  ) -> ReportTable {
    var rows: [ReportTableRow] = []
    for intake in intakes where intake.status == .below {
      for (food, amount) in contributors.top(intake.label.key, limit: contributorsShown) {
        rows.append(
          nutrientRow(intake.label, [.text(food), .number(.ratio(amount, days), decimals: intake.label.decimals)]))
      }
    }
    return ReportTable(
      id: "top_contributors", caption: "Top foods of each nutrient below target (per logged day)",
      columns: nutrientColumns([
        ReportColumn(id: "food", title: "Food", isNumeric: false),
        ReportColumn(id: "per_day", title: "Per day", isNumeric: true),
      ]), rows: rows)
  }
}
