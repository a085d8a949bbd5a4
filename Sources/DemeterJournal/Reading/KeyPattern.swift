import DemeterFoundation

/// A known key's member start as compact JSON writes it, from the comma after the value before it
/// to the colon after the key (`,"timestamp":`; for `id`, the first key, `"id":`), as three
/// little-endian 8-byte words and masks, so the scanner checks whether the member it expects comes
/// next, and passes its colon, with three loads and no search. The member loop, past a key's
/// opening quote, checks the same pattern from the key on (`matchesKey`).
package struct KeyPattern {
  package let field: EntryField
  /// The member start's length in bytes, from its comma (or quote) to its colon.
  package let length: Int
  /// Bytes before the key's first letter: its opening quote, and for all keys but `id` the comma.
  package let keyOffset: Int
  /// Bytes a check of this pattern loads from its start: its length rounded up to whole words.
  let reach: Int
  private let word0, word1, word2, mask0, mask1, mask2: UInt64
  /// `mask0` without the bytes before the key.
  private let keyMask0: UInt64

  /// The most bytes a check loads from its start (the longest member start fits).
  package static let longestReach = 24

  /// The pattern of `field`'s member start.
  package init(_ field: EntryField) {
    let opening = field == .id ? [JSONByte.quote] : [JSONByte.comma, JSONByte.quote]
    let bytes = opening + Array(field.rawValue.utf8) + [JSONByte.quote, JSONByte.colon]
    precondition(bytes.count <= Self.longestReach, "key \(field.rawValue) is too long for a pattern")
    self.field = field
    length = bytes.count
    keyOffset = opening.count
    reach = (bytes.count + 7) / 8 * 8
    var words: [UInt64] = [0, 0, 0]
    var masks: [UInt64] = [0, 0, 0]
    for (position, byte) in bytes.enumerated() {
      words[position / 8] |= UInt64(byte) << (8 * UInt64(position % 8))
      masks[position / 8] |= 0xFF << (8 * UInt64(position % 8))
    }
    (word0, word1, word2) = (words[0], words[1], words[2])
    (mask0, mask1, mask2) = (masks[0], masks[1], masks[2])
    keyMask0 = mask0 & ~UInt64(0) << (8 * keyOffset)
  }

  /// Whether the member start begins at `offset` of `raw`, which has at least the pattern's `reach`
  /// bytes from there (only the words the pattern covers are loaded).
  @inline(__always)
  package func matches(_ raw: UnsafeRawPointer, at offset: Int) -> Bool {
    matches(raw, at: offset, firstMask: mask0)
  }

  /// Whether the key (after its opening quote), its closing quote and a colon begin at `offset`
  /// of `raw`, which has at least the pattern's `reach` bytes from `offset - keyOffset` (loaded,
  /// but not compared, are the bytes before the key).
  @inline(__always)
  package func matchesKey(_ raw: UnsafeRawPointer, at offset: Int) -> Bool {
    matches(raw, at: offset - keyOffset, firstMask: keyMask0)
  }

  @inline(__always)
  private func matches(_ raw: UnsafeRawPointer, at offset: Int, firstMask: UInt64) -> Bool {
    guard (raw.littleEndianWord(at: offset) ^ word0) & firstMask == 0 else { return false }
    guard length > 8 else { return true }
    // (Offsets within a line cannot overflow; `&+` spares the checks.)
    guard (raw.littleEndianWord(at: offset &+ 8) ^ word1) & mask1 == 0 else { return false }
    return length <= 16 || (raw.littleEndianWord(at: offset &+ 16) ^ word2) & mask2 == 0
  }

  /// Every field's pattern, by ordinal.
  package static let all = EntryField.allCases.map { KeyPattern($0) }
}
