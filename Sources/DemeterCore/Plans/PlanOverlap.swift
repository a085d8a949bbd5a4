import DemeterFoundation
import DemeterJournal

/// A day that two plan files plan, which is an error (a day has one plan): the day, the plan that
/// plans it first in name order, and a later plan that plans it again.
public struct PlanOverlap: Sendable, Hashable {
  public var date: CivilDate
  /// The name of the plan that plans the day first.
  public var earlier: String
  /// The name of the later plan that plans it again.
  public var later: String

  public init(date: CivilDate, earlier: String, later: String) {
    self.date = date
    self.earlier = earlier
    self.later = later
  }

  /// What `check`, `plan` and `plan shopping` say about it.
  public var message: String {
    "\(date) is planned both by \(earlier) and by \(later); remove it from one of them"
  }
}

extension PlanStore {
  /// The days that more than one of `plans` (in name order, as `readAll` gives them) plans: each
  /// day of a plan that an earlier plan already plans, in plan order, then day order.
  /// - Complexity: O(days of all plans).
  public static func overlaps(_ plans: [MealPlan]) -> [PlanOverlap] {
    var plannedBy: [CivilDate: String] = [:]
    var overlaps: [PlanOverlap] = []
    for plan in plans {
      for day in plan.days {
        if let earlier = plannedBy[day.date] {
          overlaps.append(PlanOverlap(date: day.date, earlier: earlier, later: plan.name))
        } else {
          plannedBy[day.date] = plan.name
        }
      }
    }
    return overlaps
  }

  /// Throws when another plan file (a readable one, other than `plan`'s own) plans a day of `plan`,
  /// naming the first such day, the plan and its file.
  func requireOnlyPlan(_ plan: MealPlan) throws(ModelError) {
    let others = names().filter { $0 != plan.name }.compactMap { try? read($0)?.plan }
    let overlaps = Self.overlaps(others + [plan]).filter { $0.later == plan.name }
    guard let first = overlaps.first else { return }
    let more = overlaps.count > 1 ? " (and \(count: overlaps.count - 1, "more day") planned elsewhere)" : ""
    throw .validationError(
      "\(first.date) is already planned by \(first.earlier) (\(AtomicFileWriter.quoted(path(of: first.earlier))))"
        + "\(more); a day has one plan: remove it from one of them first; nothing was written")
  }
}
