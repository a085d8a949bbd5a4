/// Checks the textual form of UUIDs (`8-4-4-4-12` hexadecimal digits, either case).
@usableFromInline package enum UUIDText {
  package static func isValid(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { value($0) != nil }
  }

  /// The 128-bit value of a UUID's text (letter case ignored), or nil when it is not one.
  package static func value(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt128? {
    read(bytes)?.value
  }

  /// The 128-bit value of a UUID's text and whether it has capital letters, or nil when it is
  /// not one. Reads eight hexadecimal digits at a time (SWAR).
  @inlinable package static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> (value: UInt128, hasCapitals: Bool)? {
    guard bytes.count == length else { return nil }
    let dashes = (bytes[8] ^ dash) | (bytes[13] ^ dash) | (bytes[18] ^ dash) | (bytes[23] ^ dash)
    let raw = UnsafeRawPointer(bytes.baseAddress!)
    func word(_ offset: Int) -> UInt64 {
      UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
    func halves(_ first: Int, _ second: Int) -> UInt64 {
      let low = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: first, as: UInt32.self))
      let high = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: second, as: UInt32.self))
      return UInt64(low) | UInt64(high) << 32
    }
    let (a, b) = (hexValue(word(0)), hexValue(halves(9, 14)))
    let (c, d) = (hexValue(halves(19, 24)), hexValue(word(28)))
    // One test for all: any byte that is not a hexadecimal digit, or a dash missing.
    guard a.notDigits | b.notDigits | c.notDigits | d.notDigits | UInt64(dashes) == 0 else { return nil }
    let value = UInt128(a.value << 32 | b.value) << 64 | UInt128(c.value << 32 | d.value)
    return (value, a.capitals | b.capitals | c.capitals | d.capitals != 0)
  }

  /// The length of a UUID's text.
  @usableFromInline package static let length = 36
  @usableFromInline static let dash = UInt8(ascii: "-")

  /// The value of eight hexadecimal digits packed in `word` (first digit in the lowest byte), a
  /// mask that is not 0 when any byte is not a digit (the value then means nothing), and a mask
  /// that is not 0 when any is a capital letter.
  @inline(__always)
  @usableFromInline static func hexValue(_ word: UInt64) -> (value: UInt64, notDigits: UInt64, capitals: UInt64) {
    let highBits: UInt64 = 0x8080_8080_8080_8080
    let lowNibbles: UInt64 = 0x0F0F_0F0F_0F0F_0F0F
    let lower = word | 0x2020_2020_2020_2020
    // For ASCII bytes, byte + (0x80 - k) sets the byte's high bit exactly when byte >= k (a byte
    // that is not ASCII is flagged by its own high bit).
    let digits = (word &+ 0x5050_5050_5050_5050) & ~(word &+ 0x4646_4646_4646_4646) & highBits
    let letters = (lower &+ 0x1F1F_1F1F_1F1F_1F1F) & ~(lower &+ 0x1919_1919_1919_1919) & highBits
    var packed = ((lower & lowNibbles) &+ (letters >> 7) &* 9).byteSwapped
    packed = (packed >> 4 | packed) & 0x00FF_00FF_00FF_00FF
    packed = (packed >> 8 | packed) & 0x0000_FFFF_0000_FFFF
    packed = (packed >> 16 | packed) & 0x0000_0000_FFFF_FFFF
    // A letter without 0x20 is a capital (`<< 2` moves each byte's 0x20 bit to its 0x80 bit).
    return (packed, (word & highBits) | ((digits | letters) ^ highBits), letters & ~(word << 2))
  }
}
