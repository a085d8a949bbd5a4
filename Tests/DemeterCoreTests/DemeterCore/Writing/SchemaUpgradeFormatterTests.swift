import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// `DayFileFormatter` with schema versions: `fmt --check` finds lines not in the current version (an
/// error located at each), `fmt --upgrade` rewrites only those lines and is idempotent, and plain
/// `fmt` leaves versions as they are.
@Suite struct SchemaUpgradeFormatterTests {
  static let path = "2026-11-21.jsonl"

  /// `line` in canonical form, as written before this version (no `schemaVersion` added).
  static func canonical(_ line: EntryLine) throws -> String {
    guard case .object(let object) = try JSONParser().parse(line.text) else { return "" }
    return EntryLineEncoder.line(object)
  }

  static let breakfast = EntryLine(
    id: "00000000-0000-4000-8000-000000000001", timestamp: "2026-11-21T08:00:00Z")
  static let wine = EntryLine(id: "00000000-0000-4000-8000-000000000002", timestamp: "2026-11-21T19:00:00Z")
    .setting("foodName", "\"red wine\"").setting("calories", "125").setting("protein", "0.1")
    .setting("carbohydrates", "3.4").setting("fat", "0").setting("alcohol", "15.6")

  static let reason =
    "line has \"alcohol\", which schema version 2 added, but says version 1; "
    + "'demeter-report fmt --upgrade' rewrites it in version 2"

  @Test func checkLocatesTheLineAndUpgradeRewritesOnlyIt() throws {
    let current = try Self.canonical(Self.breakfast)
    let stale = try Self.canonical(Self.wine)
    let bytes = Array((current + "\n" + stale + "\n").utf8)
    let outdated = Diagnostic(.error, SourceLocation(path: Self.path, line: 2, column: 1), Self.reason)
    #expect(
      DayFileFormatter.outcome(path: Self.path, bytes: bytes, checkOnly: true)
        == .outdated([outdated], wouldChange: false))
    // Plain `fmt` keeps versions: the file is canonical.
    #expect(DayFileFormatter.outcome(path: Self.path, bytes: bytes) == .unchanged)

    let upgraded = Array((current + "\n" + #"{"schemaVersion":2,"# + stale.dropFirst() + "\n").utf8)
    #expect(DayFileFormatter.outcome(path: Self.path, bytes: bytes, upgrading: true) == .formatted(upgraded))
    #expect(DayFileFormatter.outcome(path: Self.path, bytes: upgraded, upgrading: true) == .unchanged)
    #expect(DayFileFormatter.outcome(path: Self.path, bytes: upgraded, checkOnly: true) == .unchanged)
    #expect(
      DayFileFormatter.outcome(path: Self.path, bytes: upgraded, checkOnly: true, upgrading: true)
        == .unchanged)
  }

  @Test func checkSaysWhenTheFileWouldChangeToo() throws {
    let bytes = Array((try Self.canonical(Self.wine) + "\n" + Self.breakfast.text + "\n").utf8)
    let outdated = Diagnostic(.error, SourceLocation(path: Self.path, line: 1, column: 1), Self.reason)
    #expect(
      DayFileFormatter.outcome(path: Self.path, bytes: bytes, checkOnly: true)
        == .outdated([outdated], wouldChange: true))
  }

  @Test func aCurrentFileIsNeitherReportedNorRewritten() throws {
    let stated = try Self.canonical(Self.wine.setting("schemaVersion", "2"))
    let bytes = Array((try Self.canonical(Self.breakfast) + "\n" + stated + "\n").utf8)
    #expect(DayFileFormatter.outcome(path: Self.path, bytes: bytes, checkOnly: true) == .unchanged)
    #expect(DayFileFormatter.outcome(path: Self.path, bytes: bytes, upgrading: true) == .unchanged)
  }
}
