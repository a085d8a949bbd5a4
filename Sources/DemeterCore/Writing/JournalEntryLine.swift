import DemeterFoundation
import DemeterJournal

/// One journal entry line, parsed and validated: the JSON object as written (member order, number
/// literals and unknown keys kept, for rewrites) and the `FoodEntry` it describes.
public struct JournalEntryLine: Sendable, Hashable {
  /// The object as written.
  public var object: JSONObject
  /// The entry the object describes (timestamp as written, no `--tz` conversion).
  public var entry: FoodEntry

  public init(object: JSONObject, entry: FoodEntry) {
    self.object = object
    self.entry = entry
  }
}

/// Reads one line through the same strict parser, entry decoder and rules as the journal reader, so
/// what `add` accepts is exactly what reports read (manual: journal, writing).
public enum EntryLineReader {
  /// What reading one line gave: the line when it is valid, and its problems (errors and warnings)
  /// located at `path:lineNumber:column`, in column order.
  public struct Outcome: Sendable {
    public var line: JournalEntryLine?
    public var diagnostics: [Diagnostic]

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
  }

  /// Reads `bytes` (one line, without its line end). An object without an `"id"` gets `missingID`
  /// (e.g. from `BatchEntryIDs`) when one is given, instead of an error.
  package static func read(
    _ bytes: UnsafeBufferPointer<UInt8>, path: String, lineNumber: Int, missingID: String? = nil
  ) -> Outcome {
    var problems = LineProblems()
    func outcome(_ line: JournalEntryLine?) -> Outcome {
      Outcome(line: line, diagnostics: problems.takeReported(line: bytes, lineOffset: nil))
    }
    var value: JSONValue
    do {
      value = try JSONParser().parse(bytes)
    } catch {
      problems.add(
        .error, SourceLocation(path: path, line: lineNumber, column: error.offset + 1), error.message)
      return outcome(nil)
    }
    if let missingID, case .object(var object) = value, object.member(EntryField.id.rawValue) == nil {
      object.members.append(
        JSONMember(key: EntryField.id.rawValue, value: .string(missingID), keyOffset: 0, valueOffset: 0))
      value = .object(object)
    }
    let decoder = EntryDecoder(path: path, lineNumber: lineNumber, timeZone: .asWritten)
    let decoded = decoder.decode(value)
    for diagnostic in EntryDecoder.inColumnOrder(decoded.diagnostics) { problems.add(diagnostic) }
    guard let row = decoded.row, case .object(let object) = value else { return outcome(nil) }
    do throws(FoodEntryValidationError) {
      let entry = try FoodEntry(row: row, object: object)
      return outcome(JournalEntryLine(object: object, entry: entry))
    } catch {
      problems.add(decoder.error(column: 1, error.message))
      return outcome(nil)
    }
  }

  /// Reads a line given as text.
  public static func read(
    _ text: String, path: String, lineNumber: Int, missingID: String? = nil
  ) -> Outcome {
    var text = text
    return text.withUTF8 {
      read($0, path: path, lineNumber: lineNumber, missingID: missingID)
    }
  }

  /// A new entry id: a random (version 4) UUID in lowercase.
  public static func newEntryID() -> String {
    RandomUUID.make()
  }
}

extension FoodEntry {
  /// The entry of a decoded row, with the fields a row does not keep (tags, note) read from
  /// the object.
  init(row: Entry, object: JSONObject) throws(FoodEntryValidationError) {
    let (tags, note) = (object.entryTags, object.entryNote)
    var micronutrients: [String: Double] = [:]
    for micronutrient in row.micronutrients {
      micronutrients[micronutrient.name] = micronutrient.amount.doubleValue
    }
    // A written `alcohol` is also the row's `alcohol_g` (`EntryDecoder.merge`).
    var alcohol: Double?
    if object[EntryField.alcohol.rawValue] != nil {
      alcohol = micronutrients[IngredientAlcohol.micronutrient]
      var writtenAsMicronutrient = false
      if case .object(let written)? = object[EntryField.micronutrients.rawValue] {
        writtenAsMicronutrient = written[IngredientAlcohol.micronutrient] != nil
      }
      if !writtenAsMicronutrient { micronutrients[IngredientAlcohol.micronutrient] = nil }
    }
    try self.init(
      id: row.id, timestamp: row.timestamp, rawDescription: row.rawDescription, foodName: row.foodName,
      quantity: row.quantity.doubleValue, unit: row.unit,
      nutrients: NutrientQuantities { row[$0]?.doubleValue }, confidence: row.confidence.doubleValue,
      matchedIngredientID: row.matchedIngredientID, alcohol: alcohol,
      meal: row.meal.flatMap(Meal.init(rawValue:)),
      tags: tags, micronutrients: micronutrients, note: note)
    reviewed = row.reviewed
  }
}
