/// Finds entries whose id appeared on an earlier row (ids compare as UUID values, so letter case
/// does not matter). An open-addressing table of row numbers, 4 bytes per slot, so the check costs
/// about 6 bytes per entry while it runs and no allocation per id.
package struct DuplicateIDFinder {
  /// Spreads any bits of the id over the low bits (ids need not be random).
  package static func mixed(_ value: UInt128) -> UInt64 {
    var state =
      UInt64(truncatingIfNeeded: value) ^ UInt64(truncatingIfNeeded: value >> 64) &* 0x9E37_79B9_7F4A_7C15
    state ^= state >> 33
    state &*= 0xFF51_AFD7_ED55_8CCD
    state ^= state >> 33
    return state
  }
}
