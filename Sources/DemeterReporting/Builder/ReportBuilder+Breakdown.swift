import DemeterCore

/// The split of each bucket of a report by a dimension (manual: queries, `--by`): a table and a
/// stacked bar per bucket for readers, one table of every bucket's rows for CSV, and the rows of
/// each bucket in the model for JSON and templates (`ReportBreakdown`).
extension ReportBuilder {
  /// What a report is split by: the dimension, and for a food-like one how many values to keep
  /// (`--top`; the rest folded into one row).
  public struct BreakdownRequest: Sendable, Hashable {
    public var dimension: BreakdownDimension
    public var top: Int?

    public init(_ dimension: BreakdownDimension, top: Int? = nil) {
      precondition(top == nil || dimension.takesTop, "--top only for a food-like dimension")
      self.dimension = dimension
      self.top = top
    }
  }

  /// What labels the row of the entries with no value, and the row of the values `--top` folds.
  static let noValueLabel = "(none)"
  static let otherLabel = "(other)"

  /// One bucket to split: its label, days, entries and kcal (what the shares are of), and its rows
  /// (`BreakdownRow`, one per value in any order; a value may come in several rows, which are added).
  public struct SplitBucket: Sendable {
    public var label: String
    public var range: Period
    public var entries: Int
    public var calories: FixedSum
    public var rows: [BreakdownRow]

    public init(label: String, range: Period, entries: Int, calories: FixedSum, rows: [BreakdownRow]) {
      self.label = label
      self.range = range
      self.entries = entries
      self.calories = calories
      self.rows = rows
    }

    /// The split of `summary` (its `breakdown`), labelled `label`.
    init(label: String, _ summary: BucketSummary) {
      self.init(
        label: label, range: summary.range, entries: summary.entries, calories: summary.totals.calories,
        rows: summary.breakdown)
    }
  }

  /// The rows of a bucket as a report shows them, each with its label: a recipe's entries by
  /// recipe id (other ingredients have none); meals in `mealOrder` first, weekdays Monday first,
  /// hours in order, any other dimension's values by kcal (most first); the values past `top`
  /// folded into one row, then the entries with no value.
  static func shownRows(
    _ rows: [BreakdownRow], _ request: BreakdownRequest, mealOrder: [String]
  ) -> [(label: String, row: BreakdownRow)] {
    var valued: [String: BreakdownRow] = [:]
    var none = BreakdownRow(value: nil)
    for row in rows {
      let value = request.dimension == .recipe ? row.value.flatMap(Recipe.id(fromReference:)) : row.value
      if let value {
        valued[value, default: BreakdownRow(value: value)].add(row)
      } else {
        none.add(row)
      }
    }
    var ordered = valued.values.sorted { a, b in
      switch request.dimension {
      case .meal:
        let (first, second) = (mealOrder.firstIndex(of: a.value!), mealOrder.firstIndex(of: b.value!))
        if first != second { return (first ?? Int.max) < (second ?? Int.max) }
        return ExactArithmetic.precedes(a.value!, b.value!)
      case .weekday:
        return BreakdownDimension.weekdayValues.firstIndex(of: a.value!)! < BreakdownDimension.weekdayValues.firstIndex(of: b.value!)!
      case .hour:
        return a.value! < b.value!
      case .tag, .food, .ingredient, .recipe:
        if a.totals.calories != b.totals.calories { return a.totals.calories > b.totals.calories }
        if a.entries != b.entries { return a.entries > b.entries }
        return ExactArithmetic.precedes(a.value!, b.value!)
      }
    }.map { (label: $0.value!, row: $0) }
    if let top = request.top, ordered.count > top {
      var other = BreakdownRow(value: nil)
      for folded in ordered[top...] { other.add(folded.row) }
      ordered = Array(ordered[..<top]) + [(label: otherLabel, row: other)]
    }
    if none.entries > 0 { ordered.append((label: noValueLabel, row: none)) }
    return ordered
  }

  /// The columns of a bucket's rows: the value, entries, the nutrients every entry states and the
  /// share of the bucket's kcal.
  static func breakdownColumns(_ dimension: BreakdownDimension) -> [ReportColumn] {
    let title = dimension.rawValue.prefix(1).uppercased() + dimension.rawValue.dropFirst()
    return [
      ReportColumn(id: "value", title: title, isNumeric: false),
      ReportColumn(id: "entries", title: "Entries", isNumeric: true),
    ] + totalColumns + [ReportColumn(id: "share", title: "% kcal", isNumeric: true)]
  }

  /// The cells of `row` of a bucket of `bucketCalories` kcal: its share exact, in percent (missing
  /// for a bucket of no kcal).
  static func breakdownCells(_ label: String, _ row: BreakdownRow, bucketCalories: FixedSum) -> [ReportCell] {
    let share = (ExactFraction(row.totals.calories) / ExactFraction(bucketCalories)).flatMap { $0.scaled(by: 100) }
    return [.text(label), .count(row.entries)] + totalCells(row.totals)
      + [share.map { .number(.fraction($0), decimals: 1) } ?? .missing]
  }

  /// The split of every bucket of `inputs` with entries.
  static func breakdown(_ inputs: BucketInputs, _ request: BreakdownRequest) -> ReportBreakdown {
    let daily = inputs.kind == .day || inputs.kind == .range
    let size: BucketSize = daily ? .day : inputs.bucketSize
    return breakdown(
      inputs.buckets.buckets.map { SplitBucket(label: Period.bucketLabel(of: $0.range, size), $0) },
      bucketColumn: daily ? "date" : inputs.kind.rawValue, request, mealOrder: inputs.context.options.mealOrder)
  }

  /// The split of each of `buckets` that has entries: `ReportBreakdown`, its tables to show after
  /// the report's others.
  public static func breakdown(
    _ buckets: [SplitBucket], bucketColumn: String, _ request: BreakdownRequest, mealOrder: [String]
  ) -> ReportBreakdown {
    let columns = breakdownColumns(request.dimension)
    let split = buckets.filter { $0.entries > 0 }.map { bucket -> ReportBreakdown.Bucket in
      let label = bucket.label
      let rows = shownRows(bucket.rows, request, mealOrder: mealOrder).map {
        ReportTableRow(cells: breakdownCells($0.label, $0.row, bucketCalories: bucket.calories))
      }
      return ReportBreakdown.Bucket(
        label: label, first: bucket.range.first.description, last: bucket.range.last.description,
        table: ReportTable(
          id: "by-\(request.dimension.rawValue)-\(label)", caption: "\(label) by \(request.dimension.rawValue)",
          columns: columns, rows: rows))
    }
    return ReportBreakdown(by: request.dimension.rawValue, bucketColumn: bucketColumn, buckets: split)
  }

  /// A stacked bar of each bucket's kcal by value.
  public static func breakdownCharts(_ breakdown: ReportBreakdown) -> [ReportChart] {
    breakdown.buckets.map { bucket in
      ReportChart(
        id: bucket.table.id, kind: .shares, title: bucket.table.caption,
        summary: "The kcal of \(bucket.label) by \(breakdown.by), each part's share of the whole.",
        unit: "kcal",
        points: bucket.table.rows.map { row in
          let calories = row.cells[2].number?.exactFraction?.doubleValue ?? 0
          return ChartPoint(label: row.cells[0].display, value: calories, display: "\(row.cells[2].display) kcal")
        })
    }
  }
}
