import DemeterFoundation
import DemeterJournal

/// The saved queries of `.demeter.json` (manual: queries).
extension ConfigReader {
  /// Reads `{"out":"tag:restaurant or tag:takeaway"}`: each name (letters, digits, `_` and `-`,
  /// as `q:NAME` writes it) and its query's text, read only when a query uses it.
  mutating func readQueries(_ member: JSONMember) -> [String: String] {
    guard case .object(let object) = member.value else {
      report(
        .error, at: member.valueOffset,
        "\"queries\" must be an object like {\"out\":\"tag:restaurant or tag:takeaway\"}")
      return [:]
    }
    var queries: [String: String] = [:]
    for field in object.members {
      guard !field.key.isEmpty,
        field.key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") })
      else {
        report(
          .error, at: field.keyOffset,
          "saved query name \(JSONWriter.quoted(field.key)) must be letters, digits, '_' or '-' (used as q:NAME)")
        continue
      }
      guard case .string(let text) = field.value, !text.allSatisfy(\.isWhitespace) else {
        report(.error, at: field.valueOffset, "saved query \(JSONWriter.quoted(field.key)) must be a query's text")
        continue
      }
      queries[field.key] = text
    }
    return queries
  }
}
