import DemeterFoundation

/// Turns one parsed journal line into a validated `Entry`, reporting every problem of the line
/// with its column (manual: journal entry rules).
package struct EntryDecoder {
  /// Where the line came from, for diagnostics.
  package var path: String
  package var lineNumber: Int
  /// How timestamps are mapped to the day they count for.
  package var timeZone: TimeZoneRule

  package init(path: String, lineNumber: Int, timeZone: TimeZoneRule) {
    self.path = path
    self.lineNumber = lineNumber
    self.timeZone = timeZone
  }

  /// What decoding one line gave.
  package struct Outcome {
    package var row: Entry?
    package var entryID: String?
    package var diagnostics: [Diagnostic] = []
    /// Unknown keys that look like no known key (a near miss is a warning in `diagnostics`).
    var unknownKeys: [(key: String, column: Int)] = []
    /// The column of a timestamp written without a UTC offset (wall-clock time), if so.
    var wallClockColumn: Int?
    /// The date written in the entry's timestamp (before any `--tz` conversion).
    var writtenDate: CivilDate?
  }

  package func decode(_ value: JSONValue) -> Outcome {
    var outcome = Outcome()
    guard case .object(let object) = value else {
      outcome.diagnostics.append(
        error(column: 1, "each line must be one JSON object, found \(value.kindName)"))
      return outcome
    }
    // Older lines are read through the schema's migration steps (manual: journal).
    var reader = MemberReader(object: EntrySchema.migrated(object), decoder: self)
    for (position, unknown) in reader.unknownKeys.enumerated() {
      if position < Self.misspellingChecks, let known = Self.misspelt(unknown.key) {
        // A misspelt key is never read: say so even when unknown keys are not listed.
        outcome.diagnostics.append(
          warning(
            .misspeltKey, column: unknown.column,
            "unknown key \"\(unknown.key)\"; did you mean \"\(known)\"? (its value is not read; "
              + "the key is kept when the line is rewritten)"))
      } else {
        outcome.unknownKeys.append(unknown)
      }
    }
    _ = reader.integer(.schemaVersion, required: false)
    let id = reader.string(.id)
    if let id, !UUIDText.isValid(id), let member = reader.member(.id) {
      reader.problems.append(
        error(
          column: member.valueOffset + 1,
          "\"id\" must be a UUID like 6f0c9a52-3c1e-4a57-9a52-0d7f1d0e7b11, got \"\(id)\""))
    }
    outcome.entryID = id
    let timestamp = reader.timestamp()
    if let timestamp, timestamp.utcOffsetSeconds == nil, let member = reader.member(.timestamp) {
      outcome.wallClockColumn = member.valueOffset + 1
    }
    let rawDescription = reader.string(.rawDescription)
    let foodName = reader.string(.foodName)
    let quantity = reader.number(.quantity)
    let unit = reader.string(.unit)
    var nutrients: [FixedDecimal?] = Array(repeating: nil, count: Nutrient.all.count)
    for nutrient in Nutrient.required { nutrients[nutrient.ordinal] = reader.number(EntryField(nutrient)) }
    let confidence = reader.number(.confidence)
    for nutrient in Nutrient.optional {
      nutrients[nutrient.ordinal] = reader.number(EntryField(nutrient), required: false)
    }
    let alcohol = reader.number(.alcohol, required: false)
    let matchedIngredientID = reader.nullableString(.matchedIngredientID)
    let meal = reader.meal()
    _ = reader.stringArray(.tags)
    var micronutrients = reader.micronutrients()
    _ = reader.string(.note, required: false)
    let reviewed = reader.flag(.reviewed)
    outcome.diagnostics += reader.problems
    let violations = ruleViolations(
      in: reader, foodName: foodName, quantity: quantity,
      nutrients: Nutrient.all.map { (EntryField($0), nutrients[$0.ordinal]) } + [(.alcohol, alcohol)],
      micronutrients: micronutrients, confidence: confidence)
    outcome.diagnostics += violations
    var alcoholConflict: String?
    if let alcohol { alcoholConflict = Self.merge(alcohol: alcohol, into: &micronutrients) }
    if let alcoholConflict {
      outcome.diagnostics.append(
        error(column: reader.member(.alcohol).map { $0.valueOffset + 1 } ?? 1, alcoholConflict))
    }
    guard let id, let timestamp, let rawDescription, let foodName, let quantity, let unit, let confidence,
      Nutrient.required.allSatisfy({ nutrients[$0.ordinal] != nil }), !reader.hasErrors, violations.isEmpty,
      alcoholConflict == nil
    else { return outcome }
    outcome.writtenDate = timestamp.localDate
    let counted = timestamp.converted(to: timeZone)
    outcome.row = Entry(
      timestamp: counted, id: id, rawDescription: rawDescription, foodName: foodName, quantity: quantity,
      unit: unit, amounts: NutrientAmounts { nutrients[$0.ordinal]?.billionths ?? 0 },
      states: { nutrients[$0.ordinal] != nil }, confidence: confidence,
      matchedIngredientID: matchedIngredientID, meal: meal,
      micronutrients: micronutrients, reviewed: reviewed,
      line: lineNumber)
    return outcome
  }

  /// An entry's own `alcohol` (grams) is its `alcohol_g` micronutrient, which the energy check and the
  /// micronutrient totals read: added to `micronutrients`, or the same amount already there; a
  /// different amount there is the returned problem.
  package static func merge(alcohol: FixedDecimal, into micronutrients: inout [MicronutrientAmount])
    -> String?
  {
    guard let written = micronutrients.first(where: { $0.name == IngredientAlcohol.micronutrient }) else {
      micronutrients.append(MicronutrientAmount(name: IngredientAlcohol.micronutrient, amount: alcohol))
      return nil
    }
    guard written.amount != alcohol else { return nil }
    return FoodEntryValidationError.conflictingAlcohol(alcohol.doubleValue, written.amount.doubleValue)
      .message
  }

  /// The value rules of the manual's `journal` topic (`FoodEntryRules`, which `FoodEntry.validate()` also applies), checked on
  /// every value that was read, so that each broken rule of a line is reported at its own value.
  private func ruleViolations(
    in reader: MemberReader, foodName: String?, quantity: FixedDecimal?,
    nutrients: [(EntryField, FixedDecimal?)],
    micronutrients: [MicronutrientAmount], confidence: FixedDecimal?
  ) -> [Diagnostic] {
    var found: [Diagnostic] = []
    func report(_ failure: FoodEntryValidationError?, at member: @autoclosure () -> JSONMember?) {
      guard let failure else { return }
      found.append(error(column: member().map { $0.valueOffset + 1 } ?? 1, failure.message))
    }
    if let foodName {
      report(FoodEntryRules.checkFoodName(foodName), at: reader.member(.foodName))
    }
    if let quantity {
      report(
        FoodEntryRules.checkQuantity(quantity.doubleValue), at: reader.member(.quantity))
    }
    for case (let field, let value?) in nutrients {
      report(
        FoodEntryRules.checkNutrient(field.rawValue, value.doubleValue), at: reader.member(field))
    }
    for (micronutrient, column) in zip(micronutrients, reader.micronutrientColumns) {
      if let failure = FoodEntryRules.checkNutrient(
        "micronutrients." + micronutrient.name, micronutrient.amount.doubleValue)
      {
        found.append(error(column: column, failure.message))
      }
    }
    if let confidence {
      report(
        FoodEntryRules.checkConfidence(confidence.doubleValue),
        at: reader.member(.confidence))
    }
    return found
  }

  /// The keys of an entry line, for "did you mean".
  static let knownKeys = EntryField.allCases.map(\.rawValue)

  /// How many of a line's unknown keys are checked for a misspelling (a line with more is not a
  /// typo, and its cost stays bounded: a million unknown keys cost no million searches).
  static let misspellingChecks = 64

  /// The known key `key` is likely a misspelling of: one edit away for a key of up to four
  /// characters (`"k0"` is no misspelt `"id"`), two for a longer one.
  package static func misspelt(_ key: String) -> String? {
    Suggestion.closest(to: key, among: knownKeys, within: key.count <= 4 ? 1 : 2)
  }

  /// An error at `column` of the line, without an excerpt (`LineProblems` adds excerpts to the
  /// problems it keeps).
  package func error(column: Int, _ message: String) -> Diagnostic {
    Diagnostic(.error, SourceLocation(path: path, line: lineNumber, column: column), message)
  }

  /// A warning of `kind` at `column` of the line, without an excerpt.
  package func warning(_ kind: WarningKind, column: Int, _ message: String) -> Diagnostic {
    .warning(kind, SourceLocation(path: path, line: lineNumber, column: column), message)
  }

  /// The outcome's problems in column order (problems at one column in the order found).
  package static func inColumnOrder(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
    diagnostics.enumerated().sorted {
      ($0.element.location.column, $0.offset) < ($1.element.location.column, $1.offset)
    }.map(\.element)
  }
}

extension JSONValue {
  /// "a string", "an array", … for messages.
  package var kindName: String {
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
