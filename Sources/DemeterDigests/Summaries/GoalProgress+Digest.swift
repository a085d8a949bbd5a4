import DemeterFoundation

extension GoalProgress {
  /// `evaluate` over the totals of the logged days.
  package static func evaluate(
    _ goals: Goals, tolerance: FixedDecimal, loggedDays: some RandomAccessCollection<DigestTotals>
  ) -> [GoalProgress] {
    let loggedDays = Array(loggedDays)
    return evaluate(goals, tolerance: tolerance, days: loggedDays.map(\.date)) { loggedDays[$0][$1.nutrient] }
  }
}
