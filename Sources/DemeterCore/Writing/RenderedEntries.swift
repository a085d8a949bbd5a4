/// The records of one date's entries as an export writes them (`EntryRecordRenderer`): their bytes
/// one after another, where each ends, and each entry's second of the day (for list order).
package struct RenderedEntries: Sendable {
  /// The records, one after another.
  package private(set) var bytes: [UInt8] = []
  /// The end of each record in `bytes`.
  private var ends: [Int] = []
  /// Each entry's second of the day.
  package private(set) var secondsOfDay: [Int] = []

  package init() {}

  package var count: Int { ends.count }

  /// Adds the record `render` appends, of an entry at `secondOfDay`.
  @inline(__always)
  mutating func append(secondOfDay: Int, _ render: (inout [UInt8]) -> Void) {
    render(&bytes)
    ends.append(bytes.count)
    secondsOfDay.append(secondOfDay)
  }

  /// The records of `dates` one after another.
  init(joining dates: [RenderedEntries]) {
    bytes.reserveCapacity(dates.reduce(0) { $0 + $1.bytes.count })
    for date in dates {
      let start = bytes.count
      bytes += date.bytes
      ends += date.ends.map { $0 + start }
      secondsOfDay += date.secondsOfDay
    }
  }

  /// The records in the order of `order` (positions of all of them).
  func reordered(_ order: [Int]) -> RenderedEntries {
    var reordered = RenderedEntries()
    reordered.bytes.reserveCapacity(bytes.count)
    for position in order {
      reordered.append(secondOfDay: secondsOfDay[position]) { out in
        out += bytes[(position == 0 ? 0 : ends[position - 1])..<ends[position]]
      }
    }
    return reordered
  }
}
