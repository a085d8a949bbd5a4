/// Random (version 4) UUIDs as RFC 4122 (RFC 9562) text, such as new entry ids.
public enum RandomUUID {
  /// A new random UUID in lowercase, e.g. `6f0c9a52-3c1e-4a57-9a52-0d7f1d0e7b11`: 122 random bits
  /// from the system's cryptographic generator (`getrandom` on Linux, `arc4random` on Darwin),
  /// version nibble 4, variant bits `10`.
  public static func make() -> String {
    var generator = SystemRandomNumberGenerator()
    return text(high: generator.next(), low: generator.next())
  }

  /// The UUID text of the 128 bits `high` (first 8 bytes) and `low` (last 8 bytes), with the
  /// version bits (4: random; 8: custom, RFC 9562) and the variant bits set.
  package static func text(high: UInt64, low: UInt64, version: UInt64 = 4) -> String {
    let high = (high & ~0xF000) | (version << 12)
    let low = (low & ~(0b11 << 62)) | (0b10 << 62)
    let digits = hex(high, count: 16) + hex(low, count: 16)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index == 8 || index == 12 || index == 16 || index == 20 { result.append("-") }
      result.append(digit)
    }
    return result
  }

  private static func hex(_ value: UInt64, count: Int) -> String {
    let text = String(value, radix: 16)
    return String(repeating: "0", count: count - text.count) + text
  }
}
