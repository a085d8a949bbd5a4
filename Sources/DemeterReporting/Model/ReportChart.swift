import DemeterCore

/// A chart of a report as plain data (manual: reports: calories per day with the goal line, macro split,
/// confidence histogram). HTML draws it as SVG, text as bars of block characters.
public struct ReportChart: Sendable, Hashable {
  /// How the points are drawn.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// One vertical bar per point (e.g. calories per day), with an optional goal line.
    case bars
    /// Parts of one whole (e.g. the share of energy from protein, carbohydrates and fat); values sum to 1.
    case shares
    /// Counts per bin (e.g. entries per tenth of confidence), bars side by side without gaps.
    case histogram
    /// How values spread over a group per point (e.g. people's daily calories per week): each
    /// point's `spread` as a box from its low to its high value, its value (the median) as a line,
    /// and every value as a dot.
    case distribution
  }

  /// A stable identifier, e.g. `calories-per-day` (used for HTML ids and CSS classes).
  public var id: String
  public var kind: Kind
  /// Short title, e.g. "Calories per day".
  public var title: String
  /// A sentence describing what the chart shows, for screen readers.
  public var summary: String
  /// Unit of the values, e.g. "kcal", "entries" (empty for shares).
  public var unit: String
  public var points: [ChartPoint]
  /// A horizontal reference line (e.g. the daily calorie goal), in the values' unit.
  public var goal: Double?
  /// The fraction of the goal a point may differ by and still be within it (0.1: the ±10 % band the
  /// summary counts days in), drawn as a band around the goal line; the points' `goalStatus` say
  /// which side of it they fall on. Drawn only, not part of the JSON model.
  public var goalTolerance: Double?
  /// A line over the bars (e.g. the 7-day moving average), one value per point.
  public var line: ChartLine?
  /// What the bars show, when the chart names it in a legend beside the line's label (e.g. `eaten`
  /// against a `planned` line); nil when the title says it.
  public var barLabel: String?

  public init(
    id: String, kind: Kind, title: String, summary: String, unit: String, points: [ChartPoint],
    goal: Double? = nil, goalTolerance: Double? = nil, line: ChartLine? = nil, barLabel: String? = nil
  ) {
    precondition(line.map { $0.values.count == points.count } ?? true, "a chart line needs a value per point")
    self.line = line
    self.barLabel = barLabel
    self.id = id
    self.kind = kind
    self.title = title
    self.summary = summary
    self.unit = unit
    self.points = points
    self.goal = goal
    self.goalTolerance = goalTolerance
  }
}

/// One labelled value of a chart.
public struct ChartPoint: Sendable, Hashable {
  /// Axis label, e.g. `Mon 16` or `protein`.
  public var label: String
  public var value: Double
  /// The value as a reader sees it, e.g. `2 180 kcal` or `31 %` (tooltips, text rendering).
  public var display: String
  /// For distributions: the values the point sums up and their range.
  public var spread: ChartSpread?
  /// Where the point stands against the chart's goal (`GoalStatus(total:days:goal:tolerance:)`, as
  /// the summary counts days); nil without a goal or a logged day. Bars `over` it are marked.
  /// Drawn only, not part of the JSON model.
  public var goalStatus: GoalStatus?

  public init(
    label: String, value: Double, display: String, spread: ChartSpread? = nil, goalStatus: GoalStatus? = nil
  ) {
    self.label = label
    self.value = value
    self.display = display
    self.spread = spread
    self.goalStatus = goalStatus
  }
}

/// The values behind one point of a distribution chart: a range (e.g. p10 to p90) and each value.
public struct ChartSpread: Sendable, Hashable {
  public var low: Double
  public var high: Double
  /// Every value, ascending (e.g. each person's daily average).
  public var values: [Double]

  public init(low: Double, high: Double, values: [Double]) {
    self.low = low
    self.high = high
    self.values = values
  }
}

/// A line drawn over a bar chart: one value per point, nil where it has none (e.g. a moving average
/// of a window without a logged day).
public struct ChartLine: Sendable, Hashable {
  /// What the line is, e.g. "7-day average".
  public var label: String
  public var values: [Double?]

  public init(label: String, values: [Double?]) {
    self.label = label
    self.values = values
  }
}
