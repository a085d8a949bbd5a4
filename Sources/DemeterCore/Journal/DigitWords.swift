/// Decimal digits read eight bytes at a time (SWAR): how many digits a little-endian word of text
/// starts with, and their value.
enum DigitWords {
  private static let ones: UInt64 = 0x0101_0101_0101_0101

  /// How many of the word's bytes, from its first (lowest) one, are ASCII digits (0…8).
  @inline(__always)
  static func leadingDigits(_ word: UInt64) -> Int {
    // A byte is a digit when its high nibble is 3 before and after adding 6. Carries out of
    // non-digit bytes only disturb the bytes after them, never the leading run.
    let high = word & (ones &* 0xF0)
    let shifted = (word &+ ones &* 0x06) & (ones &* 0xF0)
    let differs = (high ^ ones &* 0x30) | (shifted ^ ones &* 0x30)
    let flagged = (((differs & (ones &* 0x7F)) &+ ones &* 0x7F) | differs) & (ones &* 0x80)
    return flagged.trailingZeroBitCount >> 3
  }

  /// The value of the first `count` bytes of the word (1…8), which are digits, the first one the
  /// most significant.
  @inline(__always)
  static func value(_ word: UInt64, count: Int) -> Int64 {
    var digits = (word & (ones &* 0x0F)) << UInt64(8 * (8 - count))
    digits = (digits &* 10 &+ (digits >> 8)) & 0x00FF_00FF_00FF_00FF
    digits = (digits &* 100 &+ (digits >> 16)) & 0x0000_FFFF_0000_FFFF
    digits = (digits &* 10000 &+ (digits >> 32)) & 0x0000_0000_FFFF_FFFF
    return Int64(digits)
  }
}
