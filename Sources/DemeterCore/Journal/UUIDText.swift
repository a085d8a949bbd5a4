/// Checks the textual form of UUIDs (`8-4-4-4-12` hexadecimal digits, either case).
enum UUIDText {
  static func isValid(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { isValid($0) }
  }

  static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    value(bytes) != nil
  }

  /// The 128-bit value of a UUID's text (letter case ignored), or nil when it is not one.
  static func value(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt128? {
    guard bytes.count == 36 else { return nil }
    var value: UInt128 = 0
    for (index, byte) in bytes.enumerated() {
      if index == 8 || index == 13 || index == 18 || index == 23 {
        if byte != UInt8(ascii: "-") { return nil }
      } else if let digit = hexDigit(byte) {
        value = value << 4 | UInt128(digit)
      } else {
        return nil
      }
    }
    return value
  }

  private static func hexDigit(_ byte: UInt8) -> UInt8? {
    if byte &- UInt8(ascii: "0") < 10 { return byte &- UInt8(ascii: "0") }
    let lower = byte | 0x20
    if lower &- UInt8(ascii: "a") < 6 { return lower &- UInt8(ascii: "a") &+ 10 }
    return nil
  }
}
