/// A known key with its closing quote and the colon of compact JSON (`timestamp":`, or a whole
/// member's start `,"timestamp":`) as three little-endian 8-byte words and masks, so the scanner
/// checks whether the key it expects comes next, and passes its colon, with three loads and no
/// search.
struct KeyPattern {
  let field: EntryField
  /// The key's length in bytes, with its closing quote and colon.
  let length: Int
  /// Bytes a check of this key loads from its start: its length rounded up to whole words.
  let reach: Int
  private let word0, word1, word2, mask0, mask1, mask2: UInt64

  /// The most bytes a check loads from its start (the longest key, its quote and colon fit).
  static let longestReach = 24

  /// The pattern of `field`'s key, its closing quote and colon, after the bytes `opening` (none:
  /// the key after its opening quote; `,"`: a whole member's start after the value before it).
  init(_ field: EntryField, opening: [UInt8] = []) {
    let bytes = opening + Array(field.rawValue.utf8) + [JSONByte.quote, JSONByte.colon]
    precondition(bytes.count <= Self.longestReach, "key \(field.rawValue) is too long for a pattern")
    self.field = field
    length = bytes.count
    reach = (bytes.count + 7) / 8 * 8
    var words: [UInt64] = [0, 0, 0]
    var masks: [UInt64] = [0, 0, 0]
    for (position, byte) in bytes.enumerated() {
      words[position / 8] |= UInt64(byte) << (8 * UInt64(position % 8))
      masks[position / 8] |= 0xFF << (8 * UInt64(position % 8))
    }
    (word0, word1, word2) = (words[0], words[1], words[2])
    (mask0, mask1, mask2) = (masks[0], masks[1], masks[2])
  }

  /// Whether the key, its closing quote and a colon start at `offset` of `raw`, which has at least
  /// the pattern's `reach` bytes from there (only the words the key covers are loaded).
  @inline(__always)
  func matches(_ raw: UnsafeRawPointer, at offset: Int) -> Bool {
    guard (raw.littleEndianWord(at: offset) ^ word0) & mask0 == 0 else { return false }
    guard length > 8 else { return true }
    guard (raw.littleEndianWord(at: offset + 8) ^ word1) & mask1 == 0 else { return false }
    return length <= 16 || (raw.littleEndianWord(at: offset + 16) ^ word2) & mask2 == 0
  }

  /// Every field's pattern, by ordinal.
  static let all = EntryField.allCases.map { KeyPattern($0) }
}
