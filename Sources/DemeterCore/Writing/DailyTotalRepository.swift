import DemeterFoundation
import DemeterJournal

/// Daily totals of a journal (manual: journal repository contract). Totals are not stored: each is built from
/// the entries of its day, so it always equals the sum of those entries.
public struct DailyTotalRepository: Sendable {
  public let entries: FoodEntryRepository

  public init(journal: String) {
    entries = FoodEntryRepository(journal: journal)
  }

  /// The total of `date`, or nil when the day has no entries.
  public func fetch(for date: CivilDate) throws(ModelError) -> DailyTotal? {
    let total = try getOrCreate(for: date)
    return total.hasEntries ? total : nil
  }

  /// The totals of the days of `period` that have entries, by date.
  public func fetch(in period: Period) throws(ModelError) -> [DailyTotal] {
    var byDate: [CivilDate: [FoodEntry]] = [:]
    for entry in try entries.entries(where: { period.contains($0.timestamp.localDate) }) {
      byDate[entry.timestamp.localDate, default: []].append(entry)
    }
    var totals: [DailyTotal] = []
    for date in byDate.keys.sorted() {
      totals.append(try DailyTotal(date: date, entries: byDate[date]!))
    }
    return totals
  }

  /// The total of `date`: empty when the day has no entries (nothing is written; totals are derived).
  public func getOrCreate(for date: CivilDate) throws(ModelError) -> DailyTotal {
    try DailyTotal(date: date, entries: try entries.fetch(for: date))
  }
}
