/// How many terminal columns a string takes: wide East Asian characters and emoji take two,
/// combining marks and zero-width characters none.
enum DisplayWidth {
  static func of(_ text: String) -> Int {
    text.unicodeScalars.reduce(0) { $0 + width(of: $1) }
  }

  static func width(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if scalar.properties.generalCategory == .nonspacingMark
      || scalar.properties.generalCategory == .enclosingMark
      || value == 0x200B || value == 0x200D || (0xFE00...0xFE0F).contains(value)
    {
      return 0
    }
    switch value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
      0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
      0x1F900...0x1F9FF, 0x1F680...0x1F6FF, 0x20000...0x3FFFD:
      return 2
    default:
      return 1
    }
  }

  /// `text` cut to at most `columns` columns, ending in `…` when cut.
  static func truncate(_ text: String, to columns: Int) -> String {
    guard of(text) > columns else { return text }
    var result = ""
    var used = 0
    for character in text {
      let width = of(String(character))
      if used + width > columns - 1 { break }
      result.append(character)
      used += width
    }
    return result + "…"
  }
}
