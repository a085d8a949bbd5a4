/// The keys of a journal entry line (manual: journal), in canonical order.
public enum EntryField: String, CaseIterable, Sendable {
  case schemaVersion, id, timestamp, rawDescription, foodName, quantity, unit, calories, protein
  case carbohydrates, fat, fiber, sugar, alcohol, confidence, matchedIngredientID, meal, tags, micronutrients,
    note, reviewed

  /// Keys every entry must have.
  public static let required: [EntryField] =
    [.id, .timestamp, .rawDescription, .foodName, .quantity, .unit] + Nutrient.required.map(EntryField.init)
    + [.confidence]

  /// The nutrient fields, one for each of `Nutrient.all` in its order, contiguous from `calories`
  /// to this one (checked by the tests).
  static let lastNutrient = EntryField.sugar

  /// The `Nutrient.ordinal` of the nutrient this field holds, if it is one.
  @inline(__always)
  package var nutrientOrdinal: Int? {
    let index = ordinal &- EntryField.calories.ordinal
    return index >= 0 && index <= Self.lastNutrient.ordinal &- EntryField.calories.ordinal ? index : nil
  }

  /// Whether the field's value is a number (a nutrient, `quantity`, `alcohol`, `confidence`).
  package var holdsNumber: Bool {
    nutrientOrdinal != nil || self == .quantity || self == .alcohol || self == .confidence
  }

  /// The nutrient this field holds, if it is one.
  package var nutrient: Nutrient? { nutrientOrdinal.map { Nutrient.all[$0] } }

  /// The field of `nutrient`.
  package init(_ nutrient: Nutrient) {
    self = Self.nutrientFields[nutrient.ordinal]
  }

  /// The nutrient fields, by `Nutrient.ordinal`.
  private static let nutrientFields = Array(allCases[calories.ordinal...lastNutrient.ordinal])

  /// The field's position in `allCases`.
  package var ordinal: Int {
    switch self {
    case .schemaVersion: return 0
    case .id: return 1
    case .timestamp: return 2
    case .rawDescription: return 3
    case .foodName: return 4
    case .quantity: return 5
    case .unit: return 6
    case .calories: return 7
    case .protein: return 8
    case .carbohydrates: return 9
    case .fat: return 10
    case .fiber: return 11
    case .sugar: return 12
    case .alcohol: return 13
    case .confidence: return 14
    case .matchedIngredientID: return 15
    case .meal: return 16
    case .tags: return 17
    case .micronutrients: return 18
    case .note: return 19
    case .reviewed: return 20
    }
  }

  /// The field whose key is exactly `bytes` and its ordinal, if any (no allocation, no lookup
  /// tables: the journal reader calls this for every key of every line).
  package static func matching(utf8 bytes: UnsafeBufferPointer<UInt8>) -> (field: EntryField, ordinal: Int)? {
    func field(_ candidate: EntryField, _ key: StaticString) -> (field: EntryField, ordinal: Int)? {
      // The literal's length (equal to the key's) is a constant, so the comparison is inlined.
      memcmp(key.utf8Start, bytes.baseAddress!, key.utf8CodeUnitCount) == 0
        ? (candidate, candidate.ordinal) : nil
    }
    switch (bytes.count, bytes.first ?? 0) {
    case (2, UInt8(ascii: "i")): return field(.id, "id")
    case (3, UInt8(ascii: "f")): return field(.fat, "fat")
    case (4, UInt8(ascii: "u")): return field(.unit, "unit")
    case (4, UInt8(ascii: "m")): return field(.meal, "meal")
    case (4, UInt8(ascii: "t")): return field(.tags, "tags")
    case (4, UInt8(ascii: "n")): return field(.note, "note")
    case (5, UInt8(ascii: "f")): return field(.fiber, "fiber")
    case (5, UInt8(ascii: "s")): return field(.sugar, "sugar")
    case (7, UInt8(ascii: "a")): return field(.alcohol, "alcohol")
    case (7, UInt8(ascii: "p")): return field(.protein, "protein")
    case (8, UInt8(ascii: "f")): return field(.foodName, "foodName")
    case (8, UInt8(ascii: "q")): return field(.quantity, "quantity")
    case (8, UInt8(ascii: "c")): return field(.calories, "calories")
    case (8, UInt8(ascii: "r")): return field(.reviewed, "reviewed")
    case (9, UInt8(ascii: "t")): return field(.timestamp, "timestamp")
    case (10, UInt8(ascii: "c")): return field(.confidence, "confidence")
    case (13, UInt8(ascii: "c")): return field(.carbohydrates, "carbohydrates")
    case (13, UInt8(ascii: "s")): return field(.schemaVersion, "schemaVersion")
    case (14, UInt8(ascii: "r")): return field(.rawDescription, "rawDescription")
    case (14, UInt8(ascii: "m")): return field(.micronutrients, "micronutrients")
    case (19, UInt8(ascii: "m")): return field(.matchedIngredientID, "matchedIngredientID")
    default: return nil
    }
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
