/// The keys of a journal entry line (SPEC §2), in canonical order.
public enum EntryField: String, CaseIterable, Sendable {
  case schemaVersion, id, timestamp, rawDescription, foodName, quantity, unit, calories, protein
  case carbohydrates, fat, fiber, sugar, confidence, matchedIngredientID, meal, tags, micronutrients, note

  /// Keys every entry must have.
  public static let required: [EntryField] = [
    .id, .timestamp, .rawDescription, .foodName, .quantity, .unit, .calories, .protein, .carbohydrates, .fat,
    .confidence,
  ]

  /// The field's position in `allCases`.
  var ordinal: Int { Self.ordinals[self]! }

  private static let ordinals: [EntryField: Int] = Dictionary(
    uniqueKeysWithValues: allCases.enumerated().map { ($0.element, $0.offset) })

  /// The newest entry schema version this tool knows.
  public static let currentSchemaVersion = 1

  /// Every field, in canonical order (`allCases` builds a new array on each use).
  static let inOrder = allCases

  /// Each field's key as UTF-8, in canonical order.
  private static let keyBytes: [[UInt8]] = allCases.map { Array($0.rawValue.utf8) }

  /// The field whose key is exactly `bytes` and its ordinal, if any.
  static func matching(utf8 bytes: UnsafeBufferPointer<UInt8>) -> (field: EntryField, ordinal: Int)? {
    for ordinal in keyBytes.indices {
      let key = keyBytes[ordinal]
      guard key.count == bytes.count, key[0] == bytes[0] else { continue }
      if key.withUnsafeBufferPointer({ memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }) {
        return (inOrder[ordinal], ordinal)
      }
    }
    return nil
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
