import DemeterCore

extension ReportBuilder {
  /// One person of a cohort report: their journal's name and what they add to each bucket.
  public struct CohortPerson: Sendable {
    /// The journal folder's name.
    public var name: String
    /// One member per bucket of the report, in order.
    public var buckets: [CohortMember]
    /// The member over the whole period.
    public var whole: CohortMember
    /// With a split (`ReportContext.breakdown`), the person's rows of each bucket, in order.
    public var split: [[BreakdownRow]]

    public init(name: String, buckets: [CohortMember], whole: CohortMember, split: [[BreakdownRow]] = []) {
      self.name = name
      self.buckets = buckets
      self.whole = whole
      self.split = split
    }
  }

  /// A cohort report (manual: many-journals) whose table's rows are made a bucket at a time, so a long table need
  /// not be held at once: per bucket, one row per person (in the order given) then one row of the
  /// cohort (`CohortSummary`). A report showing only its split's table (`--by` in CSV) has no
  /// such rows (`listsPeople` false).
  public struct CohortReportParts: Sendable {
    /// The report without its table's rows (its header's fields, such as the query, may be set).
    public var shell: ReportModel
    private let people: [CohortPerson]
    private let summaries: [CohortSummary]
    private let labels: [ReportCell]
    private let goals: [GoalNutrient]
    private let columnCount: Int
    /// Whether the shell's first table is the people's and the cohort's, its rows made here.
    private let listsPeople: Bool

    fileprivate init(
      shell: ReportModel, people: [CohortPerson], summaries: [CohortSummary], labels: [ReportCell],
      goals: [GoalNutrient], listsPeople: Bool
    ) {
      self.shell = shell
      self.people = people
      self.summaries = summaries
      self.labels = labels
      self.goals = goals
      self.listsPeople = listsPeople
      columnCount = shell.tables[0].columns.count
    }

    public var bucketCount: Int { summaries.count }

    /// Rows a bucket has: one per person, and the cohort's.
    public var rowsPerBucket: Int { people.count + 1 }

    /// The rows of bucket `index`.
    public func rows(ofBucket index: Int) -> [ReportTableRow] {
      let label = labels[index]
      var rows = people.map { person in
        let member = person.buckets[index]
        var cells = [label, .text(person.name), .text("person")]
        cells.reserveCapacity(columnCount)
        ReportBuilder.appendPersonCells(member, goals: goals, to: &cells)
        return ReportTableRow(role: member.isLogging ? .item : .empty, cells: cells)
      }
      rows.append(
        ReportTableRow(
          cells: [label, .text("(cohort)"), .text("cohort")]
            + ReportBuilder.cohortCells(summaries[index], goals: goals)))
      return rows
    }

    /// The whole report, the buckets' rows made on every processor.
    public var report: ReportModel {
      var report = shell
      guard listsPeople else { return report }
      report.tables[0].rows = ParallelMap.map(Array(0..<bucketCount)) { rows(ofBucket: $0) }.flatMap { $0 }
      return report
    }
  }

  /// The cohort report of `people` over `period`, by `ranges` (its buckets, in order), in parts;
  /// the distribution of daily calories charted per bucket. Every person has a member per bucket.
  /// With `context.breakdown`, each bucket split as a one-journal report splits it, its rows the
  /// people's summed (each person needs their `split`); a report of `parts` `.primaryTable` then
  /// shows only the split's table.
  public static func cohortReport(
    _ kind: ReportKind, period: Period, bucketSize: BucketSize, ranges: [Period], people: [CohortPerson],
    context: ReportContext, parts: ReportParts = .everything
  ) -> CohortReportParts {
    let whole = CohortSummary(people.map(\.whole))
    let daily = kind == .day || kind == .range
    let size = daily ? BucketSize.day : bucketSize
    let label = daily ? "date" : kind.rawValue
    let goals = whole.adherence.map(\.nutrient)
    let columns =
      [
        ReportColumn(
          id: label, title: daily ? "Date" : label.prefix(1).uppercased() + label.dropFirst(),
          isNumeric: false),
        ReportColumn(id: "journal", title: "Journal", isNumeric: false),
        ReportColumn(id: "row", title: "Row", isNumeric: false, shownToReaders: false),
      ] + cohortColumns(goals: goals)
    // Each bucket's summary on its own, so the buckets are worked out in parallel.
    let summaries = ParallelMap.map(Array(ranges.indices)) { index in
      CohortSummary(people.map { $0.buckets[index] })
    }
    let table = ReportTable(
      id: "cohort", caption: "People and the cohort, by \(daily ? "day" : kind.rawValue)",
      columns: columns, rows: [])
    let labels = ranges.map { Period.bucketLabel(of: $0, size) }
    let split = context.breakdown.map { request in
      breakdown(
        cohortSplit(people, ranges: ranges, labels: labels), bucketColumn: label, request,
        mealOrder: context.options.mealOrder)
    }
    let listsPeople = split == nil || parts == .everything
    var shell = ReportModel(
      kind: kind,
      title: "Cohort of \(count: people.count, "person", plural: "people"), \(period.first) to \(period.last)",
      period: ReportPeriod(first: period.first.description, last: period.last.description),
      facts: cohortFacts(context, people: people.count), summary: cohortSummary(whole),
      tables: listsPeople ? [table] + (split?.buckets.map(\.table) ?? []) : [split!.table],
      charts: [distributionChart(summaries, ranges: ranges, size: size, noun: daily ? "day" : kind.rawValue)]
        + (split.map { breakdownCharts($0) } ?? []),
      notes: notes(context))
    shell.breakdown = split
    return CohortReportParts(
      shell: shell, people: people, summaries: summaries, labels: labels.map { .text($0) }, goals: goals,
      listsPeople: listsPeople)
  }

  /// Each of `ranges` (labelled `labels`) to split: its entries, kcal and rows, the people's summed.
  private static func cohortSplit(
    _ people: [CohortPerson], ranges: [Period], labels: [String]
  ) -> [SplitBucket] {
    ranges.indices.map { index in
      var calories = FixedSum()
      for person in people { calories.add(person.buckets[index].totals.calories) }
      return SplitBucket(
        label: labels[index], range: ranges[index],
        entries: people.reduce(0) { $0 + $1.buckets[index].entries },
        calories: calories, rows: BreakdownRow.summed(people.lazy.flatMap { $0.split[index] }))
    }
  }

  /// The figures columns after the bucket, journal and row.
  private static func cohortColumns(goals: [GoalNutrient]) -> [ReportColumn] {
    var columns = [
      ReportColumn(id: "people_logging", title: "People", isNumeric: true),
      ReportColumn(id: "entries", title: "Entries", isNumeric: true),
      ReportColumn(id: "days_logged", title: "Days", isNumeric: true),
      ReportColumn(id: "needs_review", title: "Review", isNumeric: true),
    ]
    for nutrient in GoalNutrient.allCases {
      let unit = nutrient == .calories ? "kcal" : "\(nutrient.rawValue.prefix(4)) g"
      columns += [
        ReportColumn(id: "avg_daily_\(nutrient.rawValue)", title: "\(unit)/day", isNumeric: true),
        ReportColumn(id: "\(nutrient.rawValue)_median", title: "median", isNumeric: true),
        ReportColumn(id: "\(nutrient.rawValue)_p10", title: "p10", isNumeric: true),
        ReportColumn(id: "\(nutrient.rawValue)_p90", title: "p90", isNumeric: true),
      ]
    }
    for nutrient in goals {
      columns += [
        ReportColumn(
          id: "\(nutrient.rawValue)_goal_people", title: "\(nutrient.rawValue) goals", isNumeric: true,
          shownToReaders: false),
        ReportColumn(
          id: "\(nutrient.rawValue)_goal_within", title: "\(nutrient.rawValue) within", isNumeric: true,
          shownToReaders: false),
        ReportColumn(
          id: "\(nutrient.rawValue)_goal_within_share", title: "\(nutrient.rawValue) ±10 %", isNumeric: true),
      ]
    }
    return columns
  }

  /// A cohort row's figures.
  private static func cohortCells(_ summary: CohortSummary, goals: [GoalNutrient]) -> [ReportCell] {
    var cells: [ReportCell] = [
      .count(summary.peopleLogging), .count(summary.entries), .count(summary.daysLogged),
      .count(summary.needsReview),
    ]
    for distribution in summary.distributions {
      let decimals = shownDecimals(distribution.nutrient)
      let count = distribution.averages.count
      cells.append(count == 0 ? .missing : .number(.ratio(distribution.meanTotal, count), decimals: decimals))
      cells.append(distribution.median.map { .number(.fraction($0), decimals: decimals) } ?? .missing)
      for value in [distribution.p10, distribution.p90] {
        cells.append(value.map { .number(.ratio($0.total, $0.days), decimals: decimals) } ?? .missing)
      }
    }
    for nutrient in goals {
      cells += adherenceCells(summary.adherence.first { $0.nutrient == nutrient })
    }
    return cells
  }

  /// A person's row: the figures of the cohort of one, `CohortSummary([member])`, worked out
  /// directly: their own daily averages, no spread, and their standing against their own goals.
  private static func appendPersonCells(
    _ member: CohortMember, goals: [GoalNutrient], to cells: inout [ReportCell]
  ) {
    cells.append(.count(member.isLogging ? 1 : 0))
    cells.append(.count(member.entries))
    cells.append(.count(member.daysLogged))
    cells.append(.count(member.needsReview))
    for nutrient in GoalNutrient.allCases {
      let average = member.dailyAverage(nutrient)
      cells.append(
        average.map { .number(.ratio($0.total, $0.days), decimals: shownDecimals(nutrient)) } ?? .missing)
      for _ in 0..<3 { cells.append(.missing) }
    }
    for nutrient in goals {
      cells += adherenceCells(
        CohortSummary.GoalAdherence(nutrient, statuses: member.goalStatus(nutrient).map { [$0] } ?? []))
    }
  }

  /// People with a goal, those within it, and their share (none without an adherence).
  private static func adherenceCells(_ adherence: CohortSummary.GoalAdherence?) -> [ReportCell] {
    [
      .count(adherence?.people ?? 0), .count(adherence?.within ?? 0),
      adherence?.withinShare.map { .number(.fraction($0), decimals: 2) } ?? .missing,
    ]
  }

  /// The decimals readers see of a daily amount of `nutrient`.
  private static func shownDecimals(_ nutrient: GoalNutrient) -> Int { nutrient == .calories ? 0 : 1 }

  /// The cohort over the whole period: people, entries, and the spread of daily calories.
  private static func cohortSummary(_ whole: CohortSummary) -> [ReportFact] {
    var facts = [
      ReportFact(id: "people", label: "People", value: .count(whole.people)),
      ReportFact(id: "people_logging", label: "People logging", value: .count(whole.peopleLogging)),
      ReportFact(id: "entries", label: "Entries", value: .count(whole.entries)),
      ReportFact(id: "needs_review", label: "Entries to review", value: .count(whole.needsReview)),
    ]
    let calories = whole.distributions[GoalNutrient.calories.index]
    if !calories.averages.isEmpty {
      facts.append(
        ReportFact(
          id: "avg_daily_calories", label: "Mean of daily averages (kcal)",
          value: .number(.ratio(calories.meanTotal, calories.averages.count), decimals: 0)))
      if let median = calories.median {
        facts.append(
          ReportFact(
            id: "calories_median", label: "Median daily average (kcal)",
            value: .number(.fraction(median), decimals: 0)))
      }
    }
    for adherence in whole.adherence {
      if let share = adherence.withinShare {
        facts.append(
          ReportFact(
            id: "\(adherence.nutrient.rawValue)_goal_within_share",
            label: "Within ±10 % of own \(adherence.nutrient.rawValue) goal",
            value: .number(.fraction(share), decimals: 2)))
      }
    }
    return facts
  }

  private static func cohortFacts(_ context: ReportContext, people: Int) -> [ReportFact] {
    [
      ReportFact(id: "today", label: "Today", value: .text(context.today.description)),
      ReportFact(id: "week_start", label: "Weeks start on", value: .text(context.weekStart.rawValue)),
      ReportFact(id: "people", label: "Journals", value: .count(people)),
      ReportFact(
        id: "settings", label: "Time zone, goals, thresholds", value: .text("each journal's own")),
      ReportFact(id: "skipped_lines", label: "Invalid lines skipped", value: .count(context.skippedLines)),
    ]
  }

  /// Each bucket's spread of the people's daily calories: p10 to p90, the median, every person.
  private static func distributionChart(
    _ summaries: [CohortSummary], ranges: [Period], size: BucketSize, noun: String
  ) -> ReportChart {
    let points = zip(summaries, ranges).map { summary, range -> ChartPoint in
      let label = Period.bucketLabel(of: range, size)
      let calories = summary.distributions[GoalNutrient.calories.index]
      guard let median = calories.median, let p10 = calories.p10, let p90 = calories.p90 else {
        return ChartPoint(label: label, value: 0, display: "nobody logged")
      }
      let people = "\(count: calories.averages.count, "person", plural: "people")"
      return ChartPoint(
        label: label, value: median.doubleValue,
        display: "median \(median.rounded(0)) kcal/day, p10 \(p10.fraction.rounded(0)) to p90 "
          + "\(p90.fraction.rounded(0)), \(people)",
        spread: ChartSpread(
          low: p10.fraction.doubleValue, high: p90.fraction.doubleValue,
          values: calories.averages.map(\.fraction.doubleValue)))
    }
    return ReportChart(
      id: "calories-distribution", kind: .distribution, title: "Daily calories across the cohort, by \(noun)",
      summary:
        "Each person's average calories per logged day in each \(noun): a dot per person, a box from the "
        + "10th to the 90th percentile and a line at the median.",
      unit: "kcal/day", points: points)
  }
}
