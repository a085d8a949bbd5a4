import DemeterFoundation

/// Reads typed fields out of an entry object, collecting one located problem per bad field.
package struct MemberReader {
  package let object: JSONObject
  package let decoder: EntryDecoder
  package var problems: [Diagnostic] = []
  /// For each `EntryField` (by ordinal), the index of its member in `object`, or -1.
  private var memberIndex: [Int]
  /// Keys the format does not define, with their columns.
  private(set) var unknownKeys: [(key: String, column: Int)] = []
  /// The 1-based column of each value `micronutrients()` returned, in the same order.
  private(set) var micronutrientColumns: [Int] = []

  /// Indexes the object's members in one pass (each key is compared once, not once per field).
  package init(object: JSONObject, decoder: EntryDecoder) {
    self.object = object
    self.decoder = decoder
    memberIndex = [Int](repeating: -1, count: EntryField.allCases.count)
    for (index, member) in object.members.enumerated() {
      if let field = EntryField(rawValue: member.key) {
        memberIndex[field.ordinal] = index
      } else {
        unknownKeys.append((member.key, member.keyOffset + 1))
      }
    }
  }

  /// The member for `field`, if the object has it.
  package func member(_ field: EntryField) -> JSONMember? {
    let index = memberIndex[field.ordinal]
    return index < 0 ? nil : object.members[index]
  }

  package var hasErrors: Bool { problems.contains { $0.severity == .error } }

  private mutating func fail(_ member: JSONMember, _ message: String) {
    problems.append(decoder.error(column: member.valueOffset + 1, message))
  }

  private mutating func present(_ field: EntryField, required: Bool) -> JSONMember? {
    guard let member = member(field) else {
      if required {
        problems.append(decoder.error(column: 1, "missing required key \"\(field.rawValue)\""))
      }
      return nil
    }
    return member
  }

  package mutating func string(_ field: EntryField, required: Bool = true) -> String? {
    guard let member = present(field, required: required) else { return nil }
    guard case .string(let text) = member.value else {
      fail(member, "\"\(field.rawValue)\" must be a string, got \(member.value.kindName)")
      return nil
    }
    return text
  }

  mutating func nullableString(_ field: EntryField) -> String? {
    guard let member = present(field, required: false) else { return nil }
    switch member.value {
    case .null: return nil
    case .string(let text): return text
    default:
      fail(member, "\"\(field.rawValue)\" must be a string or null, got \(member.value.kindName)")
      return nil
    }
  }

  /// An optional `true`/`false` field; absent is false.
  mutating func flag(_ field: EntryField) -> Bool {
    guard let member = present(field, required: false) else { return false }
    guard case .bool(let flag) = member.value else {
      fail(member, "\"\(field.rawValue)\" must be true or false, got \(member.value.kindName)")
      return false
    }
    return flag
  }

  package mutating func number(_ field: EntryField, required: Bool = true) -> FixedDecimal? {
    guard let member = present(field, required: required) else { return nil }
    guard case .number(let number) = member.value else {
      fail(member, "\"\(field.rawValue)\" must be a number, got \(member.value.kindName)")
      return nil
    }
    return fixed(number, member: member, name: field.rawValue)
  }

  private mutating func fixed(_ number: JSONNumber, member: JSONMember, name: String) -> FixedDecimal? {
    switch FixedDecimal.read(jsonNumber: number.literal) {
    case .exact(let value):
      return value
    case .rounded(let value):
      problems.append(
        decoder.warning(
          .moreThan9Decimals, column: member.valueOffset + 1,
          "\"\(name)\" has more than 9 decimals; counted as \(value)"))
      return value
    case .outOfRange:
      fail(member, "\"\(name)\" value \(number.literal) is out of range (at most \(FixedDecimal.largest))")
      return nil
    }
  }

  package mutating func integer(_ field: EntryField, required: Bool) -> Int? {
    guard let member = present(field, required: required) else { return nil }
    guard case .number(let number) = member.value, let value = Int(number.literal), value >= 1 else {
      fail(member, "\"\(field.rawValue)\" must be a whole number ≥ 1")
      return nil
    }
    if value > EntrySchema.current {
      problems.append(
        decoder.warning(
          .newerSchemaVersion, column: member.valueOffset + 1, EntrySchema.newerVersionMessage(value)))
    }
    return value
  }

  package mutating func timestamp() -> Timestamp? {
    guard let text = string(.timestamp), let member = member(.timestamp) else { return nil }
    switch Timestamp.parse(text) {
    case .success(let timestamp):
      return timestamp
    case .failure(let failure):
      problems.append(
        decoder.error(
          column: member.valueOffset + 2 + failure.offset,
          "\"timestamp\" is not an RFC 3339 time like 2026-11-21T08:15:00-05:00: \(failure.message)"))
      return nil
    }
  }

  package mutating func meal() -> String? {
    guard let text = string(.meal, required: false), let member = member(.meal) else { return nil }
    let lowered = text.lowercased()
    if Meal(rawValue: lowered) == nil {
      problems.append(
        decoder.warning(
          .unknownMeal, column: member.valueOffset + 1,
          "unknown meal \"\(text)\"; expected breakfast, lunch, dinner or snack"))
    }
    return lowered
  }

  mutating func stringArray(_ field: EntryField) -> [String]? {
    guard let member = present(field, required: false) else { return nil }
    guard case .array(let items) = member.value else {
      fail(member, "\"\(field.rawValue)\" must be an array of strings, got \(member.value.kindName)")
      return nil
    }
    var strings: [String] = []
    for item in items {
      guard case .string(let text) = item else {
        fail(member, "\"\(field.rawValue)\" must contain only strings, found \(item.kindName)")
        return nil
      }
      strings.append(text)
    }
    return strings
  }

  package mutating func micronutrients() -> [MicronutrientAmount] {
    guard let member = present(.micronutrients, required: false) else { return [] }
    guard case .object(let nutrients) = member.value else {
      fail(member, "\"micronutrients\" must be an object of name → number, got \(member.value.kindName)")
      return []
    }
    var amounts: [MicronutrientAmount] = []
    for nutrient in nutrients.members {
      guard case .number(let number) = nutrient.value else {
        fail(nutrient, "micronutrient \"\(nutrient.key)\" must be a number, got \(nutrient.value.kindName)")
        continue
      }
      guard let amount = fixed(number, member: nutrient, name: nutrient.key) else { continue }
      amounts.append(MicronutrientAmount(name: nutrient.key, amount: amount))
      micronutrientColumns.append(nutrient.valueOffset + 1)
    }
    return amounts
  }
}
