import DemeterFoundation

/// An entry as a query reads it (`Query.matches`): the scanner's entry with its strings still spans
/// of the line (`ScannedQuerySubject`), or an export's entry (`ExportedEntry`). A query reads only
/// what its terms name, and makes a `String` only for a pattern (`food:`, `desc:`, `note:`).
package protocol QuerySubject {
  var timestamp: Timestamp { get }
  /// The confidence, in billionths.
  var confidenceBillionths: Int64 { get }
  /// The amount of the nutrient of `ordinal` (`Nutrient.ordinal`) in billionths (0 when the line
  /// does not state it).
  func amount(ordinal: Int) -> Int64
  /// The amount of the micronutrient named `name` (UTF-8; the entry's last of that name), nil when
  /// it states none.
  func micronutrient(named name: [UInt8]) -> Int64?
  /// `body` of the UTF-8 bytes of the entry's `text`; nil when it has none (no note, no meal, no
  /// matched ingredient).
  func withText(_ text: QueryText, _ body: (UnsafeBufferPointer<UInt8>?) -> Bool) -> Bool
  /// Whether one of the entry's tags (UTF-8) satisfies `predicate`.
  func containsTag(where predicate: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool
  /// Whether `pattern` matches the UTF-8 `text` (`FoldedPattern.matches(utf8:)`).
  func matches(_ pattern: FoldedPattern, _ text: UnsafeBufferPointer<UInt8>) -> Bool
}

extension QuerySubject {
  package func matches(_ pattern: FoldedPattern, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
    pattern.matches(utf8: text)
  }
}

extension Query {
  /// Whether `entry` is one the query asks for.
  package func matches(_ entry: some QuerySubject) -> Bool {
    switch self {
    case .term(let term): term.matches(entry)
    case .all(let parts): parts.allSatisfy { $0.matches(entry) }
    case .any(let choices): choices.contains { $0.matches(entry) }
    case .not(let inner): !inner.matches(entry)
    }
  }
}

extension QueryTerm {
  /// Whether `entry` satisfies the term.
  func matches(_ entry: some QuerySubject) -> Bool {
    switch self {
    case .pattern(let text, let pattern):
      entry.withText(text) { bytes in
        bytes.map { entry.matches(pattern, $0) } ?? false
      }
    case .oneOf(let text, let names):
      entry.withText(text) { bytes in bytes.map { Self.folded($0, isAnyOf: names) } ?? false }
    case .tag(let names): entry.containsTag { Self.folded($0, isAnyOf: names) }
    case .matched(let matched): entry.withText(.ingredient) { ($0 != nil) == matched }
    case .confidence(let comparison): comparison.holds(entry.confidenceBillionths)
    case .nutrient(let ordinal, let comparison): comparison.holds(entry.amount(ordinal: ordinal))
    case .micronutrient(let name, let comparison): comparison.holds(entry.micronutrient(named: name) ?? 0)
    case .weekdays(let days): days.contains(entry.timestamp.localDate.weekday)
    case .time(let first, let last):
      first <= last
        ? (first...last).contains(entry.timestamp.secondOfDay)
        : entry.timestamp.secondOfDay >= first || entry.timestamp.secondOfDay <= last
    case .idPrefix(let prefix):
      entry.withText(.id) { bytes in
        bytes.map { NameFolding.folded(String(decoding: $0, as: UTF8.self)).hasPrefix(prefix) } ?? false
      }
    }
  }

  /// Whether the text `bytes`, folded, is one of the folded `names`: ASCII compared a byte at a time
  /// with no string made.
  private static func folded(_ bytes: UnsafeBufferPointer<UInt8>, isAnyOf names: [String]) -> Bool {
    if bytes.allSatisfy({ $0 < 0x80 }) {
      return names.contains { name in
        name.utf8.count == bytes.count
          && zip(name.utf8, bytes).allSatisfy { $0 == lowered($1) }
      }
    }
    let folded = NameFolding.folded(String(decoding: bytes, as: UTF8.self))
    return names.contains(folded)
  }

  @inline(__always)
  private static func lowered(_ byte: UInt8) -> UInt8 {
    byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
  }
}
