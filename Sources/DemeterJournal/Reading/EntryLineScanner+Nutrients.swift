/// The straight path's run of number members: in a canonical line, from `calories` to
/// `confidence` (`,"calories":…,"protein":…,"carbohydrates":…,"fat":…`, then `,"fiber":…` and
/// `,"sugar":…` where present, then `,"confidence":…`), read by one small function out of line:
/// its member starts are literals (constant words, as `KeyPattern` has them), so the run costs no
/// table loads, and the scanner's body one call instead of a call and a table pattern per member.
///
/// It reads only what the member-by-member path would read the same way (each member start in
/// place, each number in `shortDecimal`'s form); at anything else it gives nil without changing
/// the entry, and that path reads the run from its start.
extension EntryLineScanner {
  /// The numbers of a run, the index after it, and whether fiber and sugar were there.
  package struct NumberRun {
    package var amounts = NutrientAmounts()
    package var confidence: Int64 = 0
    package var end = 0
    package var hasFiber = false
    package var hasSugar = false
  }

  /// Reads the run at the cursor into the entry when it is all there in the straight form, setting
  /// `seen` and `expected` as the member path would; false (nothing changed) otherwise.
  @inline(__always)
  mutating func readNumberRun(_ cursor: inout LineCursor, seen: inout UInt32, expected: inout Int) -> Bool {
    guard let run = Self.numberRun(cursor.start, at: cursor.index, readable: cursor.count) else {
      return false
    }
    func bit(_ field: EntryField) -> UInt32 { Self.seenBit(ordinal: field.ordinal) }
    let fiber = run.hasFiber ? bit(.fiber) : 0
    let sugar = run.hasSugar ? bit(.sugar) : 0
    seen |= bit(.calories) | bit(.protein) | bit(.carbohydrates) | bit(.fat) | fiber | sugar
      | bit(.confidence)
    expected = EntryField.confidence.ordinal + 1
    entry.amounts = run.amounts
    entry.confidence = run.confidence
    cursor.index = run.end
    return true
  }

  /// The run starting at `start` of `raw`, of which `readable` bytes may be loaded; nil when it is
  /// not all in the straight form.
  @inline(never)
  package static func numberRun(_ raw: UnsafeRawPointer, at start: Int, readable: Int) -> NumberRun? {
    var run = NumberRun()
    var index = start
    guard let calories = member(",\"calories\":", raw, &index, readable),
      let protein = member(",\"protein\":", raw, &index, readable),
      let carbohydrates = member(",\"carbohydrates\":", raw, &index, readable),
      let fat = member(",\"fat\":", raw, &index, readable)
    else { return nil }
    run.amounts[.calories] = calories
    run.amounts[.protein] = protein
    run.amounts[.carbohydrates] = carbohydrates
    run.amounts[.fat] = fat
    if starts(",\"fiber\":", raw, index, readable) {
      guard let fiber = member(",\"fiber\":", raw, &index, readable) else { return nil }
      run.amounts[.fiber] = fiber
      run.hasFiber = true
    }
    if starts(",\"sugar\":", raw, index, readable) {
      guard let sugar = member(",\"sugar\":", raw, &index, readable) else { return nil }
      run.amounts[.sugar] = sugar
      run.hasSugar = true
    }
    guard let confidence = member(",\"confidence\":", raw, &index, readable) else { return nil }
    run.confidence = confidence
    run.end = index
    return run
  }

  /// The number of the member whose start is `literal` at `index` (moved past it), or nil when the
  /// member does not start there or its number is not in `shortDecimal`'s form.
  @inline(__always)
  private static func member(
    _ literal: StaticString, _ raw: UnsafeRawPointer, _ index: inout Int, _ readable: Int
  ) -> Int64? {
    guard starts(literal, raw, index, readable) else { return nil }
    let numberStart = index &+ literal.utf8CodeUnitCount
    guard numberStart &+ shortDecimalReach <= readable,
      let (value, end) = shortDecimal(raw, at: numberStart)
    else { return nil }
    index = end
    return value
  }

  /// Whether the member start `literal` begins at `index` of `raw`, loading its length rounded up
  /// to whole words (there must be `readable` bytes). Written so that the literal's words fold into
  /// constants (one loop of at most eight bytes per word).
  @inline(__always)
  private static func starts(
    _ literal: StaticString, _ raw: UnsafeRawPointer, _ index: Int, _ readable: Int
  ) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard index &+ (count + 7) / 8 * 8 <= readable else { return false }
    let (word0, mask0) = word(literal, from: 0)
    var differences = (raw.littleEndianWord(at: index) ^ word0) & mask0
    if count > 8 {
      let (word1, mask1) = word(literal, from: 8)
      differences |= (raw.littleEndianWord(at: index &+ 8) ^ word1) & mask1
    }
    if count > 16 {
      let (word2, mask2) = word(literal, from: 16)
      differences |= (raw.littleEndianWord(at: index &+ 16) ^ word2) & mask2
    }
    return differences == 0
  }

  /// The literal's bytes from `start` (up to eight) as a little-endian word, and their mask.
  @inline(__always)
  private static func word(_ literal: StaticString, from start: Int) -> (word: UInt64, mask: UInt64) {
    var word: UInt64 = 0
    var mask: UInt64 = 0
    var position = start
    while position < literal.utf8CodeUnitCount, position < start + 8 {
      let shift = UInt64(8 * (position - start))
      word |= UInt64(literal.utf8Start[position]) << shift
      mask |= 0xFF << shift
      position += 1
    }
    return (word, mask)
  }
}
