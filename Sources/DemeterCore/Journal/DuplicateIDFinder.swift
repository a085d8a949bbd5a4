/// Finds entries whose id appeared on an earlier row (ids compare as UUID values, so letter case
/// does not matter). An open-addressing table of row numbers, 4 bytes per slot, so the check costs
/// about 6 bytes per entry while it runs and no allocation per id.
struct DuplicateIDFinder {
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

  /// Spreads any bits of the id over the low bits (ids need not be random).
  static func mixed(_ value: UInt128) -> UInt64 {
    var state =
      UInt64(truncatingIfNeeded: value) ^ UInt64(truncatingIfNeeded: value >> 64) &* 0x9E37_79B9_7F4A_7C15
    state ^= state >> 33
    state &*= 0xFF51_AFD7_ED55_8CCD
    state ^= state >> 33
    return state
  }
}
