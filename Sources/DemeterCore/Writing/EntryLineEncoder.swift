import DemeterFoundation
import DemeterJournal

/// Writes journal entry lines in canonical form (manual: journal, writing): compact JSON, keys in the order of
/// `EntryField.allCases` (`schemaVersion` only when present), then unknown keys in their original
/// order. Rewriting a parsed line only reorders its members: values, number literals and unknown
/// keys stay as written, so `fmt` never changes a value. New values get the shortest exact form.
public enum EntryLineEncoder {
  /// `object` with its members in canonical order (the members themselves unchanged).
  public static func canonicalOrder(_ object: JSONObject) -> JSONObject {
    var known = [JSONMember?](repeating: nil, count: EntryField.allCases.count)
    var unknown: [JSONMember] = []
    for member in object.members {
      if let field = EntryField(rawValue: member.key) {
        known[field.ordinal] = member
      } else {
        unknown.append(member)
      }
    }
    return JSONObject(members: known.compactMap { $0 } + unknown)
  }

  /// The canonical line (no line end) of a parsed or built entry object.
  public static func line(_ object: JSONObject) -> String {
    JSONWriter.string(.object(canonicalOrder(object)))
  }

  /// Appends the canonical line (no line end) of a parsed or built entry object to `output`.
  public static func write(_ object: JSONObject, into output: inout [UInt8]) {
    JSONWriter.write(.object(canonicalOrder(object)), into: &output)
  }

  /// The canonical line (no line end) of a line a writer adds or changes (`add`, `import`, `edit`),
  /// in the current schema version (`EntrySchema.upgraded`: a line with `alcohol` says version 2).
  public static func writtenLine(_ object: JSONObject) -> String {
    line(EntrySchema.upgraded(object))
  }

  /// The canonical line (no line end) of a new entry.
  public static func line(for entry: FoodEntry) -> String {
    line(object(for: entry))
  }

  /// The JSON object of `entry`, in canonical order; optional fields only when set (`tags` and
  /// `micronutrients` only when not empty, micronutrients sorted by name).
  public static func object(for entry: FoodEntry) -> JSONObject {
    updating(JSONObject(members: []), to: entry)
  }

  /// `object` (a parsed line) changed to describe `entry`: members whose value did not change keep
  /// their literal, changed ones get the new value, optional fields that `entry` lacks are removed,
  /// and unknown keys stay. The result is in canonical order.
  public static func updating(_ object: JSONObject, to entry: FoodEntry) -> JSONObject {
    var members = canonicalOrder(object).members
    func set(_ field: EntryField, _ value: JSONValue?) {
      let index = members.firstIndex { $0.key == field.rawValue }
      guard let value else {
        if let index { members.remove(at: index) }
        return
      }
      if let index {
        if !sameValue(members[index].value, value) { members[index].value = value }
      } else {
        members.append(JSONMember(key: field.rawValue, value: value, keyOffset: 0, valueOffset: 0))
      }
    }
    set(.id, .string(entry.id))
    set(.timestamp, .string(entry.timestamp.rfc3339))
    set(.rawDescription, .string(entry.rawDescription))
    set(.foodName, .string(entry.foodName))
    set(.quantity, number(entry.quantity))
    set(.unit, .string(entry.unit))
    for nutrient in Nutrient.all { set(EntryField(nutrient), entry.nutrients[nutrient].map(number)) }
    set(.alcohol, entry.alcohol.map(number))
    set(.confidence, number(entry.confidence))
    if entry.matchedIngredientID != nil || object[EntryField.matchedIngredientID.rawValue] != .null {
      set(.matchedIngredientID, entry.matchedIngredientID.map(JSONValue.string))
    }
    if let meal = entry.meal {
      set(.meal, .string(meal.rawValue))
    } else if case .string(let written)? = object[EntryField.meal.rawValue],
      Meal(rawValue: written.lowercased()) != nil
    {
      set(.meal, nil)
    }
    set(.tags, entry.tags.isEmpty ? nil : .array(entry.tags.map(JSONValue.string)))
    // Names that differ only in their Unicode normalization are two keys in the line but one in
    // `FoodEntry.micronutrients`: unchanged amounts keep the written object, both keys included.
    if !writesSameMicronutrients(object, entry) {
      set(
        .micronutrients,
        entry.micronutrients.isEmpty
          ? nil
          : .object(
            JSONObject(
              members: entry.sortedMicronutrients.map {
                JSONMember(key: $0.name, value: number($0.value), keyOffset: 0, valueOffset: 0)
              })))
    }
    set(.note, entry.note.map(JSONValue.string))
    set(.reviewed, entry.reviewed ? .bool(true) : nil)
    return canonicalOrder(JSONObject(members: members))
  }

  /// Whether the line's `micronutrients` object holds the amounts of `entry`, read as
  /// `FoodEntry(row:object:)` reads them (by name, the last of equal names winning).
  private static func writesSameMicronutrients(_ object: JSONObject, _ entry: FoodEntry) -> Bool {
    guard case .object(let written)? = object[EntryField.micronutrients.rawValue] else { return false }
    var amounts: [String: Double] = [:]
    for member in written.members {
      guard case .number(let number) = member.value else { return false }
      amounts[member.key] = number.doubleValue
    }
    return amounts == entry.micronutrients
  }

  /// A number in its shortest exact form (`182`, `12.2`).
  public static func number(_ value: Double) -> JSONValue {
    .number(JSONNumber(literal: DecimalText.shortest(value)))
  }

  /// Whether two values mean the same (numbers by value, so `2.0` and `2` are the same;
  /// timestamps by what they name, so an unchanged timestamp keeps its written form).
  static func sameValue(_ a: JSONValue, _ b: JSONValue) -> Bool {
    switch (a, b) {
    case (.number(let x), .number(let y)):
      return x.doubleValue == y.doubleValue
    case (.string(let x), .string(let y)):
      // By bytes: an NFC and an NFD spelling are different text to write.
      if x.utf8.elementsEqual(y.utf8) { return true }
      if case .success(let first) = Timestamp.parse(x), case .success(let second) = Timestamp.parse(y) {
        return first == second
      }
      return false
    case (.object(let x), .object(let y)):
      return x.members.count == y.members.count
        && x.members.allSatisfy { member in y[member.key].map { sameValue(member.value, $0) } ?? false }
    case (.array(let x), .array(let y)):
      return x.count == y.count && zip(x, y).allSatisfy { sameValue($0, $1) }
    default:
      return a == b
    }
  }
}
