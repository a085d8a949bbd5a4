import DemeterCore

/// A number a person typed for an entry's field (`add --calories 182`, `edit --quantity 2`, the
/// amount `review` asks for on a terminal): read as the journal writes numbers, exactly.
public enum TypedNumber {
  /// `text` read as a number (`named` says what was asked for, in messages).
  /// - Throws: a usage error when it is not a number, or out of range.
  public static func read(_ text: String, named name: String) throws(CommandError) -> JSONNumber {
    let invalid = CommandError.usage("\(name) must be a number like 182 or 12.5 (got '\(text)')")
    guard case .number(let number)? = try? JSONParser().parse(text) else { throw invalid }
    switch FixedDecimal.read(jsonNumber: number.literal) {
    case .exact(let value), .rounded(let value):
      return JSONNumber(literal: value.description)
    case .outOfRange:
      throw .usage("\(name) is out of range (at most \(FixedDecimal.largest))")
    }
  }
}
