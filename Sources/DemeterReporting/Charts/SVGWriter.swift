import DemeterCore

/// Builds SVG markup piece by piece. Every attribute value and every text node goes through
/// ``SVGText/escape(_:)``, so journal strings can never open a tag or end an attribute.
struct SVGWriter {
  typealias Attributes = [(name: String, value: String)]

  private(set) var output: String

  init() {
    output = ""
    output.reserveCapacity(16_384)
  }

  /// `<name a="…">`, followed by a line break when the element holds other elements.
  mutating func open(_ name: String, _ attributes: Attributes = [], block: Bool = false) {
    output += "<"
    output += name
    appendAttributes(attributes)
    output += block ? ">\n" : ">"
  }

  /// `</name>` and a line break.
  mutating func close(_ name: String) {
    output += "</"
    output += name
    output += ">\n"
  }

  /// `<name a="…"/>` and a line break.
  mutating func empty(_ name: String, _ attributes: Attributes = []) {
    output += "<"
    output += name
    appendAttributes(attributes)
    output += "/>\n"
  }

  /// `<name a="…">text</name>` and a line break.
  mutating func element(_ name: String, _ attributes: Attributes = [], text: String) {
    open(name, attributes)
    output += SVGText.escape(text)
    close(name)
  }

  /// Markup written as is; only for constant text of this module (the style sheet).
  mutating func trusted(_ markup: String) {
    output += markup
  }

  private mutating func appendAttributes(_ attributes: Attributes) {
    for attribute in attributes {
      output += " "
      output += attribute.name
      output += "=\""
      output += SVGText.escape(attribute.value)
      output += "\""
    }
  }
}

/// Text safe for XML 1.0 and for the reader.
enum SVGText {
  /// `text` cleaned (see ``clean(_:)``) with the five XML special characters replaced by references.
  static func escape(_ text: String) -> String {
    if text.utf8.allSatisfy(isPlain) { return text }
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in clean(text).unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// Whether `byte` is printable ASCII that neither `clean` nor `escape` changes (most attribute
  /// values are numbers, answered without building new strings).
  private static func isPlain(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"): false
    default: byte >= 0x20 && byte < 0x7F
    }
  }

  /// Tab, line feed and carriage return become spaces; other C0 controls, DEL, C1 controls, the
  /// noncharacters (U+FDD0…U+FDEF, U+FFFE and U+FFFF of every plane: parse errors in HTML, where
  /// charts are inlined, and U+FFFE/U+FFFF not allowed in XML 1.0) and the bidirectional
  /// embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069, which could reorder the text
  /// around a label)
  /// are dropped. Right-to-left text and the plain marks U+200E/U+200F stay.
  static func clean(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      let value = scalar.value
      if value == 0x09 || value == 0x0A || value == 0x0D {
        out += " "
      } else if value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
        || (0x2066...0x2069).contains(value) || (0xFDD0...0xFDEF).contains(value) || value & 0xFFFE == 0xFFFE
      {
        continue
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// The cleaned text cut to at most `limit` characters, the last one an ellipsis when cut.
  static func truncated(_ text: String, to limit: Int) -> String {
    let cleaned = clean(text)
    guard cleaned.count > limit, limit > 0 else { return limit > 0 ? cleaned : "" }
    return String(cleaned.prefix(limit - 1)) + "…"
  }

  /// A lower-case identifier usable as an XML id and a CSS class name: ASCII letters, digits and `_`
  /// kept, every other run of characters turned into one `-`, no `-` at either end; `fallback` when
  /// nothing is left, prefixed with `fallback-` when it would start with a digit.
  static func identifier(_ raw: String, fallback: String) -> String {
    var out = ""
    var pendingHyphen = false
    for scalar in raw.lowercased().unicodeScalars {
      let isWordCharacter =
        ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
      if isWordCharacter {
        if pendingHyphen && !out.isEmpty { out += "-" }
        pendingHyphen = false
        out.unicodeScalars.append(scalar)
      } else {
        pendingHyphen = true
      }
    }
    if out.isEmpty { return fallback }
    if let first = out.unicodeScalars.first, ("0"..."9").contains(first) { return fallback + "-" + out }
    return out
  }
}

/// Locale-free number text for SVG attributes and axis labels.
enum SVGNumber {
  /// `value` rounded half away from zero to at most `maxDecimals` (0…6) decimals, trailing zeros
  /// dropped, `.` as the separator, never an exponent, never `-0`. Non-finite values give `0`;
  /// magnitudes beyond 10^15 are clamped.
  static func format(_ value: Double, maxDecimals: Int = 2) -> String {
    guard value.isFinite else { return "0" }
    var decimals = min(max(maxDecimals, 0), 6)
    var scale: UInt64 = 1
    for _ in 0..<decimals { scale *= 10 }
    let limit = 1e15
    let clamped = min(max(value, -limit), limit)
    // Fewer decimals where the scaled magnitude would not fit 64 bits (a huge tick label).
    while clamped.magnitude * Double(scale) >= 1e19 {
      decimals -= 1
      scale /= 10
    }
    let scaled = (clamped * Double(scale)).rounded(.toNearestOrAwayFromZero)
    let magnitude = UInt64(scaled.magnitude)
    if magnitude == 0 { return "0" }
    var units = magnitude
    var digits = decimals
    while digits > 0 && units % 10 == 0 {
      units /= 10
      digits -= 1
    }
    return DecimalText.fixed(units: scaled < 0 ? -Int128(units) : Int128(units), decimals: digits)
  }

  /// `value` rounded to hundredths, the precision of the written coordinates.
  static func rounded(_ value: Double) -> Double {
    (value * 100).rounded(.toNearestOrAwayFromZero) / 100
  }
}
