import DemeterFoundation

/// The start of an entry id as a UUID's value (manual: writing: ids shortened like git's), so that the
/// ids of a day file can be matched without their text: `6f0c9a` matches every id whose value's top
/// 24 bits are `0x6f0c9a`.
struct EntryIDPrefix: Sendable {
  /// The prefix's hexadecimal digits as a number.
  let value: UInt128
  /// How many hexadecimal digits it has (32: a whole UUID).
  let digits: Int

  /// The prefix `text` is, if it starts a UUID's text (hexadecimal digits, either case, and dashes
  /// where a UUID has them); nil otherwise (no entry's id starts with it).
  init?(_ text: String) {
    var value: UInt128 = 0
    var digits = 0
    for (position, character) in text.enumerated() {
      guard position < UUIDText.length, character.isASCII else { return nil }
      if position == 8 || position == 13 || position == 18 || position == 23 {
        guard character == "-" else { return nil }
        continue
      }
      guard let digit = character.hexDigitValue else { return nil }
      value = value << 4 | UInt128(digit)
      digits += 1
    }
    (self.value, self.digits) = (value, digits)
  }

  /// Whether this is a whole UUID.
  var isWhole: Bool { digits == 32 }

  /// Whether the id whose value is `id` starts with this prefix.
  func matches(_ id: UInt128) -> Bool {
    digits == 0 || id >> (128 - 4 * digits) == value
  }
}
