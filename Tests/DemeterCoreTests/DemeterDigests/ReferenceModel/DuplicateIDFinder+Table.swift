@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

extension DuplicateIDFinder {
  /// The rows whose id appeared on an earlier row (ids compare as UUID values, so letter case does
  /// not matter): an open-addressing table of row numbers, 4 bytes per slot.
  /// For each (row, earlier row with the same id).
  static func duplicates(in column: EntryIDColumn) -> [(row: Int, first: Int)] {
    guard column.count > 1 else { return [] }
    var capacity = 16
    while capacity < column.count + column.count / 2 { capacity <<= 1 }
    let mask = capacity - 1
    /// Row + 1 of the id stored in each slot; 0 is empty.
    var slots = [Int32](repeating: 0, count: capacity)
    var found: [(row: Int, first: Int)] = []
    let ids = column.values
    for row in 0..<column.count {
      let value = ids[row]
      var position = Int(truncatingIfNeeded: mixed(value)) & mask
      while true {
        let stored = Int(slots[position])
        if stored == 0 {
          slots[position] = Int32(row + 1)
          break
        }
        if ids[stored - 1] == value {
          found.append((row, stored - 1))
          break
        }
        position = (position + 1) & mask
      }
    }
    return found
  }
}
