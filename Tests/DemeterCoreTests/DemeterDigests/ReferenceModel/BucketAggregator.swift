@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// The engine behind `EntryTable.summarize`: per-day totals from one scan, the table's rows grouped by
/// day (a counting sort), and tallies reused from bucket to bucket.
///
/// A bucket's sums come from its day totals; the statistics that need single entries (order statistics,
/// histogram, flagged entries, foods, meals, micronutrients) walk only the rows of the bucket's days.
struct BucketAggregator {
  let table: EntryTable
  let options: AggregationOptions
  let dayTotals: DayTotals
  /// Rows of stored day i are `rowsByDay[dayStarts[i]..<dayStarts[i + 1]]`.
  private let dayStarts: [Int]
  private let rowsByDay: [Int32]
  /// Micronutrient records of stored day i are `recordsByDay[recordStarts[i]..<recordStarts[i + 1]]`.
  private let recordStarts: [Int]
  private let recordsByDay: [Int32]
  private var foods: CodeTally
  private var meals: CodeTally
  private var micronutrients: CodeTally

  /// Prepares aggregation of the days in `range`.
  /// - Complexity: O(n + m + d) for n rows, m micronutrient records and d stored days.
  init(table: EntryTable, covering range: Period, options: AggregationOptions) {
    self.table = table
    self.options = options
    let dayTotals = DayTotals(table: table, covering: range, options: options)
    self.dayTotals = dayTotals
    let firstDay = dayTotals.firstDayNumber
    let dayCount = dayTotals.totals.count
    func offset(ofRow row: Int) -> Int? {
      let offset = Int(table.day[row]) - firstDay
      return offset >= 0 && offset < dayCount ? offset : nil
    }
    (dayStarts, rowsByDay) = Self.group(count: table.count, into: dayCount) { offset(ofRow: $0) }
    (recordStarts, recordsByDay) = Self.group(count: table.micronutrientRow.count, into: dayCount) {
      offset(ofRow: Int(table.micronutrientRow[$0]))
    }
    foods = CodeTally(codeCount: table.foodNames.count)
    meals = CodeTally(codeCount: table.meals.count)
    micronutrients = CodeTally(codeCount: table.micronutrientNames.count)
  }

  /// A stable counting sort of `0..<count` into `slotCount` slots (items without a slot are dropped).
  /// - Complexity: O(count + slotCount).
  private static func group(count: Int, into slotCount: Int, slot: (Int) -> Int?) -> ([Int], [Int32]) {
    var starts = [Int](repeating: 0, count: slotCount + 1)
    for item in 0..<count {
      if let index = slot(item) { starts[index + 1] += 1 }
    }
    for index in 0..<slotCount { starts[index + 1] += starts[index] }
    var next = starts
    var items = [Int32](repeating: 0, count: starts[slotCount])
    for item in 0..<count {
      if let index = slot(item) {
        items[next[index]] = Int32(item)
        next[index] += 1
      }
    }
    return (starts, items)
  }

  /// The nutrient totals of `range` and its logged days.
  /// - Complexity: O(d) in the days of the range.
  func loggedTotals(of range: Period) -> (totals: NutrientTotals, days: Int) {
    var total = DayTotal()
    var logged = 0
    for dayNumber in dayTotals.storedDays(in: range.dayNumbers) {
      let day = dayTotals[dayNumber: dayNumber]
      if day.entries > 0 {
        total.add(day)
        logged += 1
      }
    }
    return (NutrientTotals(total), logged)
  }

  /// The trailing moving average of daily calories for every day of `intervals`.
  /// - Complexity: O(d·w) for d days and a window of w days.
  func movingAverage(over intervals: [ClosedRange<Int>]) -> [MovingAveragePoint] {
    let window = options.movingAverageDays
    var points: [MovingAveragePoint] = []
    for interval in intervals {
      for dayNumber in interval {
        var sum = FixedSum()
        var logged = 0
        for day in (dayNumber - window + 1)...dayNumber {
          let total = dayTotals[dayNumber: day]
          if total.entries > 0 {
            sum.add(total.calories)
            logged += 1
          }
        }
        points.append(
          MovingAveragePoint(
            date: CivilDate(dayNumber: dayNumber),
            calories: ExactArithmetic.mean(sum.billionths, count: logged),
            daysLogged: logged))
      }
    }
    return points
  }

  /// The summary of the days `intervals` (sorted, disjoint day-number ranges) reported as `range`.
  /// - Complexity: O(d + r log r) for d days and r rows in the bucket.
  mutating func summary(of range: Period, days intervals: [ClosedRange<Int>]) -> BucketSummary {
    var total = DayTotal()
    var daysInBucket = 0
    var loggedDays: [(date: CivilDate, total: DayTotal)] = []
    var highest: DayCalories?
    var lowest: DayCalories?
    for interval in intervals {
      daysInBucket += interval.count
      for dayNumber in dayTotals.storedDays(in: interval) {
        let day = dayTotals[dayNumber: dayNumber]
        guard day.entries > 0 else { continue }
        total.add(day)
        let date = CivilDate(dayNumber: dayNumber)
        loggedDays.append((date, day))
        if highest.map({ day.calories > $0.calories }) ?? true {
          highest = DayCalories(date: date, calories: day.calories)
        }
        if lowest.map({ day.calories < $0.calories }) ?? true {
          lowest = DayCalories(date: date, calories: day.calories)
        }
      }
    }
    let rows = scanRows(of: intervals, expectedCount: total.entries)
    let totals = NutrientTotals(total)
    return BucketSummary(
      range: range, entries: total.entries, daysLogged: loggedDays.count, daysInBucket: daysInBucket,
      totals: totals, micronutrients: rows.micronutrients,
      dailyAverages: totals.perDay(over: loggedDays.count),
      highestDay: highest, lowestDay: lowest,
      macroSplit: MacroSplit(protein: total.protein, carbohydrates: total.carbohydrates, fat: total.fat),
      confidence: ConfidenceStatistics(totals: total, sortedConfidences: RadixSort.sorted(rows.confidences)),
      needsReview: FlaggedEntry.sortedList(rows.needsReview, limit: options.reviewLimit, table: table),
      needsReviewCount: rows.needsReview.count,
      energyInconsistent: FlaggedEntry.sortedList(
        rows.energyInconsistent, limit: options.reviewLimit, table: table),
      energyInconsistentCount: rows.energyInconsistent.count, topFoods: rows.topFoods, meals: rows.meals,
      goals: GoalProgress.evaluate(options.goals, tolerance: options.goalTolerance, loggedDays: loggedDays),
      change: nil, unmatchedEntries: rows.unmatchedEntries)
  }

  /// What a bucket needs from its single entries.
  private struct RowFindings {
    var confidences: [Int64] = []
    var needsReview: [FlaggedEntry.Candidate] = []
    var energyInconsistent: [FlaggedEntry.Candidate] = []
    var topFoods = TopFoods()
    var meals: [MealTotal] = []
    var micronutrients: [MicronutrientTotal] = []
    var unmatchedEntries = 0
  }

  /// One walk over the rows (and micronutrient records) of the bucket's days.
  /// - Complexity: O(r + m + f log f) for r rows, m records and f distinct foods.
  private mutating func scanRows(of intervals: [ClosedRange<Int>], expectedCount: Int) -> RowFindings {
    var findings = RowFindings()
    findings.confidences.reserveCapacity(expectedCount)
    let low = options.lowConfidence.billionths
    let tolerance = options.energyConsistency
    let alcohol = tolerance.alcoholByRow(in: table)
    var unspecified = MealTotal(meal: nil, entries: 0, calories: FixedSum())
    for interval in intervals {
      for dayNumber in dayTotals.storedDays(in: interval) {
        let offset = dayNumber - dayTotals.firstDayNumber
        for row in rowsByDay[dayStarts[offset]..<dayStarts[offset + 1]].lazy.map(Int.init) {
          let confidence = table.confidence[row]
          let calories = table.nutrients[Nutrient.calories.ordinal][row]
          findings.confidences.append(confidence)
          foods.add(table.foodNameCode[row], calories)
          let meal = table.mealCode[row]
          if meal >= 0 {
            meals.add(meal, calories)
          } else {
            unspecified.entries += 1
            unspecified.calories.billionths += Int128(calories)
          }
          var reasons: ReviewReasons = []
          if confidence < low { reasons.insert(.lowConfidence) }
          if table.ingredientCode[row] < 0 {
            reasons.insert(.unmatched)
            findings.unmatchedEntries += 1
          }
          let energy = FlaggedEntry.macroEnergy(ofRow: row, in: table)
          if tolerance.isInconsistent(calories: calories, macroEnergy: energy, alcohol: alcohol[row]) {
            reasons.insert(.energyInconsistent)
          }
          guard !reasons.isDisjoint(with: DigestRules(options).toReview) else { continue }
          let candidate = FlaggedEntry.Candidate(row: Int32(row), reasons: reasons)
          findings.needsReview.append(candidate)
          if reasons.contains(.energyInconsistent) { findings.energyInconsistent.append(candidate) }
        }
        for record in recordsByDay[recordStarts[offset]..<recordStarts[offset + 1]].lazy.map(Int.init) {
          micronutrients.add(table.micronutrientNameCode[record], table.micronutrientAmount[record])
        }
      }
    }
    findings.topFoods = TopFoods(
      ranking: foods.drain().map {
        FoodTotal(name: table.foodNames[$0.code], entries: $0.count, calories: FixedSum(billionths: $0.sum))
      }, limit: options.topFoodCount)
    findings.meals = MealTotal.breakdown(
      named: meals.drain().map {
        MealTotal(meal: table.meals[$0.code], entries: $0.count, calories: FixedSum(billionths: $0.sum))
      }, unspecified: unspecified, order: options.mealOrder)
    findings.micronutrients = micronutrients.drain().map {
      MicronutrientTotal(
        name: table.micronutrientNames[$0.code], amount: FixedSum(billionths: $0.sum), entries: $0.count)
    }.sorted { ExactArithmetic.precedes($0.name, $1.name) }
    return findings
  }
}
