import DemeterFoundation
import DemeterJournal

extension JournalDigests {
  /// Aggregates the digests over caller-made buckets (manual: reports): one summary per bucket in the order
  /// given (empty buckets included), a summary of the union of the buckets' days, each bucket's
  /// change of daily averages against the one before, the moving average of daily calories, and,
  /// with `options.breakdown`, each bucket's split (`breakdown(of:by:)`).
  /// Buckets are merges of day totals: their confidence median, p10 and histogram, top foods,
  /// meals, micronutrients and flagged-entry lists (but not their counts) are left empty. The whole
  /// period also merges the days' detail (by month where the source keeps months), and its flagged
  /// lists are read back from the files by location.
  ///
  /// - Parameters:
  ///   - buckets: at least one; they may leave gaps or overlap.
  ///   - previous: the range before the first bucket, for its `change`; nil leaves it nil.
  ///   - options: must imply the digests' `rules`.
  ///   - detail: false leaves the whole period's detail and lists empty too (for a report that
  ///     shows only totals).
  ///   - trend: false leaves `movingAverage` empty (for a report that draws no trend line: it has
  ///     one point per day of the buckets, millions for a period of centuries).
  /// - Complexity: O(Σ dᵢ·l) for dᵢ days in each bucket and l the length of a day's lists, plus
  ///   O(D·w) for the moving average over D days and a window of w.
  public func summarize(
    buckets: [Period], previous: Period? = nil, options: AggregationOptions, detail: Bool = true,
    trend: Bool = true
  ) -> PeriodAggregate {
    precondition(!buckets.isEmpty, "summarize needs at least one bucket")
    if detail || (options.breakdown?.tallied != nil && !keepsSplit), keepsOnlyTotals {
      return withDetail.summarize(buckets: buckets, previous: previous, options: options, detail: detail, trend: trend)
    }
    precondition(DigestRules(options) == rules, "the digests were made under other rules")
    let union = Period.union(of: buckets.map(\.dayNumbers))
    let whole = Period(
      first: CivilDate(dayNumber: union[0].lowerBound), last: CivilDate(dayNumber: union[union.count - 1].upperBound))
    let wholeSummary = summary(of: whole, days: union, options: options, lists: detail)
    var summaries = buckets.map { summary(of: $0, days: [$0.dayNumbers], options: options, lists: false) }
    var before = previous.map { summary(of: $0, days: [$0.dayNumbers], options: options, lists: false) }
    for index in summaries.indices {
      if let before {
        summaries[index].change = DailyChange(
          from: before.totals, days: before.daysLogged, to: summaries[index].totals,
          days: summaries[index].daysLogged)
      }
      before = summaries[index]
      if let dimension = options.breakdown {
        summaries[index].breakdown = breakdown(of: summaries[index].range, by: dimension)
      }
    }
    return PeriodAggregate(
      options: options, buckets: summaries, whole: wholeSummary,
      movingAverage: trend ? movingAverage(over: union, window: options.movingAverageDays) : [])
  }

  /// How the entries of `period` use the ingredient database.
  /// - Complexity: the merge of the period's detail.
  public func ingredientUsage(in period: Period) -> IngredientUsageSummary {
    if keepsOnlyTotals { return withDetail.ingredientUsage(in: period) }
    let detail = detail(in: period)
    let used = detail.ingredients.map {
      IngredientUsage(
        ingredientID: names[$0.code], entries: Int($0.calories.entries),
        calories: FixedSum(billionths: $0.calories.amount), confidenceSum: FixedSum(billionths: $0.confidence))
    }.sorted { ($1.entries, $0.ingredientID) < ($0.entries, $1.ingredientID) }
    return IngredientUsageSummary(
      used: used, unmatchedEntries: Int(detail.unmatched.entries),
      unmatchedCalories: FixedSum(billionths: detail.unmatched.amount),
      totalEntries: days(in: period).reduce(0) { $0 + Int($1.entries) })
  }

  /// The summary of the days `intervals` (sorted, disjoint), reported as `range`; with `lists`, the
  /// detail too.
  package func summary(
    of range: Period, days intervals: [ClosedRange<Int>], options: AggregationOptions, lists: Bool
  ) -> BucketSummary {
    let periods = intervals.map { Period(first: CivilDate(dayNumber: $0.lowerBound), last: CivilDate(dayNumber: $0.upperBound)) }
    var totals = DigestTotals(day: Int32(range.first.dayNumber))
    var logged: [DigestTotals] = []
    for period in periods { logged += days(in: period) }
    for day in logged { totals.merge(day) }
    let detail = lists ? DigestDetail.merged(periods.map { self.detail(in: $0) }, limit: rules.reviewLimit) : nil
    var highest: DayCalories?
    var lowest: DayCalories?
    for day in logged {
      let calories = day[.calories]
      if highest.map({ calories > $0.calories }) ?? true { highest = DayCalories(date: day.date, calories: calories) }
      if lowest.map({ calories < $0.calories }) ?? true { lowest = DayCalories(date: day.date, calories: calories) }
    }
    let nutrients = NutrientTotals(totals)
    let shown = detail ?? DigestDetail()
    let flagged = lists ? readBack([shown.needsReview, shown.energyInconsistent], limit: options.reviewLimit) : [[], []]
    return BucketSummary(
      range: range, entries: Int(totals.entries), daysLogged: logged.count,
      daysInBucket: intervals.reduce(0) { $0 + $1.count }, totals: nutrients,
      micronutrients: shown.micronutrients.map {
        MicronutrientTotal(name: names[$0.code], amount: FixedSum(billionths: $0.amount), entries: Int($0.entries))
      }.sorted { ExactArithmetic.precedes($0.name, $1.name) },
      dailyAverages: nutrients.perDay(over: logged.count), highestDay: highest, lowestDay: lowest,
      macroSplit: MacroSplit(protein: nutrients.protein, carbohydrates: nutrients.carbohydrates, fat: nutrients.fat),
      confidence: ConfidenceStatistics(totals, detail: detail),
      needsReview: flagged[0],
      needsReviewCount: Int(totals.needsReview),
      energyInconsistent: flagged[1],
      energyInconsistentCount: Int(totals.energyInconsistent),
      topFoods: TopFoods(
        ranking: shown.foods.map {
          FoodTotal(name: names[$0.code], entries: Int($0.entries), calories: FixedSum(billionths: $0.amount))
        }, limit: options.topFoodCount),
      meals: MealTotal.breakdown(
        named: shown.meals.map {
          MealTotal(meal: names[$0.code], entries: Int($0.entries), calories: FixedSum(billionths: $0.amount))
        },
        unspecified: MealTotal(
          meal: nil, entries: Int(shown.unspecifiedMeal.entries),
          calories: FixedSum(billionths: shown.unspecifiedMeal.amount)), order: options.mealOrder),
      goals: GoalProgress.evaluate(options.goals, tolerance: options.goalTolerance, loggedDays: logged),
      change: nil, unmatchedEntries: Int(shown.unmatched.entries))
  }

  /// The trailing moving average of daily calories for every day of `intervals`.
  private func movingAverage(over intervals: [ClosedRange<Int>], window: Int) -> [MovingAveragePoint] {
    var points: [MovingAveragePoint] = []
    for interval in intervals {
      let start = interval.lowerBound - window + 1
      let inReach = days(in: Period(first: CivilDate(dayNumber: start), last: CivilDate(dayNumber: interval.upperBound)))
      var calories = [Int128?](repeating: nil, count: interval.upperBound - start + 1)
      for day in inReach { calories[Int(day.day) - start] = day.sums[Nutrient.calories.ordinal] }
      for dayNumber in interval {
        var sum: Int128 = 0
        var logged = 0
        for offset in (dayNumber - window + 1 - start)...(dayNumber - start) {
          if let value = calories[offset] {
            sum += value
            logged += 1
          }
        }
        points.append(
          MovingAveragePoint(
            date: CivilDate(dayNumber: dayNumber), calories: ExactArithmetic.mean(sum, count: logged),
            daysLogged: logged))
      }
    }
    return points
  }
}

extension NutrientTotals {
  /// The nutrient sums of digest totals.
  package init(_ digest: DigestTotals) {
    self.init { digest[$0] }
  }
}
