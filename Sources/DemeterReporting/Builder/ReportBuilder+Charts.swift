import DemeterCore

extension ReportBuilder {
  /// Periods up to this many days chart calories per day; longer ones chart them per bucket.
  static let dailyChartLimit = 93

  /// Calories per day (or per bucket) with the goal line, macro split, confidence histogram.
  static func charts(_ inputs: BucketInputs) -> [ReportChart] {
    let whole = inputs.buckets.whole
    let goal = inputs.context.options.goals.calories.map { FixedSum($0).doubleValue }
    let dayBuckets = inputs.period.dayCount <= dailyChartLimit ? inputs.days?.buckets : nil
    let daily = dayBuckets != nil
    let calorieBuckets = dayBuckets ?? inputs.buckets.buckets
    let caloriePoints = calorieBuckets.map { bucket -> ChartPoint in
      let label =
        daily
        ? "\(weekdayName(bucket.range.first)) \(bucket.range.first.day)"
        : Period.bucketLabel(of: bucket.range, inputs.bucketSize)
      let value = bucket.totals.calories
      return ChartPoint(label: label, value: value.doubleValue, display: "\(value.rounded(0)) kcal")
    }
    let split = whole.macroSplit
    let histogramLabels = (0..<ConfidenceStatistics.histogramBinCount).map { bin in
      "\(DecimalText.rounded(Double(bin) / 10, decimals: 1))–\(DecimalText.rounded(Double(bin + 1) / 10, decimals: 1))"
    }
    return [
      ReportChart(
        id: "calories-per-\(daily ? "day" : "bucket")", kind: .bars,
        title: daily ? "Calories per day" : "Calories per \(inputs.kind.rawValue)",
        summary:
          "Calories eaten on each \(daily ? "day" : inputs.kind.rawValue) from \(inputs.period.first) to "
          + "\(inputs.period.last)"
          + (goal.map { ", against a daily goal of \(DecimalText.rounded($0, decimals: 0)) kcal" } ?? "")
          + ".",
        unit: "kcal", points: caloriePoints, goal: daily ? goal : nil),
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
          ChartPoint(label: $0.0, value: Double($0.1), display: "\($0.1) entr\($0.1 == 1 ? "y" : "ies")")
        }),
    ]
  }
}
