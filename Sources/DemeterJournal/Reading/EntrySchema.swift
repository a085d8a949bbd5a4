import DemeterFoundation

/// The versions of the entry line format (manual: journal; versions), declared once as the steps from one
/// version to the next: the reader migrates older lines through them, `fmt --upgrade` and the writers
/// (`add`, `import`, `edit`) write lines in the current version, `fmt --check` reports lines that are
/// not, and reports warn about lines newer than the tool.
///
/// A line says its version with `"schemaVersion": N` (absent: 1). A line that has a key of a newer
/// version than it says (written by a tool that knew the key but did not say so) is read at the
/// version its keys need. A line is **current** when `fmt --upgrade` leaves it as it is: no step
/// after its version changes it, and it says every version its keys need. A line says no newer
/// version than that, so a line that uses nothing added after version 1 stays without
/// `schemaVersion` (a tool that knows only version 1 reads it without a warning), while a line with
/// `alcohol` says `"schemaVersion":2` (such a tool warns that the line is newer, instead of leaving
/// its alcohol out of the energy check without a word).
public enum EntrySchema {
  /// One version step: what version `version` changed from `version - 1`, and the migration.
  public struct Step: Sendable {
    /// The version the step leads to.
    public let version: Int
    /// What the version changed, in a sentence for people.
    public let change: String
    /// Keys the format has from this version on: a line that has one is at least this version.
    public let introducedKeys: [EntryField]
    /// Turns a line of version `version - 1` (members as written; its `schemaVersion` is left to
    /// the caller) into the line of `version` that means the same.
    public let migrate: @Sendable (JSONObject) -> JSONObject
  }

  /// Every step, in version order, starting at version 2 (a test checks the numbering). `fmt`'s
  /// quick path takes every line the fast scanner (`EntryLineScanner`) accepts as current, so a
  /// step whose `migrate` changes lines must make the scanner decline them.
  public static let steps: [Step] = [
    Step(
      version: 2,
      change:
        "adds the optional \"alcohol\" (grams, ≥ 0; the same amount as micronutrients.alcohol_g), "
        + "which the energy check counts at 7 kcal/g (4/4/9/7)",
      introducedKeys: [.alcohol], migrate: alcoholAdded),
    Step(
      version: 3,
      change: "adds the optional \"reviewed\" (true: a person checked the entry; it is on no review list)",
      introducedKeys: [.reviewed], migrate: { $0 }),
  ]

  /// The newest version this tool knows.
  public static let current = steps.last?.version ?? 1

  /// The version that added `field` (1 for the keys of the first version).
  package static func version(introducing field: EntryField) -> Int {
    steps.first { $0.introducedKeys.contains(field) }?.version ?? 1
  }

  /// Version 1 → 2. A version 1 line has no `alcohol` (a line with one is read at version 2), so
  /// it is a version 2 line without alcohol as it stands: its energy is checked at 4/4/9 kcal per
  /// gram plus 7 per gram of the alcohol it states as `micronutrients.alcohol_g` (or its matched
  /// ingredient's share), exactly as version 2 checks a line without `alcohol`. Nothing to change.
  static func alcoholAdded(_ line: JSONObject) -> JSONObject { line }

  // MARK: - A line's version

  /// The version `line` says: its `schemaVersion`, 1 when absent; nil when that is not a whole
  /// number ≥ 1 (an error the entry decoder reports).
  package static func declared(_ line: JSONObject) -> Int? {
    guard let value = line[EntryField.schemaVersion.rawValue] else { return 1 }
    guard case .number(let number) = value, let version = Int(number.literal), version >= 1 else {
      return nil
    }
    return version
  }

  /// The oldest version that has every key of `line`.
  package static func needed(_ line: JSONObject) -> Int {
    steps.last { step in step.introducedKeys.contains { line[$0.rawValue] != nil } }?.version ?? 1
  }

  /// The version `line` is read at: the one it says, or the newer one its keys need; nil when it
  /// says no valid version.
  public static func version(of line: JSONObject) -> Int? {
    declared(line).map { max($0, needed(line)) }
  }

  /// `line` as the current version reads it (manual: journal: older lines are migrated on read): every
  /// step after its version applied. A line of the current or a newer version (read as far as it
  /// can be) or with no valid version is returned as it is.
  package static func migrated(_ line: JSONObject) -> JSONObject {
    guard let version = version(of: line), version < current else { return line }
    return steps.dropFirst(version - 1).reduce(line) { $1.migrate($0) }
  }

  // MARK: - Writing the current version

  /// `line` in the current version, as `fmt --upgrade` and the writers put it: migrated, and saying
  /// the oldest version that reads it so (its own when not older). A current line, a line newer than
  /// the tool and a line without a valid version are returned as they are.
  public static func upgraded(_ line: JSONObject) -> JSONObject {
    guard let declared = declared(line), declared <= current else { return line }
    var version = max(declared, needed(line))
    var result = line
    for step in steps where step.version > version {
      let next = step.migrate(result)
      // A step that changes the line makes it a line of that step's version.
      if next != result { version = step.version }
      result = next
    }
    version = max(version, needed(result))
    guard version != declared else { return result }
    let stated = JSONMember(
      key: EntryField.schemaVersion.rawValue, value: .number(JSONNumber(literal: String(version))),
      keyOffset: 0,
      valueOffset: 0)
    if let index = result.members.firstIndex(where: { $0.key == EntryField.schemaVersion.rawValue }) {
      result.members[index] = stated
    } else {
      result.members.insert(stated, at: 0)
    }
    return result
  }

  /// Why `line` is not in the current version (what `fmt --check` says at it), nil when it is.
  public static func outdatedReason(_ line: JSONObject) -> String? {
    let upgraded = upgraded(line)
    guard upgraded != line, let declared = declared(line) else { return nil }
    let upgrade = "; 'demeter-report fmt --upgrade' rewrites it in version \(Self.declared(upgraded) ?? current)"
    if let step = steps.last(where: { step in
      step.version > declared && step.introducedKeys.contains { line[$0.rawValue] != nil }
    }), let key = step.introducedKeys.first(where: { line[$0.rawValue] != nil }) {
      return
        "line has \"\(key.rawValue)\", which schema version \(step.version) added, but says version \(declared)"
        + upgrade
    }
    return "line is schema version \(declared), older than the current \(current)" + upgrade
  }

  // MARK: - Lines newer than the tool

  /// How the warning about a line newer than the tool starts (`isNewerVersionWarning` knows it by this).
  private static let newerVersionStart = "schema version "
  private static let newerVersionMiddle = " is newer than this tool knows ("

  /// The warning at a line that says `version`, newer than `current`.
  package static func newerVersionMessage(_ version: Int) -> String {
    newerVersionStart + "\(version)" + newerVersionMiddle
      + "\(current)); read as far as possible — update demeter-report"
  }

  /// Whether `diagnostic` is the warning about a line newer than the tool. Reports keep that
  /// warning when they keep no other, so it is in a file's digest diagnostics, which the parse cache
  /// stores (severity, location, message): a warm run finds it as a cold one does.
  public static func isNewerVersionWarning(_ diagnostic: Diagnostic) -> Bool {
    guard diagnostic.severity == .warning, diagnostic.message.hasPrefix(newerVersionStart) else {
      return false
    }
    let rest = diagnostic.message.dropFirst(newerVersionStart.count).drop { $0.isASCII && $0.isNumber }
    return rest.hasPrefix(newerVersionMiddle)
  }

  /// The one line a report prints about lines newer than the tool among `diagnostics` (how many,
  /// and the first by file and line); nil when there are none.
  public static func newerVersionSummary(_ diagnostics: [Diagnostic]) -> String? {
    var count = 0
    var first: SourceLocation?
    for diagnostic in diagnostics where isNewerVersionWarning(diagnostic) {
      count += 1
      if first.map({ diagnostic.location < $0 }) ?? true { first = diagnostic.location }
    }
    guard let first else { return nil }
    let place = "\(TerminalSafeText.escaped(first.path)):\(first.line)"
    return "warning: \(count: count, "line") of the journal \(count == 1 ? "says" : "say") a schema version "
      + "newer than this tool knows (\(current)), the first at \(place); read as far as possible — update demeter-report"
  }
}
