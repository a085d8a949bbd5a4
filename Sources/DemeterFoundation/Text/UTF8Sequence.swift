/// Well-formed UTF-8 (Unicode table 3-7) one multi-byte sequence at a time, read from a word: the
/// strict parser's rule, which the fast scanner uses in place.
@usableFromInline package enum UTF8Sequence {
  /// The length (2…4) of the well-formed multi-byte sequence that `word` starts with, or 0 when it
  /// does not start with one. The word holds the sequence's bytes in memory order (its lowest byte
  /// the lead); where the input ends before four bytes, any byte that is not a continuation byte
  /// (such as 0, or the line end) stands for the missing ones.
  @inlinable @inline(__always)
  package static func length(_ word: UInt32) -> Int {
    let lead = word & 0xFF
    let second = (word >> 8) & 0xFF
    // Zero in each of the second to fourth bytes that is a continuation byte (10xxxxxx).
    let notContinuations = (word & 0xC0C0_C000) ^ 0x8080_8000
    switch lead {
    case 0xC2...0xDF:
      return notContinuations & 0x0000_FF00 == 0 ? 2 : 0
    case 0xE0...0xEF:
      // After E0 the second byte is at least A0 (no overlong form), after ED below A0 (no surrogate).
      guard notContinuations & 0x00FF_FF00 == 0, lead != 0xE0 || second >= 0xA0, lead != 0xED || second < 0xA0
      else { return 0 }
      return 3
    case 0xF0...0xF4:
      // After F0 the second byte is at least 90 (no overlong form), after F4 below 90 (at most U+10FFFF).
      guard notContinuations == 0, lead != 0xF0 || second >= 0x90, lead != 0xF4 || second < 0x90 else {
        return 0
      }
      return 4
    default:
      return 0
    }
  }
}
