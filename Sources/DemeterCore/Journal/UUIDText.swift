/// Checks the textual form of UUIDs (`8-4-4-4-12` hexadecimal digits, either case).
enum UUIDText {
  static func isValid(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard bytes.count == 36 else { return false }
    for (index, byte) in bytes.enumerated() {
      if index == 8 || index == 13 || index == 18 || index == 23 {
        if byte != UInt8(ascii: "-") { return false }
      } else if !isHexDigit(byte) {
        return false
      }
    }
    return true
  }

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "0") < 10 || (byte | 0x20) &- UInt8(ascii: "a") < 6
  }
}
