import DemeterCore

extension ReportBuilder {
  /// The key figures of a period (manual: reports).
  static func summary(_ whole: BucketSummary, previousChange: DailyChange?) -> [ReportFact] {
    let confidence = whole.confidence
    var facts: [ReportFact] = [
      ReportFact(id: "entries", label: "Entries", value: .count(whole.entries)),
      ReportFact(id: "days_logged", label: "Days logged", value: .count(whole.daysLogged)),
      ReportFact(id: "days_in_period", label: "Days in period", value: .count(whole.daysInBucket)),
      total(of: .calories, in: whole.totals),
      ReportFact(
        id: "uncertain_calories", label: "of which uncertain (kcal)",
        value: kcal(confidence.lowConfidenceCalories)),
      ReportFact(
        id: "avg_daily_calories", label: "Average per logged day (kcal)",
        value: whole.daysLogged == 0
          ? .missing : .number(.ratio(whole.totals.calories, whole.daysLogged), decimals: 0)),
    ]
    facts += Nutrient.all.filter { $0 != .calories }.map { total(of: $0, in: whole.totals) }
    for (nutrient, grams) in macronutrients(whole.totals) {
      facts.append(
        ReportFact(
          id: "\(nutrient.key)_energy_percent", label: "Energy from \(nutrient.key) (%)",
          value: energyPercent(grams, nutrient, of: whole.macroSplit.energy)))
    }
    if let highest = whole.highestDay, let lowest = whole.lowestDay, whole.daysLogged > 1 {
      facts.append(ReportFact(id: "highest_day", label: "Highest day", value: dayCalories(highest)))
      facts.append(ReportFact(id: "lowest_day", label: "Lowest day", value: dayCalories(lowest)))
    }
    if let change = previousChange { facts += changeFacts(change) }
    for goal in whole.goals {
      facts.append(
        ReportFact(
          id: "goal_\(goal.nutrient.rawValue)_days_within",
          label: "Days within ±10 % of the \(goal.nutrient.rawValue) goal", value: .count(goal.daysWithin)))
    }
    return facts
  }

  /// The period's total of `nutrient`, labelled with its unit ("Protein (g)").
  static func total(of nutrient: Nutrient, in totals: NutrientTotals) -> ReportFact {
    ReportFact(
      id: nutrient.key, label: "\(nutrient.name) (\(nutrient.unit))",
      value: .number(.exact(totals[nutrient]), decimals: nutrient.readingDecimals))
  }

  /// The change of daily averages against the bucket before, exactly.
  static func changeFacts(_ change: DailyChange) -> [ReportFact] {
    Nutrient.required.map {
      ReportFact(
        id: "change_avg_daily_\($0.key)", label: "Change in \($0.reportTitle.lowercased())/day vs previous",
        value: .number(.fraction(change[$0]), decimals: $0.readingDecimals))
    }
  }

  /// Protein, carbohydrates and fat with their totals, in that order.
  static func macronutrients(_ totals: NutrientTotals) -> [(Nutrient, FixedSum)] {
    Nutrient.macronutrients.map { ($0, totals[$0]) }
  }

  /// The exact percentage of macronutrient `energy` that `grams` of `nutrient` give (0 without energy).
  static func energyPercent(_ grams: FixedSum, _ nutrient: Nutrient, of energy: FixedSum) -> ReportCell {
    guard energy.billionths > 0, let kcalPerGram = nutrient.kcalPerGram,
      let share = ExactFraction(Int128(kcalPerGram) * grams.billionths, over: energy.billionths)
        .scaled(by: 100)
    else { return .number(.count(0), decimals: 0) }
    return .number(.fraction(share), decimals: 0)
  }

  /// The confidence statistics of a period (manual: reports), as a two-column table.
  static func confidenceTable(_ whole: BucketSummary) -> ReportTable {
    let confidence = whole.confidence
    var facts: [ReportFact] = []
    func optional(_ id: String, _ label: String, _ value: Double?) {
      facts.append(
        ReportFact(id: id, label: label, value: value.map { .number(.derived($0), decimals: 2) } ?? .missing))
    }
    func optional(_ id: String, _ label: String, _ value: FixedDecimal?) {
      facts.append(
        ReportFact(
          id: id, label: label, value: value.map { .number(.exact(FixedSum($0)), decimals: 2) } ?? .missing))
    }
    facts.append(
      ReportFact(
        id: "confidence_mean", label: "Mean",
        value: confidence.count == 0
          ? .missing : .number(.ratio(confidence.sum, confidence.count), decimals: 2)))
    optional("confidence_weighted_mean", "Calorie-weighted mean", confidence.calorieWeightedMean)
    optional("confidence_median", "Median", confidence.median)
    optional("confidence_p10", "10th percentile", confidence.p10)
    optional("confidence_min", "Lowest", confidence.minimum)
    optional("confidence_max", "Highest", confidence.maximum)
    facts += [
      ReportFact(
        id: "high_confidence_entries", label: "High-confidence entries", value: .count(confidence.highCount)),
      ReportFact(
        id: "medium_confidence_entries", label: "Medium-confidence entries",
        value: .count(confidence.mediumCount)),
      ReportFact(
        id: "low_confidence_entries", label: "Low-confidence entries", value: .count(confidence.lowCount)),
      ReportFact(
        id: "low_confidence_calorie_percent", label: "Calories from low-confidence entries (%)",
        value: percent(confidence.lowConfidenceCalorieShare)),
      ReportFact(id: "needs_review", label: "Entries to review", value: .count(whole.needsReviewCount)),
      ReportFact(
        id: "energy_inconsistent", label: "Entries with kcal unlike their macros",
        value: .count(whole.energyInconsistentCount)),
    ]
    return ReportTable(
      id: "confidence", caption: "Confidence",
      columns: [
        ReportColumn(id: "measure", title: "Measure", isNumeric: false),
        ReportColumn(id: "id", title: "Id", isNumeric: false, shownToReaders: false),
        ReportColumn(id: "value", title: "Value", isNumeric: true),
      ],
      rows: facts.map { ReportTableRow(cells: [.text($0.label), .text($0.id), $0.value]) })
  }

  private static func dayCalories(_ day: DayCalories) -> ReportCell {
    .dayCalories(day.date.description, .exact(day.calories))
  }
}

extension FixedSum {
  /// The total rounded half away from zero to `decimals` places.
  func rounded(_ decimals: Int) -> String {
    DecimalText.rounded(units: billionths, fractionDigits: 9, decimals: decimals)
  }
}
