/// Decimal digits read eight bytes at a time (SWAR): how many digits a little-endian word of text
/// starts with, and their value.
package enum DigitWords {
  private static let ones: UInt64 = 0x0101_0101_0101_0101

  /// The high bit of every byte of the word that is not an ASCII digit, except that bytes after
  /// the first such byte may be flagged too (the lowest flag is always the first non-digit).
  @inline(__always)
  package static func nonDigits(_ word: UInt64) -> UInt64 {
    // After `^ "0"` a byte is a digit iff it is at most 9, that is iff neither it nor it plus 0x76
    // has its high bit set. A carry out of a byte only follows a byte that is already flagged.
    let values = word ^ (ones &* 0x30)
    return (values | (values &+ ones &* 0x76)) & (ones &* 0x80)
  }

  /// How many of the word's bytes, from its first (lowest) one, are ASCII digits (0…8).
  @inline(__always)
  package static func leadingDigits(_ word: UInt64) -> Int {
    nonDigits(word).trailingZeroBitCount >> 3
  }

  /// The value of the first `count` bytes of the word (1…8), which are digits, the first one the
  /// most significant.
  @inline(__always)
  package static func value(_ word: UInt64, count: Int) -> Int64 {
    var digits = (word & (ones &* 0x0F)) &<< UInt64(truncatingIfNeeded: 8 &* (8 &- count))
    digits = (digits &* 10 &+ (digits >> 8)) & 0x00FF_00FF_00FF_00FF
    digits = (digits &* 100 &+ (digits >> 16)) & 0x0000_FFFF_0000_FFFF
    digits = (digits &* 10000 &+ (digits >> 32)) & 0x0000_0000_FFFF_FFFF
    return Int64(digits)
  }

  /// The value of the word's leading digits as the first of eight, zeros after them (`125` is
  /// 12 500 000): a fraction's value in units of 10⁻⁸, without shifting by their count.
  /// `nonDigits` is the word's `nonDigits`.
  @inline(__always)
  package static func paddedValue(_ word: UInt64, nonDigits: UInt64) -> Int64 {
    // Below the first non-digit's high bit, the bits of the digits' bytes (all of them for 8).
    let firstFlag = nonDigits & (0 &- nonDigits)
    return value(word & ((firstFlag >> 7) &- 1), count: 8)
  }
}
