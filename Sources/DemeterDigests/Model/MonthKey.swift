import DemeterFoundation

/// A calendar month, as `year × 12 + month − 1`.
package struct MonthKey: Hashable, Comparable, Sendable {
  package var value: Int32

  package init(_ date: CivilDate) {
    value = Int32(date.year * 12 + date.month - 1)
  }

  package init(value: Int32) {
    self.value = value
  }

  package var first: CivilDate { CivilDate(year: Int(value) / 12, month: Int(value) % 12 + 1, day: 1)! }

  package var last: CivilDate { MonthKey(value: value + 1).first.adding(days: -1) }

  package static func < (a: MonthKey, b: MonthKey) -> Bool { a.value < b.value }
}
