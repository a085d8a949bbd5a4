import DemeterCore

/// An entry to add, from its fields as a person gives them (manual: writing, `add`'s field options):
/// what was eaten and when, and either its amount and nutrition or the food that computes them.
/// Fields not given take the food's values, else `add`'s defaults (an empty description, 1 serving,
/// confidence 1).
public struct NewEntry: Sendable {
  public var timestamp: Timestamp
  /// The food's name; nil: the computed food's, else empty.
  public var foodName: String?
  public var rawDescription = ""
  public var quantity: JSONNumber?
  public var unit: String?
  public var nutrients: [Nutrient: JSONNumber] = [:]
  public var alcohol: JSONNumber?
  public var confidence: JSONNumber?
  public var meal: Meal?
  public var note: String?
  /// The food of the table or the recipe whose nutrition the entry takes.
  public var food: ComputedFood?

  /// An entry eaten at `timestamp`.
  public init(at timestamp: Timestamp) {
    self.timestamp = timestamp
  }

  /// The entry as a journal line with a new random id, read through the same decoder as journal
  /// lines (so its problems are said as a line's are).
  public func read() -> EntryLineReader.Outcome {
    var members: [(String, JSONValue)] = [
      (EntryField.id.rawValue, .string(EntryLineReader.newEntryID())),
      (EntryField.timestamp.rawValue, .string(timestamp.rfc3339)),
      (EntryField.rawDescription.rawValue, .string(rawDescription)),
      (EntryField.foodName.rawValue, .string(foodName ?? food?.name ?? "")),
      (EntryField.unit.rawValue, .string(food?.unit ?? unit ?? "serving")),
    ]
    func add(_ key: String, _ given: JSONNumber?, computed: String? = nil, fallback: String? = nil) {
      guard let number = given ?? (computed ?? fallback).map({ JSONNumber(literal: $0) }) else { return }
      members.append((key, .number(number)))
    }
    add(EntryField.quantity.rawValue, quantity, computed: food?.quantity, fallback: "1")
    for nutrient in Nutrient.all { add(nutrient.key, nutrients[nutrient], computed: food?.nutrients[nutrient]) }
    add(EntryField.alcohol.rawValue, alcohol)
    add(EntryField.confidence.rawValue, confidence, fallback: "1")
    if let food {
      members.append((EntryField.matchedIngredientID.rawValue, .string(food.id)))
      if !food.micronutrients.isEmpty {
        let object = JSONObject(
          members: food.micronutrients.map {
            JSONMember(key: $0.name, value: .number(JSONNumber(literal: $0.value)), keyOffset: 0, valueOffset: 0)
          })
        members.append((EntryField.micronutrients.rawValue, .object(object)))
      }
    }
    if let meal { members.append((EntryField.meal.rawValue, .string(meal.rawValue))) }
    if let note { members.append((EntryField.note.rawValue, .string(note))) }
    let object = JSONObject(
      members: members.map { JSONMember(key: $0.0, value: $0.1, keyOffset: 0, valueOffset: 0) })
    return EntryLineReader.read(EntryLineEncoder.line(object), path: "<options>", lineNumber: 1)
  }
}
