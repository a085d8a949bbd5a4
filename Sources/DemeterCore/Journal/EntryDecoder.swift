/// Turns one parsed journal line into a validated `TableRow`, reporting every problem of the line
/// with its column (SPEC §2 entry rules).
struct EntryDecoder {
  /// Where the line came from, for diagnostics.
  var path: String
  var lineNumber: Int
  /// The line's bytes, valid while the file is being parsed (turned into text only for diagnostics).
  var lineBytes: UnsafeBufferPointer<UInt8>
  /// How timestamps are mapped to the day they count for.
  var timeZone: TimeZoneRule

  /// What decoding one line gave.
  struct Outcome {
    var row: TableRow?
    var entryID: String?
    var diagnostics: [Diagnostic] = []
    var unknownKeys: [(key: String, column: Int)] = []
    var schemaVersion = 1
  }

  func decode(_ value: JSONValue) -> Outcome {
    var outcome = Outcome()
    guard case .object(let object) = value else {
      outcome.diagnostics.append(error(column: 1, "each line must be one JSON object, found \(value.kindName)"))
      return outcome
    }
    var reader = MemberReader(object: object, decoder: self)
    for member in object.members where EntryField(rawValue: member.key) == nil {
      outcome.unknownKeys.append((member.key, member.keyOffset + 1))
    }
    if let version = reader.integer(.schemaVersion, required: false) {
      outcome.schemaVersion = version
    }
    let id = reader.string(.id)
    if let id, let member = object.member("id"), !UUIDText.isValid(id) {
      reader.problems.append(error(column: member.valueOffset + 1, "\"id\" must be a UUID like 6f0c9a52-3c1e-4a57-9a52-0d7f1d0e7b11, got \"\(id)\""))
    }
    outcome.entryID = id
    let timestamp = reader.timestamp()
    let rawDescription = reader.string(.rawDescription)
    let foodName = reader.string(.foodName)
    let quantity = reader.number(.quantity)
    let unit = reader.string(.unit)
    let calories = reader.number(.calories)
    let protein = reader.number(.protein)
    let carbohydrates = reader.number(.carbohydrates)
    let fat = reader.number(.fat)
    let confidence = reader.number(.confidence)
    let fiber = reader.number(.fiber, required: false)
    let sugar = reader.number(.sugar, required: false)
    let matchedIngredientID = reader.nullableString(.matchedIngredientID)
    let meal = reader.meal()
    let tags = reader.stringArray(.tags)
    let micronutrients = reader.micronutrients()
    let note = reader.string(.note, required: false)
    outcome.diagnostics += reader.problems
    guard let id, let timestamp, let rawDescription, let foodName, let quantity, let unit, let calories,
      let protein, let carbohydrates, let fat, let confidence, !reader.hasErrors
    else { return outcome }
    do {
      _ = try FoodEntry(
        id: id, timestamp: timestamp, rawDescription: rawDescription, foodName: foodName,
        quantity: quantity.doubleValue, unit: unit, calories: calories.doubleValue, protein: protein.doubleValue,
        carbohydrates: carbohydrates.doubleValue, fat: fat.doubleValue, confidence: confidence.doubleValue,
        matchedIngredientID: matchedIngredientID, fiber: fiber?.doubleValue, sugar: sugar?.doubleValue,
        meal: meal.flatMap { Meal(rawValue: $0) }, tags: tags ?? [],
        micronutrients: Dictionary(micronutrients.map { ($0.name, $0.amount.doubleValue) }) { a, _ in a },
        note: note)
    } catch let failure {
      let column = object.member(failure.fieldName).map { $0.valueOffset + 1 } ?? 1
      outcome.diagnostics.append(error(column: column, failure.message))
      return outcome
    }
    let counted = timestamp.converted(to: timeZone)
    outcome.row = TableRow(
      timestamp: counted, id: id, rawDescription: rawDescription, foodName: foodName, quantity: quantity, unit: unit,
      calories: calories, protein: protein, carbohydrates: carbohydrates, fat: fat, fiber: fiber, sugar: sugar,
      confidence: confidence, matchedIngredientID: matchedIngredientID, meal: meal, micronutrients: micronutrients,
      line: lineNumber)
    return outcome
  }

  func error(column: Int, _ message: String) -> Diagnostic {
    Diagnostic(.error, SourceLocation(path: path, line: lineNumber, column: column), message, lineText: lineText)
  }

  private var lineText: String { String(decoding: lineBytes, as: UTF8.self) }

  func warning(column: Int, _ message: String) -> Diagnostic {
    Diagnostic(.warning, SourceLocation(path: path, line: lineNumber, column: column), message, lineText: lineText)
  }
}

extension JSONValue {
  /// "a string", "an array", … for messages.
  var kindName: String {
    switch self {
    case .null: return "null"
    case .bool: return "a boolean"
    case .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }
}
