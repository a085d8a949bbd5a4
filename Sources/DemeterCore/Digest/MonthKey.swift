/// A calendar month, as `year × 12 + month − 1`.
struct MonthKey: Hashable, Comparable, Sendable {
  var value: Int32

  init(_ date: CivilDate) {
    value = Int32(date.year * 12 + date.month - 1)
  }

  init(value: Int32) {
    self.value = value
  }

  var first: CivilDate { CivilDate(year: Int(value) / 12, month: Int(value) % 12 + 1, day: 1)! }

  var last: CivilDate { MonthKey(value: value + 1).first.adding(days: -1) }

  static func < (a: MonthKey, b: MonthKey) -> Bool { a.value < b.value }
}
