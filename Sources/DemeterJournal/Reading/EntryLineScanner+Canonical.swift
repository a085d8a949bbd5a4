/// The scanner's straight path for lines written as the app and `fmt` write them: compact, keys
/// in canonical order (`"id":…,"timestamp":…,…,"confidence":…,"matchedIngredientID":…`). Each
/// member's start, from the comma after the value before it to the colon, is checked in place as
/// one pattern, and each value is read by the field's own reader; no key is searched, counted or
/// dispatched on.
///
/// At the first required member that is not where canonical order puts it (another order,
/// whitespace, a `schemaVersion` first), the general member loop takes over from there with what
/// was read so far, so a line is never read twice and every line reads as the loop alone would
/// read it.
extension EntryLineScanner {
  /// Reads the members written in canonical form from just after the object's opening brace, as
  /// far as they come so, setting `seen` and `expected` as the member loop would have; false when
  /// a value is not one the fast path reads (the line is declined).
  @inline(__always)
  package mutating func readCanonicalMembers(
    _ cursor: inout LineCursor, seen: inout UInt32, expected: inout Int, keepsRawDescription: Bool,
    keepsTagsAndNote: Bool
  ) -> Bool {
    /// Whether the value of the line made the fast path decline it (passed to each `member`, not
    /// captured by it: a captured variable is checked for exclusive access at run time).
    var declined = false
    /// Reads `field` if its member starts at the cursor (false when it does not, or when its value
    /// declines the line, which sets `declined`).
    @inline(__always)
    func member(_ field: EntryField, _ declined: inout Bool) -> Bool {
      let pattern = patterns[field.ordinal]
      // (Offsets within a line cannot overflow; `&+` spares the checks.)
      guard cursor.index &+ pattern.reach <= cursor.count, pattern.matches(cursor.start, at: cursor.index)
      else { return false }
      cursor.index &+= pattern.length
      guard
        readValue(
          of: field, &cursor, keepsRawDescription: keepsRawDescription, keepsTagsAndNote: keepsTagsAndNote)
      else {
        declined = true
        return false
      }
      seen |= Self.seenBit(ordinal: field.ordinal)
      expected = field.ordinal + 1
      return true
    }
    // Written out, so that each value's reader is the field's own: required members in order (the
    // loop takes over at the first one not there), optional ones where they may be.
    guard member(.id, &declined), member(.timestamp, &declined), member(.rawDescription, &declined),
      member(.foodName, &declined), member(.quantity, &declined), member(.unit, &declined)
    else { return !declined }
    // The numbers from calories to confidence in one call where they come straight (most lines).
    if !readNumberRun(&cursor, seen: &seen, expected: &expected) {
      for nutrient in Nutrient.all where !member(EntryField(nutrient), &declined) {
        if declined || nutrient.isRequired { return !declined }
      }
      guard member(.confidence, &declined) else { return !declined }
    }
    if !member(.matchedIngredientID, &declined), declined { return false }
    if !member(.meal, &declined), declined { return false }
    if !member(.tags, &declined), declined { return false }
    if !member(.micronutrients, &declined), declined { return false }
    if !member(.note, &declined), declined { return false }
    return true
  }
}
