import DemeterFoundation
import DemeterJournal

/// The Demeter iOS app's export: a JSON array of `FoodEntryDTO` objects (id, timestamp,
/// rawDescription, foodName, quantity, unit, calories, protein, carbohydrates, fat, confidence,
/// matchedIngredientID), with timestamps as ISO 8601 strings or as `JSONEncoder`'s default, seconds
/// since 2001-01-01T00:00:00Z. Ids are kept (a row without one gets one from its content as
/// written); other keys the app adds are kept as unknown keys. Every timestamp is written in the
/// zone's local time (the same moment).
public enum DemeterAppImport {
  /// Seconds from 1970-01-01 to 2001-01-01, the reference date of `JSONEncoder`'s default dates.
  static let referenceDateUnixSeconds = 978_307_200

  /// The largest export read (the parser's bound on its input).
  static let limits = JSONLimits(maxInputBytes: 256 << 20)

  /// Adds the entries of the export `bytes` (named `path` in problems) to `batch`.
  /// - Throws: `ImportError.unreadable` when it is not a JSON array.
  public static func read(
    _ bytes: [UInt8], path: String, zone: TimeZoneRule, into batch: inout ImportBatch
  ) throws(ImportError) {
    let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    let lines = LineStarts(body)
    let value: JSONValue
    let itemOffsets: [Int]
    do {
      (value, itemOffsets) = try JSONParser(limits: limits).parseLocatingItems(body)
    } catch {
      throw .unreadable(Diagnostic(.error, lines.location(of: error.offset, path: path), error.message))
    }
    guard case .array(let items) = value else {
      throw .unreadable(
        Diagnostic(
          .error, SourceLocation(path: path, line: 1, column: 1),
          "expected a JSON array of entries (the app's export)"))
    }
    var ids = ImportedEntryIDs(kind: ImportKind.demeterApp.rawValue)
    var formerIDs = ImportedEntryIDs(kind: ImportKind.demeterApp.rawValue)
    for (item, offset) in zip(items, itemOffsets) {
      let itemLocation = lines.location(of: offset, path: path)
      guard case .object(var object) = item else {
        try batch.add(
          .failure(
            RowProblems(diagnostics: [
              Diagnostic(.error, itemLocation, "this item is not an object (an entry of the export)")
            ])))
        continue
      }
      // An object's problems point at its first key, an empty one's at its brace.
      let location = object.members.first.map { lines.location(of: $0.keyOffset, path: path) } ?? itemLocation
      let asWritten = object
      do throws(ImportProblem) {
        try convertTimestamp(in: &object, zone: zone)
      } catch {
        try batch.add(.failure(RowProblems(diagnostics: [Diagnostic(.error, location, error.message)])))
        continue
      }
      var formerID: String?
      if object.member(EntryField.id.rawValue) == nil {
        // The id hashes the row as written; before, it hashed the row with its time in the zone.
        let id = ids.next(content: EntryLineEncoder.line(asWritten))
        formerID = formerIDs.next(content: EntryLineEncoder.line(object))
        object.members.append(
          JSONMember(key: EntryField.id.rawValue, value: .string(id), keyOffset: 0, valueOffset: 0))
      }
      let outcome = EntryLineReader.read(EntryLineEncoder.line(object), path: path, lineNumber: location.line)
      if let line = outcome.line {
        try batch.add(.success(ImportBatch.Line(line: line, source: location, formerID: formerID)))
      } else {
        let errors = outcome.diagnostics.filter { $0.severity == .error }
        try batch.add(.failure(RowProblems(diagnostics: errors.map { Diagnostic(.error, location, $0.message) })))
      }
    }
  }

  /// Rewrites the object's `timestamp` as an RFC 3339 string in `zone`'s local time: a number is
  /// seconds since 2001-01-01T00:00:00Z; a string with an offset is the same moment; a string
  /// without one is wall-clock time and gets `zone`'s offset.
  static func convertTimestamp(in object: inout JSONObject, zone: TimeZoneRule) throws(ImportProblem) {
    guard let index = object.members.firstIndex(where: { $0.key == EntryField.timestamp.rawValue }) else {
      return
    }
    let timestamp: Timestamp
    switch object.members[index].value {
    case .number(let number):
      let seconds: FixedDecimal
      switch FixedDecimal.read(jsonNumber: number.literal) {
      // Past nine decimals a number is an encoder's binary noise (0.30000000000000004 s): the
      // nearest nanosecond, the journal's finest, is the time meant.
      case .exact(let value), .rounded(let value): seconds = value
      case .outOfRange:
        throw ImportProblem("\"timestamp\" \(number.literal) is not a time (seconds since 2001-01-01)")
      }
      let (whole, billionths) = TimeText.floorDivMod(Int(seconds.billionths), Int(FixedDecimal.unitsPerOne))
      let unix = whole + referenceDateUnixSeconds
      timestamp = Timestamp(
        unixSeconds: unix, nanosecond: billionths, utcOffsetSeconds: zone.utcOffset(atUnixSeconds: unix) ?? 0)
    case .string(let text):
      guard case .success(let parsed) = Timestamp.parse(text) else {
        throw ImportProblem("\"timestamp\" \"\(text)\" is not an ISO 8601 time like 2026-11-21T13:15:00Z")
      }
      timestamp = parsed.utcOffsetSeconds == nil ? parsed.withOffset(of: zone) : parsed.converted(to: zone)
    default:
      return
    }
    object.members[index].value = .string(timestamp.rfc3339)
  }
}

/// Where each line of a text starts, to turn byte offsets into `line:column` (1-based).
struct LineStarts {
  private var starts: [Int] = [0]

  init(_ bytes: [UInt8]) {
    for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
  }

  func location(of offset: Int, path: String) -> SourceLocation {
    var low = 0
    var high = starts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if starts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    return SourceLocation(path: path, line: low + 1, column: offset - starts[low] + 1)
  }
}
