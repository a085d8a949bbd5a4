import DemeterCore

extension ReportBuilder {
  /// Top foods, meals, goals and micronutrients of a period, where it has them.
  static func detailTables(_ whole: BucketSummary) -> [ReportTable] {
    var tables: [ReportTable] = []
    let foodColumns = [
      ReportColumn(id: "food", title: "Food", isNumeric: false),
      ReportColumn(id: "entries", title: "Entries", isNumeric: true),
      ReportColumn(id: "calories", title: "kcal", isNumeric: true),
    ]
    func foodRows(_ foods: [FoodTotal]) -> [ReportTableRow] {
      foods.map { ReportTableRow(cells: [.text($0.name), .count($0.entries), kcal($0.calories)]) }
    }
    if !whole.topFoods.byCalories.isEmpty {
      tables.append(
        ReportTable(
          id: "top-foods-by-calories", caption: "Top foods by calories", columns: foodColumns,
          rows: foodRows(whole.topFoods.byCalories)))
      tables.append(
        ReportTable(
          id: "top-foods-by-count", caption: "Most frequent foods", columns: foodColumns,
          rows: foodRows(whole.topFoods.byCount)))
    }
    if !whole.meals.isEmpty {
      tables.append(
        ReportTable(
          id: "meals", caption: "Meals",
          columns: [
            ReportColumn(id: "meal", title: "Meal", isNumeric: false),
            ReportColumn(id: "entries", title: "Entries", isNumeric: true),
            ReportColumn(id: "calories", title: "kcal", isNumeric: true),
            ReportColumn(id: "calorie_percent", title: "% of kcal", isNumeric: true),
          ],
          rows: whole.meals.map { meal in
            ReportTableRow(cells: [
              .text(meal.meal ?? "unspecified"), .count(meal.entries), kcal(meal.calories),
              meal.calorieShare.map(percent) ?? .missing,
            ])
          }))
    }
    for goal in whole.goals {
      let decimals = goal.nutrient == .calories ? 0 : 1
      tables.append(
        ReportTable(
          id: "goal-\(goal.nutrient.rawValue)", caption: "Daily \(goal.nutrient.rawValue) against the goal",
          columns: [
            ReportColumn(id: "date", title: "Date", isNumeric: false),
            ReportColumn(id: "amount", title: "Amount", isNumeric: true),
            ReportColumn(id: "goal", title: "Goal", isNumeric: true),
            ReportColumn(id: "difference", title: "Difference", isNumeric: true),
            ReportColumn(id: "status", title: "", isNumeric: false),
          ],
          rows: goal.days.map { day in
            ReportTableRow(cells: [
              .text(day.date.description), .number(.exact(day.amount), decimals: decimals),
              .number(.exact(FixedSum(goal.goal)), decimals: decimals),
              .number(.exact(day.difference), decimals: decimals), .text(day.status.rawValue),
            ])
          }))
    }
    if !whole.micronutrients.isEmpty {
      tables.append(
        ReportTable(
          id: "micronutrients", caption: "Micronutrients",
          columns: [
            ReportColumn(id: "nutrient", title: "Key", isNumeric: false, shownToReaders: false),
            ReportColumn(id: "name", title: "Nutrient", isNumeric: false),
            ReportColumn(id: "amount", title: "Total", isNumeric: true),
            ReportColumn(id: "per_day", title: "Per logged day", isNumeric: true),
            ReportColumn(id: "entries", title: "Entries stating it", isNumeric: true),
          ],
          rows: whole.micronutrients.map {
            let label = NutrientLabel($0.name)
            return ReportTableRow(cells: [
              .text($0.name), .text(label.text), .number(.exact($0.amount), decimals: label.decimals),
              .number(.ratio($0.amount, whole.daysLogged), decimals: label.decimals), .count($0.entries),
            ])
          }))
    }
    return tables
  }

  /// Entries to review and entries whose energy disagrees with their macronutrients.
  static func lists(_ whole: BucketSummary, options: AggregationOptions) -> [ReportList] {
    let low = FixedSum(options.lowConfidence).rounded(2)
    let tolerance = options.energyConsistency
    let percent = DecimalText.format(units: Int128(tolerance.relative.billionths) * 100, fractionDigits: 9)
    let kcal = DecimalText.format(units: Int128(tolerance.calories.billionths), fractionDigits: 9)
    let unmatched =
      options.reviewsUnmatched
      ? ", or no matched ingredient"
      : whole.unmatchedEntries == 0
        ? ""
        : "; \(count: whole.unmatchedEntries, "entry", plural: "entries") without a matched ingredient "
          + "\(whole.unmatchedEntries == 1 ? "is" : "are") counted, not listed (--review unmatched lists them)"
    return [
      ReportList(
        id: "needs-review", title: "Entries to review",
        summary: "Confidence below \(low), or calories that disagree with the macronutrients\(unmatched). "
          + "'demeter-report review' walks them; entries marked reviewed are not listed.",
        items: whole.needsReview.map { flaggedItem($0, tolerance) }, totalCount: whole.needsReviewCount),
      ReportList(
        id: "energy-inconsistent", title: "Calories that disagree with the macronutrients",
        summary: "Stated kcal differ from 4·protein + 4·carbohydrates + 9·fat + 7·alcohol by more than "
          + "\(percent) % and \(kcal) kcal.",
        items: whole.energyInconsistent.map { flaggedItem($0, tolerance) },
        totalCount: whole.energyInconsistentCount),
    ]
  }

  /// An entry of a review list with its reasons (`FlaggedEntry.reasonTexts`).
  private static func flaggedItem(_ entry: FlaggedEntry, _ tolerance: EnergyConsistencyTolerance)
    -> ReportListItem
  {
    let reasons = entry.reasonTexts(tolerance)
    let time = Timestamp(
      localDate: entry.date, secondOfDay: entry.secondOfDay, utcOffsetSeconds: entry.utcOffsetSeconds)
    let description = entry.rawDescription.isEmpty ? entry.foodName : entry.rawDescription
    return ReportListItem(
      text: "\(entry.date) \(clockText(entry.secondOfDay)) \(description)",
      // The id first, whole: a narrow text report cuts the end of the line, and `edit`/`rm` take it.
      detail: "id \(entry.id) · \(entry.foodName) · \(reasons.joined(separator: " · ")) · \(time.rfc3339)")
  }

  /// `08:15` from seconds after midnight.
  package static func clockText(_ secondOfDay: Int) -> String {
    let hours = secondOfDay / 3600
    let minutes = secondOfDay / 60 % 60
    return (hours < 10 ? "0" : "") + String(hours) + ":" + (minutes < 10 ? "0" : "") + String(minutes)
  }
}
