import DemeterCore

extension ReportBuilder {
  /// Periods up to this many days chart calories per day; longer ones chart them per bucket.
  static let dailyChartLimit = 93

  /// Calories per day with their moving average and the goal line (or, for long periods, the
  /// average per logged day of each bucket against the goal), macro split, confidence histogram.
  static func charts(_ inputs: BucketInputs) -> [ReportChart] {
    let whole = inputs.buckets.whole
    let goals = inputs.context.options
    let goal = goals.goals.calories.map { FixedSum($0).doubleValue }
    // The summary's rule for "within the goal", applied to each bar's daily average.
    let status = { (bucket: BucketSummary) -> GoalStatus? in
      guard let goal = goals.goals.calories, bucket.daysLogged > 0 else { return nil }
      return GoalStatus(
        total: bucket.totals.calories, days: bucket.daysLogged, goal: goal, tolerance: goals.goalTolerance)
    }
    let days = inputs.period.dayCount <= dailyChartLimit ? inputs.days : nil
    let daily = days != nil
    let calorieBuckets = days?.buckets ?? inputs.buckets.buckets
    let caloriePoints = calorieBuckets.map { bucket -> ChartPoint in
      if daily {
        let value = bucket.totals.calories
        return ChartPoint(
          label: "\(weekdayName(bucket.range.first)) \(bucket.range.first.day)", value: value.doubleValue,
          display: "\(value.rounded(0)) kcal", goalStatus: status(bucket))
      }
      let average = ExactFraction.mean(bucket.totals.calories, count: bucket.daysLogged)
      return ChartPoint(
        label: Period.bucketLabel(of: bucket.range, inputs.bucketSize), value: average?.doubleValue ?? 0,
        display: "\(average?.rounded(0) ?? "0") kcal/day", goalStatus: status(bucket))
    }
    let window = inputs.context.options.movingAverageDays
    let trend = days.map { days in
      ChartLine(label: "\(window)-day average", values: days.movingAverage.map(\.calories))
    }
    let noun = inputs.kind.rawValue
    let tolerance = goal.map { _ in FixedSum(goals.goalTolerance).doubleValue }
    let goalText = goal.map { ", against a daily goal of \(DecimalText.rounded($0, decimals: 0)) kcal" } ?? ""
    let split = whole.macroSplit
    let histogramLabels = (0..<ConfidenceStatistics.histogramBinCount).map { bin in
      let (low, high) = (Double(bin) / 10, Double(bin + 1) / 10)
      return "\(DecimalText.rounded(low, decimals: 1))–\(DecimalText.rounded(high, decimals: 1))"
    }
    return [
      daily
        ? ReportChart(
          id: "calories-per-day", kind: .bars, title: "Calories per day",
          summary: "Calories eaten on each day from \(inputs.period.first) to \(inputs.period.last), with "
            + "their \(window)-day moving average (over the logged days of each window)\(goalText).",
          unit: "kcal", points: caloriePoints, goal: goal, goalTolerance: tolerance, line: trend)
        : ReportChart(
          id: "calories-per-bucket", kind: .bars, title: "Average calories per day, by \(noun)",
          summary: "Calories per logged day of each \(noun) from \(inputs.period.first) to "
            + "\(inputs.period.last)\(goalText).",
          unit: "kcal/day", points: caloriePoints, goal: goal, goalTolerance: tolerance),
      ReportChart(
        id: "macro-split", kind: .shares, title: "Energy from macronutrients",
        summary: "Share of energy from protein, carbohydrates and fat at 4, 4 and 9 kcal per gram.",
        unit: "",
        points: [("protein", split.protein), ("carbohydrates", split.carbohydrates), ("fat", split.fat)].map {
          ChartPoint(label: $0.0, value: $0.1, display: "\(DecimalText.rounded($0.1 * 100, decimals: 0)) %")
        }),
      ReportChart(
        id: "confidence-histogram", kind: .histogram, title: "Confidence of the entries",
        summary: "How many entries fall in each tenth of the parser's confidence, from 0 to 1.",
        unit: "entries",
        points: zip(histogramLabels, whole.confidence.histogram).map {
          ChartPoint(label: $0.0, value: Double($0.1), display: "\(count: $0.1, "entry", plural: "entries")")
        }),
    ]
  }
}
