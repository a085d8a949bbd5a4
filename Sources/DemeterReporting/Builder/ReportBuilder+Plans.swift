import DemeterCore

/// The meal plan reports as report models, so every format renders them: a plan as written
/// (`plan show`), planned against eaten (`plan PERIOD`) and the shopping list (`plan shopping`).
extension ReportBuilder {
  /// A plan's items, meal by meal, with their nutrition, then the planned nutrition of each day.
  public static func planDetails(_ nutrition: PlanNutrition, name: String) -> ReportModel {
    let compared = PlanComparison.nutrients
    let itemRows = nutrition.items.map { item in
      ReportTableRow(
        cells: [
          .text(item.date.description), .text(item.meal.rawValue), .text(item.title),
          .text(amount(item.item)),
        ]
          + compared.map { nutrientCell(item.nutrition[$0] ?? 0, $0) })
    }
    var dayRows: [ReportTableRow] = []
    for day in nutrition.plan.days {
      let sums = compared.map { nutrient in
        nutrition.items.filter { $0.date == day.date }.reduce(ExactFraction(0)) { sum, item in
          (sum + (item.nutrition[nutrient] ?? 0)) ?? sum
        }
      }
      dayRows.append(
        ReportTableRow(
          cells: [.text(day.date.description), .count(day.meals.reduce(0) { $0 + $1.items.count })]
            + zip(sums, compared).map { nutrientCell($0, $1) }))
    }
    let period = nutrition.plan.period
    return ReportModel(
      kind: .plan, title: "Meal plan \(name)",
      period: ReportPeriod(first: period.first.description, last: period.last.description),
      summary: [
        ReportFact(id: "planned_days", label: "Planned days", value: .count(nutrition.plan.days.count)),
        ReportFact(id: "planned_items", label: "Planned items", value: .count(nutrition.items.count)),
      ],
      tables: [
        ReportTable(
          id: "items", caption: "Planned items",
          columns: [
            ReportColumn(id: "date", title: "Date", isNumeric: false),
            ReportColumn(id: "meal", title: "Meal", isNumeric: false),
            ReportColumn(id: "item", title: "Item", isNumeric: false),
            ReportColumn(id: "amount", title: "Amount", isNumeric: false),
          ] + nutrientColumns(""), rows: itemRows),
        ReportTable(
          id: "days", caption: "Planned nutrition per day",
          columns: [
            ReportColumn(id: "date", title: "Date", isNumeric: false),
            ReportColumn(id: "items", title: "Items", isNumeric: true),
          ] + nutrientColumns(""), rows: dayRows),
      ])
  }

  /// Planned against eaten over `period`: adherence figures, each day and meal with planned and
  /// eaten kcal and macronutrients, the days against ±10 % of the planned kcal, the unplanned
  /// extras, and (for up to `dailyChartLimit` days) a chart of eaten kcal per day with the planned
  /// kcal as a line. Long periods have the gap rows of the day report (`PlanComparison.days`).
  public static func planReport(_ comparison: PlanComparison, period: Period, plans: [String]) -> ReportModel
  {
    let compared = PlanComparison.nutrients
    let planned = comparison.plannedMeals
    let eaten = comparison.eatenPlannedMeals
    let days = comparison.plannedDays
    let within = comparison.daysWithinTolerance
    func share(_ part: Int, _ whole: Int) -> ReportCell {
      whole == 0
        ? .missing : .number(.fraction(ExactFraction(Int128(part) * 100, over: Int128(whole))), decimals: 0)
    }
    let summary = [
      ReportFact(id: "planned_meals", label: "Planned meals (to today)", value: .count(planned)),
      ReportFact(id: "planned_meals_eaten", label: "Planned meals eaten", value: .count(eaten)),
      ReportFact(id: "meal_adherence_percent", label: "Meal adherence (%)", value: share(eaten, planned)),
      ReportFact(id: "planned_days", label: "Planned days (to today)", value: .count(days)),
      ReportFact(
        id: "days_within_10_percent", label: "Days within ±10 % of planned kcal", value: .count(within)),
      ReportFact(id: "day_adherence_percent", label: "Day adherence (%)", value: share(within, days)),
      ReportFact(
        id: "unplanned_extras", label: "Unplanned extras (meals)", value: .count(comparison.extras.count)),
    ]
    let mealRows = comparison.meals.map { row in
      let status =
        row.upcoming
        ? "upcoming"
        : row.plannedItems == 0 ? "extra" : row.eatenEntries > 0 ? "eaten" : "missed"
      return ReportTableRow(
        cells: [
          .text(row.date.description), .text(row.meal ?? "unspecified"), .text(status),
          .count(row.plannedItems), .count(row.eatenEntries),
        ]
          + zip(row.planned, compared).map { nutrientCell($0, $1) }
          + zip(row.eaten, compared).map { nutrientCell($0, $1) })
    }
    let dayRows = comparison.days.map { row in
      let verdict: String =
        row.upcoming ? "upcoming" : row.withinTolerance.map { $0 ? "yes" : "no" } ?? ""
      return ReportTableRow(
        cells: [
          .text(Period.bucketLabel(of: row.range, .day)), nutrientCell(row.planned[0], .calories),
          nutrientCell(row.eaten[0], .calories),
          (row.eaten[0] - row.planned[0]).map { .number(.fraction($0), decimals: 0) } ?? .missing,
          .text(verdict),
        ])
    }
    // Charted per day, as the other reports chart days, for periods of a few months only.
    let chart = ReportChart(
      id: "planned-vs-eaten", kind: .bars, title: "Planned and eaten calories per day",
      summary: "Calories eaten on each day from \(period.first) to \(period.last) as bars, and the calories "
        + "the meal plan has for each day as a line.",
      unit: "kcal",
      points: comparison.days.map { row in
        ChartPoint(
          label: "\(weekdayName(row.range.first)) \(row.range.first.day)", value: row.eaten[0].doubleValue,
          display: "\(row.eaten[0].rounded(0)) kcal eaten, \(row.planned[0].rounded(0)) planned")
      },
      line: ChartLine(label: "planned", values: comparison.days.map { $0.planned[0].doubleValue }),
      barLabel: "eaten")
    let extras = comparison.extras.map { row in
      ReportListItem(
        text: "\(row.date) \(row.meal ?? "unspecified")",
        detail:
          "\(count: row.eatenEntries, "entry", plural: "entries"), \(row.eaten[0].rounded(0)) kcal"
      )
    }
    return ReportModel(
      kind: .plan, title: "Plan and eaten \(MealPlan.name(of: period))",
      period: ReportPeriod(first: period.first.description, last: period.last.description),
      facts: [ReportFact(id: "plans", label: "Plans", value: .text(plans.joined(separator: ", ")))],
      summary: summary,
      tables: [
        ReportTable(
          id: "meals", caption: "Planned and eaten, by meal",
          columns: [
            ReportColumn(id: "date", title: "Date", isNumeric: false),
            ReportColumn(id: "meal", title: "Meal", isNumeric: false),
            ReportColumn(id: "status", title: "Status", isNumeric: false),
            ReportColumn(id: "planned_items", title: "Planned", isNumeric: true),
            ReportColumn(id: "eaten_entries", title: "Entries", isNumeric: true),
          ] + nutrientColumns("planned_", "Planned ", macrosShown: false)
            + nutrientColumns("eaten_", "Eaten ", macrosShown: false), rows: mealRows),
        ReportTable(
          id: "days", caption: "Planned and eaten kcal, by day",
          columns: [
            ReportColumn(id: "date", title: "Date", isNumeric: false),
            ReportColumn(id: "planned_calories", title: "Planned kcal", isNumeric: true),
            ReportColumn(id: "eaten_calories", title: "Eaten kcal", isNumeric: true),
            ReportColumn(id: "difference_calories", title: "Difference", isNumeric: true),
            ReportColumn(id: "within_10_percent", title: "Within ±10 %", isNumeric: false),
          ], rows: dayRows),
        ReportTable(
          id: "day-macronutrients", caption: "Planned and eaten macronutrients, by day",
          columns: [ReportColumn(id: "date", title: "Date", isNumeric: false)]
            + compared.indices.dropFirst().flatMap { index in
              [("planned_", "Plan "), ("eaten_", "Eaten ")].map { prefix, label in
                ReportColumn(
                  id: prefix + compared[index].key, title: label + compared[index].listTitle, isNumeric: true)
              }
            },
          rows: comparison.days.map { row in
            ReportTableRow(
              cells: [.text(Period.bucketLabel(of: row.range, .day))]
                + compared.indices.dropFirst().flatMap { index in
                  [row.planned[index], row.eaten[index]].map { nutrientCell($0, compared[index]) }
                })
          }),
      ],
      charts: period.dayCount <= dailyChartLimit ? [chart] : [],
      lists: [
        ReportList(
          id: "unplanned_extras", title: "Unplanned extras",
          summary: "Meals with entries but nothing planned (entries naming no meal count as one).",
          items: extras, totalCount: extras.count)
      ])
  }

  /// The foods to buy for a period's plans: grams, and a household measure where one fits.
  public static func shoppingList(_ list: ShoppingList, period: Period, plans: [String]) -> ReportModel {
    let rows = list.lines.map { line in
      let grams = ReportNumber.fraction(line.grams)
      let household = line.portion.map { portion in
        "\(DecimalText.roundedTrimmed(portion.count, decimals: 1)) \(portion.measure.unit) "
          + "(\(grams.rounded(0)) g)"
      }
      return ReportTableRow(cells: [
        .text(line.id ?? ""), .text(line.name), .number(grams, decimals: 0), .text(household ?? ""),
      ])
    }
    return ReportModel(
      kind: .shopping, title: "Shopping list \(MealPlan.name(of: period))",
      period: ReportPeriod(first: period.first.description, last: period.last.description),
      facts: [ReportFact(id: "plans", label: "Plans", value: .text(plans.joined(separator: ", ")))],
      summary: [ReportFact(id: "foods", label: "Foods", value: .count(list.lines.count))],
      tables: [
        ReportTable(
          id: "shopping", caption: "Shopping list",
          columns: [
            ReportColumn(id: "ingredient_id", title: "Id", isNumeric: false),
            ReportColumn(id: "name", title: "Food", isNumeric: false),
            ReportColumn(id: "grams", title: "Grams", isNumeric: true),
            ReportColumn(id: "household", title: "Household measure", isNumeric: false),
          ], rows: rows)
      ])
  }

  /// How much of an item is planned: `1.5 servings`, `182 g`, `1 medium`.
  private static func amount(_ item: PlanItem) -> String {
    switch item {
    case .recipe(_, let servings):
      return "\(servings) \(servings == FixedDecimal(1) ? "serving" : "servings")"
    case .food(let food):
      switch food.amount {
      case .grams(let grams): return "\(grams) g"
      case .portion(let portion): return portion
      }
    }
  }

  /// The compared nutrients' columns, ids and titles starting with `prefix` and `label`; unless
  /// `macrosShown`, only calories are shown to readers (the table would not fit 80 columns).
  private static func nutrientColumns(_ prefix: String, _ label: String = "", macrosShown: Bool = true)
    -> [ReportColumn]
  {
    PlanComparison.nutrients.map { nutrient in
      ReportColumn(
        id: prefix + nutrient.key, title: label + nutrient.listTitle, isNumeric: true,
        shownToReaders: macrosShown || nutrient == .calories)
    }
  }

  private static func nutrientCell(_ value: ExactFraction, _ nutrient: Nutrient) -> ReportCell {
    .number(.fraction(value), decimals: nutrient.readingDecimals)
  }
}
