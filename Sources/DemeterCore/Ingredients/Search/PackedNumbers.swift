/// Whole numbers of `0..<2^60` written at one fixed width of printable digits (six bits each,
/// `0` (0x30) to `o` (0x6F), lowest first), read in place: the `n`th is at `n · width`, so a reader
/// decodes only the numbers it uses and nothing is parsed or copied when the bytes are opened. The
/// digits hold no tab, line end, quote or `#`, so they can be a Swift raw string literal's text (the
/// embedded table) as well as a file's.
struct PackedNumbers: RandomAccessCollection, @unchecked Sendable {
  /// Where the first number's digits are.
  let base: UnsafePointer<UInt8>
  /// The digits of each number (1 to 10).
  let width: Int
  let count: Int

  var startIndex: Int { 0 }
  var endIndex: Int { count }

  /// The number at `position` (`0..<count`).
  @inline(__always)
  subscript(position: Int) -> Int {
    var digit = base + position &* width
    var value = 0
    var shift = 0
    for _ in 0..<width {
      value |= Int(digit.pointee &- Self.zero) << shift
      shift &+= 6
      digit += 1
    }
    return value
  }

  /// The numbers at `positions`, numbered from 0.
  func slice(_ positions: Range<Int>) -> PackedNumbers {
    PackedNumbers(base: base + positions.lowerBound &* width, width: width, count: positions.count)
  }

  static let zero = UInt8(ascii: "0")
  static let maximumWidth = 10

  /// The digits needed to write every number up to `largest`.
  static func width(for largest: Int) -> Int {
    var width = 1
    while width < maximumWidth, largest >> (6 * width) != 0 { width += 1 }
    return width
  }

  /// Appends `value` (`0..<2^(6·width)`) as `width` digits.
  static func append(_ value: Int, width: Int, to bytes: inout [UInt8]) {
    for digit in 0..<width { bytes.append(zero + UInt8(truncatingIfNeeded: (value >> (6 * digit)) & 63)) }
  }

  /// Whether every byte of the digits is a digit (one pass without a branch a byte).
  var isWellFormed: Bool {
    var outside: UInt8 = 0
    for byte in UnsafeBufferPointer(start: base, count: count * width) {
      outside |= (byte &- Self.zero) & 0xC0
    }
    return outside == 0
  }

  /// Whether the numbers never decrease and the last is at most `limit`.
  func isAscending(upTo limit: Int) -> Bool {
    var previous = 0
    for value in self {
      guard value >= previous else { return false }
      previous = value
    }
    return previous <= limit
  }
}

/// Sections of `PackedNumbers` followed by free text, in one run of bytes read in place (the
/// search index of `IngredientIndex`): a preamble of each section's width (one digit) and count
/// (six digits), then the sections' digits, then the text, to the end.
struct PackedBlock: @unchecked Sendable {
  let sections: [PackedNumbers]
  /// The text after the sections.
  let text: UnsafeBufferPointer<UInt8>

  /// The block of `sections` (of numbers `>= 0`) and `text`.
  static func encode(_ sections: [[Int]], text: [UInt8]) -> [UInt8] {
    let widths = sections.map { PackedNumbers.width(for: $0.max() ?? 0) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(
      sections.count * 7 + zip(sections, widths).reduce(0) { $0 + $1.0.count * $1.1 } + text.count)
    for (section, width) in zip(sections, widths) {
      PackedNumbers.append(width, width: 1, to: &bytes)
      PackedNumbers.append(section.count, width: preambleCountWidth, to: &bytes)
    }
    for (section, width) in zip(sections, widths) {
      for value in section { PackedNumbers.append(value, width: width, to: &bytes) }
    }
    return bytes + text
  }

  static let preambleCountWidth = 6

  /// The `sectionCount` sections of the block in `bytes`; nil when the preamble or the lengths it
  /// gives do not fit the bytes, or (unless `trusted`) a section holds a byte that is not a digit.
  init?(_ bytes: UnsafeBufferPointer<UInt8>, sectionCount: Int, trusted: Bool) {
    let preamble = sectionCount * (1 + Self.preambleCountWidth)
    guard let base = bytes.baseAddress, bytes.count >= preamble else { return nil }
    guard PackedNumbers(base: base, width: 1, count: preamble).isWellFormed else { return nil }
    var sections: [PackedNumbers] = []
    sections.reserveCapacity(sectionCount)
    var offset = preamble
    for number in 0..<sectionCount {
      let field = base + number * (1 + Self.preambleCountWidth)
      let width = Int(field.pointee &- PackedNumbers.zero)
      let count = PackedNumbers(base: field + 1, width: Self.preambleCountWidth, count: 1)[0]
      guard 1...PackedNumbers.maximumWidth ~= width, count <= (bytes.count - offset) / width else {
        return nil
      }
      let section = PackedNumbers(base: base + offset, width: width, count: count)
      guard trusted || section.isWellFormed else { return nil }
      sections.append(section)
      offset += width * count
    }
    self.sections = sections
    text = UnsafeBufferPointer(rebasing: bytes[offset...])
  }
}
