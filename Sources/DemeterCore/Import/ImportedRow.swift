import DemeterFoundation
import DemeterJournal

/// One source row on its way to a journal line: the fields read so far, then `finish` adds the
/// defaults, places it in time, gives it an id and validates it with the journal's own rules.
struct ImportedRow {
  /// The row (column 1).
  var location: SourceLocation
  var members: [EntryField: JSONValue] = [:]
  var micronutrients: [String: String] = [:]
  /// The meal or group name as written ("Breakfast", "Snacks", "Uncategorized").
  var group: String?
  var tags: [String] = []
  var date: CivilDate?
  var secondOfDay: Int?
  /// A whole timestamp, when the source has one (with or without an offset).
  var timestamp: Timestamp?
  /// The column (1-based) to point at when the journal's rules reject the entry.
  var firstColumn = 1

  init(location: SourceLocation) {
    self.location = location
  }

  /// The time of day an entry without one gets, by its meal (manual: importing): breakfast 08:00,
  /// lunch 12:30, snack 15:30, dinner 19:00, other groups noon.
  static func defaultSecondOfDay(for meal: Meal?) -> Int {
    switch meal {
    case .breakfast: return 8 * 3600
    case .lunch: return 12 * 3600 + 1800
    case .snack: return 15 * 3600 + 1800
    case .dinner: return 19 * 3600
    case nil: return 12 * 3600
    }
  }

  /// The meal a group name means (`Breakfast`, `Snacks`, `dinner`), if any.
  static func meal(forGroup name: String) -> Meal? {
    let lowered = name.trimmingSpaces().lowercased()
    if lowered == "snacks" { return .snack }
    return Meal(rawValue: lowered)
  }

  /// The journal line of the row: defaults (`rawDescription` "", `quantity` 1, `unit` serving,
  /// `confidence` 1), the meal of its group (another group name becomes a tag), its time (the
  /// source's, else the meal's) written with `zone`'s offset, an id from `ids` unless the source
  /// gave one, checked as `add` checks a line.
  func finish(zone: TimeZoneRule, ids: inout ImportedEntryIDs) -> Result<ImportBatch.Line, RowProblems> {
    var members = self.members
    var tags = self.tags
    if let group, !group.isEmpty {
      if let meal = Self.meal(forGroup: group) {
        members[.meal] = .string(meal.rawValue)
      } else {
        tags.append(group)
      }
    }
    let meal = members[.meal].flatMap { value -> Meal? in
      if case .string(let text) = value { return Self.meal(forGroup: text) }
      return nil
    }
    if let meal { members[.meal] = .string(meal.rawValue) }
    let written: Timestamp
    if let timestamp {
      written = timestamp
    } else if let date {
      written = Timestamp(
        localDate: date, secondOfDay: secondOfDay ?? Self.defaultSecondOfDay(for: meal), utcOffsetSeconds: nil
      )
    } else {
      return .failure(RowProblems(diagnostics: [problem("no date or time in this row")]))
    }
    let defaults: [(EntryField, JSONValue)] = [
      (.rawDescription, .string("")), (.quantity, .number(JSONNumber(literal: "1"))),
      (.unit, .string("serving")),
      (.confidence, .number(JSONNumber(literal: "1"))),
    ]
    for (field, value) in defaults where members[field] == nil { members[field] = value }
    if !tags.isEmpty { members[.tags] = .array(tags.map(JSONValue.string)) }
    if !micronutrients.isEmpty {
      members[.micronutrients] = .object(
        JSONObject(
          members: micronutrients.sorted { $0.key < $1.key }.map {
            JSONMember(
              key: $0.key, value: .number(JSONNumber(literal: $0.value)), keyOffset: 0, valueOffset: 0)
          }))
    }
    members[.timestamp] = .string(written.rfc3339)
    if members[.id] == nil {
      members[.id] = .string(ids.next(content: Self.line(members.filter { $0.key != .id })))
    }
    members[.timestamp] = .string(written.withOffset(of: zone).rfc3339)
    let outcome = EntryLineReader.read(Self.line(members), path: location.path, lineNumber: location.line)
    guard let line = outcome.line else {
      let messages = outcome.diagnostics.filter { $0.severity == .error }.map(\.message)
      return .failure(RowProblems(diagnostics: messages.map(problem)))
    }
    return .success(ImportBatch.Line(line: line, source: location))
  }

  /// The canonical line of `members`.
  private static func line(_ members: [EntryField: JSONValue]) -> String {
    EntryLineEncoder.line(
      JSONObject(
        members: members.map {
          JSONMember(key: $0.key.rawValue, value: $0.value, keyOffset: 0, valueOffset: 0)
        }))
  }

  /// An error about the whole row.
  func problem(_ message: String) -> Diagnostic {
    var location = location
    location.column = firstColumn
    return Diagnostic(.error, location, message)
  }
}
