import DemeterFoundation

/// One term of a query (manual: queries), its value read and folded.
package enum QueryTerm: Sendable, Hashable {
  /// `food:`, `desc:` or `note:` and the pattern the text must match.
  case pattern(QueryText, FoldedPattern)
  /// `meal:`, `ingredient:`: the text, folded, is one of the names.
  case oneOf(QueryText, [String])
  /// `tag:`: one of the entry's tags, folded, is one of the names.
  case tag([String])
  /// `matched:yes|no`.
  case matched(Bool)
  /// `conf:<0.6`.
  case confidence(QueryComparison)
  /// `kcal:>500`: the nutrient's `ordinal` (a term stays small: the scan reads it for every entry).
  case nutrient(ordinal: Int, QueryComparison)
  /// `sodium_mg:>1000`: the entry's amount of the micronutrient (its last of that name; 0 when it
  /// states none).
  case micronutrient([UInt8], QueryComparison)
  /// `weekday:sat,sun`, `weekend`, `weekdays`: the ISO weekdays (Monday = 1) the entry's date may fall on.
  case weekdays(Set<Int>)
  /// `time:18:00-23:59`: the entry's second of the day is in the range (wrapping past midnight when
  /// `first > last`).
  case time(first: Int, last: Int)
  /// `id:PREFIX`, folded.
  case idPrefix(String)
}

/// A text of an entry a term reads.
package enum QueryText: Sendable, Hashable {
  case food, description, note, meal, ingredient, id
}

/// `<`, `<=`, `>`, `>=` or `=` and an exact number.
package struct QueryComparison: Sendable, Hashable {
  package enum Operator: String, Sendable, CaseIterable {
    // Longest first, as they are read.
    case atMost = "<="
    case atLeast = ">="
    case less = "<"
    case greater = ">"
    case equal = "="
  }

  package var comparison: Operator
  package var value: FixedDecimal

  /// Whether `amount` (billionths) compares with the value as asked.
  @inline(__always)
  package func holds(_ amount: Int64) -> Bool {
    let value = value.billionths
    return switch comparison {
    case .atMost: amount <= value
    case .atLeast: amount >= value
    case .less: amount < value
    case .greater: amount > value
    case .equal: amount == value
    }
  }
}
