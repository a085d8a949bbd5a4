import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// The entry line format's versions (manual: journal): the steps, each step's migration on its own, the
/// version a line is read at, the current form `fmt --upgrade` and the writers give, why a line is
/// not current, and the warning about lines newer than the tool.
@Suite struct EntrySchemaTests {
  static func object(_ line: EntryLine) throws -> JSONObject {
    guard case .object(let object) = try JSONParser().parse(line.text) else {
      Issue.record("not an object: \(line.text)")
      return JSONObject(members: [])
    }
    return object
  }

  static func text(_ object: JSONObject) -> String { JSONWriter.string(.object(object)) }

  /// A glass of red wine without alcohol stated.
  static let wine = EntryLine(foodName: "red wine", calories: "125").setting("protein", "0.1")
    .setting("carbohydrates", "3.4").setting("fat", "0").removing("matchedIngredientID")

  @Test func stepsAreNumberedFromTwoAndTheLastIsCurrent() {
    #expect(EntrySchema.steps.map(\.version) == Array(2..<(2 + EntrySchema.steps.count)))
    #expect(EntrySchema.current == 3)
    #expect(EntrySchema.steps.allSatisfy { !$0.change.isEmpty })
  }

  // MARK: - Version 1 → 2

  @Test func stepTwoAddsAlcoholAndLeavesAVersionOneLineAsItIs() throws {
    let step = try #require(EntrySchema.steps.first { $0.version == 2 })
    #expect(step.introducedKeys == [.alcohol])
    for line in [
      Self.wine, Self.wine.setting("schemaVersion", "1"),
      Self.wine.setting("micronutrients", #"{"alcohol_g":15.6,"sodium_mg":5}"#),
    ] {
      let v1 = try Self.object(line)
      #expect(step.migrate(v1) == v1, "\(line.text)")
      #expect(EntrySchema.migrated(v1) == v1, "\(line.text)")
    }
  }

  @Test func aVersionOneLineIsReadAsVersionTwoWithoutAlcohol() {
    let (load, _) = JournalTesting.loadLine(Self.wine.setting("schemaVersion", "1").text)
    #expect(load.diagnostics.isEmpty)
    #expect(load.table.count == 1)
    #expect(load.table.micronutrientNames.strings.isEmpty)
    #expect(EnergyConsistencyTolerance().alcoholByRow(in: load.table) == [0])
  }

  // MARK: - A line's version

  @Test func theVersionALineIsReadAt() throws {
    #expect(EntrySchema.version(of: try Self.object(Self.wine)) == 1)
    #expect(EntrySchema.version(of: try Self.object(Self.wine.setting("schemaVersion", "2"))) == 2)
    // A line with a key of version 2 is read at version 2 whatever it says.
    #expect(EntrySchema.version(of: try Self.object(Self.wine.setting("alcohol", "15.6"))) == 2)
    #expect(
      EntrySchema.version(
        of: try Self.object(Self.wine.setting("schemaVersion", "1").setting("alcohol", "1")))
        == 2)
    #expect(EntrySchema.version(of: try Self.object(Self.wine.setting("schemaVersion", "7"))) == 7)
    for invalid in ["0", "1.5", "\"2\"", "null"] {
      #expect(EntrySchema.version(of: try Self.object(Self.wine.setting("schemaVersion", invalid))) == nil)
    }
  }

  // MARK: - The current form

  @Test func currentLinesAreLeftAsTheyAre() throws {
    for line in [
      Self.wine, Self.wine.setting("schemaVersion", "1"), Self.wine.setting("schemaVersion", "2"),
      Self.wine.setting("micronutrients", #"{"alcohol_g":15.6}"#),
      Self.wine.setting("schemaVersion", "2").setting("alcohol", "15.6"),
      // Newer than the tool, or no valid version: not the upgrade's business.
      Self.wine.setting("schemaVersion", "3").setting("alcohol", "15.6"),
      Self.wine.setting("schemaVersion", "0").setting("alcohol", "15.6"),
    ] {
      let object = try Self.object(line)
      #expect(EntrySchema.upgraded(object) == object, "\(line.text)")
      #expect(EntrySchema.outdatedReason(object) == nil, "\(line.text)")
    }
  }

  @Test func aLineWithAlcoholSaysVersionTwo() throws {
    let unstated = try Self.object(Self.wine.setting("alcohol", "15.60"))
    let upgraded = EntrySchema.upgraded(unstated)
    #expect(
      Self.text(upgraded) == #"{"schemaVersion":2,"# + Self.wine.setting("alcohol", "15.60").text.dropFirst())
    #expect(EntrySchema.upgraded(upgraded) == upgraded)
    #expect(
      EntrySchema.outdatedReason(unstated)
        == "line has \"alcohol\", which schema version 2 added, but says version 1; "
        + "'demeter-report fmt --upgrade' rewrites it in version 2")

    let stated = Self.wine.setting("schemaVersion", "1").setting("alcohol", "15.60")
    let replaced = EntrySchema.upgraded(try Self.object(stated))
    #expect(Self.text(replaced) == Self.wine.setting("schemaVersion", "2").setting("alcohol", "15.60").text)
    #expect(EntrySchema.upgraded(replaced) == replaced)
  }

  @Test func theWrittenLineOfANewEntryIsCurrent() throws {
    let line = Self.wine.setting("alcohol", "15.6")
    #expect(EntryLineEncoder.writtenLine(try Self.object(line)).hasPrefix(#"{"schemaVersion":2,"id":"#))
    #expect(!EntryLineEncoder.writtenLine(try Self.object(Self.wine)).contains("schemaVersion"))
  }

  // MARK: - Newer than the tool

  static func newer(_ path: String, _ line: Int, version: Int = 3) -> Diagnostic {
    Diagnostic(
      .warning, SourceLocation(path: path, line: line, column: 18), EntrySchema.newerVersionMessage(version))
  }

  @Test func theNewerVersionWarningIsKnownByItsMessage() {
    #expect(EntrySchema.isNewerVersionWarning(Self.newer("a.jsonl", 1)))
    #expect(EntrySchema.isNewerVersionWarning(Self.newer("a.jsonl", 1, version: 12345)))
    var error = Self.newer("a.jsonl", 1)
    error.severity = .error
    #expect(!EntrySchema.isNewerVersionWarning(error))
    let other = Diagnostic(
      .warning, SourceLocation(path: "a.jsonl", line: 1, column: 1), "schema version 4 is fine")
    #expect(!EntrySchema.isNewerVersionWarning(other))
  }

  @Test func reportsSayHowManyLinesAreNewerAndTheFirst() {
    let unrelated = Diagnostic(.error, SourceLocation(path: "a.jsonl", line: 1, column: 1), "broken")
    #expect(EntrySchema.newerVersionSummary([unrelated]) == nil)
    #expect(
      EntrySchema.newerVersionSummary([unrelated, Self.newer("b.jsonl", 4)])
        == "warning: 1 line of the journal says a schema version newer than this tool knows (3), the first at "
        + "b.jsonl:4; read as far as possible — update demeter-report")
    #expect(
      EntrySchema.newerVersionSummary([
        Self.newer("b.jsonl", 4), Self.newer("a.jsonl", 9), Self.newer("a.jsonl", 2),
      ])
        == "warning: 3 lines of the journal say a schema version newer than this tool knows (3), the first at "
        + "a.jsonl:2; read as far as possible — update demeter-report")
  }

  @Test func aReportLoadKeepsOnlyTheNewerVersionWarning() {
    let newer = Self.wine.setting("schemaVersion", "4").setting("mood", "1")
    // A report collects no warnings (this line also has an unknown key); the newer version is said.
    let (load, _) = JournalTesting.loadLine(newer.text, options: JournalLoadOptions())
    #expect(load.table.count == 1)
    #expect(load.diagnostics.map(\.message) == [EntrySchema.newerVersionMessage(4)])
    #expect(load.diagnostics.first?.location.column == newer.valueColumn("schemaVersion"))
  }
}
