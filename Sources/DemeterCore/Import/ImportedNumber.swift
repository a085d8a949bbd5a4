import DemeterFoundation

/// How an export writes numbers: `1,234.5` (decimal point, `,` between thousands) or, with
/// `--decimal-comma`, `1.234,5` (decimal comma, `.` or a space between thousands).
public enum DecimalStyle: Sendable, Hashable {
  case point
  case comma

  var decimalMark: Character { self == .point ? "." : "," }
  var groupMarks: Set<Character> { self == .point ? [","] : [".", " ", "\u{A0}", "\u{202F}"] }

  /// The exact value of `text` as the shortest number literal (`1,234.50` → `1234.5`), or why it is
  /// not a number. Surrounding spaces and a leading `+` are ignored; thousands marks must separate
  /// groups of three digits (so a decimal comma is never misread as a thousands mark).
  public func literal(_ text: String) -> Result<String, ImportProblem> {
    let trimmed = text.trimmingSpaces()
    var body = Substring(trimmed)
    var negative = false
    if body.first == "-" || body.first == "+" {
      negative = body.first == "-"
      body = body.dropFirst()
    }
    let parts = body.split(separator: decimalMark, maxSplits: 1, omittingEmptySubsequences: false)
    let integer = parts[0]
    let fraction = parts.count > 1 ? parts[1] : ""
    let groups = integer.split(omittingEmptySubsequences: false) { groupMarks.contains($0) }
    let wellGrouped =
      groups.count == 1 || (groups.first!.count <= 3 && groups.dropFirst().allSatisfy { $0.count == 3 })
    let digits = groups.joined()
    guard !(digits.isEmpty && fraction.isEmpty), wellGrouped, parts.count == 1 || !fraction.isEmpty,
      (digits + fraction).allSatisfy(\.isASCIIDigit)
    else { return .failure(notANumber(trimmed)) }
    let literal =
      (negative ? "-" : "") + (digits.isEmpty ? "0" : digits) + (fraction.isEmpty ? "" : "." + fraction)
    switch FixedDecimal.read(jsonNumber: literal) {
    case .exact(let value), .rounded(let value): return .success(value.description)
    case .outOfRange:
      return .failure(ImportProblem("\"\(trimmed)\" is too large (at most \(FixedDecimal.largest))"))
    }
  }

  private func notANumber(_ text: String) -> ImportProblem {
    var message = "expected a number, got \"\(text)\""
    if self == .point, text.contains(","), !text.contains(".") {
      message += " (a decimal comma? use --decimal-comma)"
    } else if self == .comma, text.contains("."), !text.contains(",") {
      message += " (a decimal point? leave out --decimal-comma)"
    }
    return ImportProblem(message)
  }
}

/// Why one cell or row of an import could not be read; the importer adds where.
public struct ImportProblem: Error, Sendable, Hashable {
  public var message: String

  public init(_ message: String) {
    self.message = message
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
