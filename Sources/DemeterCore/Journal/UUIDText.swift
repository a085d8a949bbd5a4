/// Checks the textual form of UUIDs (`8-4-4-4-12` hexadecimal digits, either case).
enum UUIDText {
  static func isValid(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { value($0) != nil }
  }

  /// The 128-bit value of a UUID's text (letter case ignored), or nil when it is not one.
  static func value(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt128? {
    guard bytes.count == 36, bytes[8] == dash, bytes[13] == dash, bytes[18] == dash, bytes[23] == dash
    else { return nil }
    var high: UInt64 = 0
    var low: UInt64 = 0
    var invalid: UInt8 = 0
    for position in 0..<36 where position != 8 && position != 13 && position != 18 && position != 23 {
      let digit = hexDigit(bytes[position])
      invalid |= digit
      if position < 19 {
        high = high << 4 | UInt64(digit & 0x0F)
      } else {
        low = low << 4 | UInt64(digit & 0x0F)
      }
    }
    guard invalid & 0x80 == 0 else { return nil }
    return UInt128(high) << 64 | UInt128(low)
  }

  private static let dash = UInt8(ascii: "-")

  /// The value of a hexadecimal digit, or 0x80 when `byte` is not one.
  @inline(__always)
  private static func hexDigit(_ byte: UInt8) -> UInt8 {
    let decimal = byte &- UInt8(ascii: "0")
    if decimal < 10 { return decimal }
    let letter = (byte | 0x20) &- UInt8(ascii: "a")
    return letter < 6 ? letter &+ 10 : 0x80
  }
}
