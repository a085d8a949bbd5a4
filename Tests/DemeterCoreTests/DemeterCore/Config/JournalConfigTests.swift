import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

@Suite struct JournalConfigTests {
  static func parse(_ text: String) -> JournalConfig.Load {
    JournalConfig.parse(Array(text.utf8), path: "j/.demeter.json")
  }

  @Test func readsEverySetting() {
    let load = Self.parse(
      #"{"weekStart":"sunday","timeZone":"Europe/Berlin","lowConfidence":0.6,"highConfidence":0.9,"#
        + #""goals":{"calories":2200,"protein":120,"carbohydrates":250,"fat":70}}"#)
    #expect(load.diagnostics.isEmpty)
    #expect(load.config.weekStart == .sunday)
    #expect(load.config.timeZone == .named("Europe/Berlin"))
    #expect(load.config.lowConfidence == FixedDecimal(billionths: 600_000_000))
    #expect(load.config.highConfidence == FixedDecimal(billionths: 900_000_000))
    #expect(load.config.goals.calories == FixedDecimal(2200))
    #expect(load.config.goals.fat == FixedDecimal(70))
  }

  /// Every kind's name is accepted; an unknown one is a warning at that name, with the closest kind.
  @Test func silencedWarningsNameKindsAndAMisspeltOneGetsASuggestion() {
    let every = WarningKind.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ",")
    #expect(Self.parse("{\"silencedWarnings\":[\(every)]}").config.silencedWarnings == Set(WarningKind.allCases))
    let load = Self.parse("{\n  \"silencedWarnings\": [\"no-final-newline\", \"another-day-file\", \"zzz\"]\n}\n")
    #expect(load.config.silencedWarnings == [.noFinalNewline])
    #expect(load.diagnostics.map(\.headline).first == "j/.demeter.json:2:44: warning: unknown warning kind "
      + "\"another-day-file\" is ignored; did you mean \"another-days-file\"?")
    #expect(load.diagnostics.count == 2)
    #expect(load.diagnostics.last?.message.contains("(kinds: another-days-file, far-from-file-date") == true)
    #expect(Self.parse("{\"silencedWarnings\":\"no-final-newline\"}").diagnostics.first?.severity == .error)
  }

  @Test func emptyObjectIsTheDefaults() {
    let load = Self.parse("{}\n")
    #expect(load.diagnostics.isEmpty)
    #expect(load.config == JournalConfig())
  }

  @Test func unknownKeysAreWarningsAtTheirLineAndColumn() {
    let load = Self.parse(
      "{\n  \"weekStart\": \"monday\",\n  \"colour\": 1,\n  \"goals\": {\"fiber\": 30}\n}\n")
    #expect(
      load.diagnostics.map(\.headline) == [
        "j/.demeter.json:3:3: warning: unknown setting \"colour\" is ignored",
        "j/.demeter.json:4:13: warning: unknown goal \"fiber\" is ignored (calories, protein, "
          + "carbohydrates, fat)",
      ])
    #expect(load.config.weekStart == .monday)
  }

  @Test(arguments: [
    (#"{"weekStart":"friday"}"#, "1:14: error: \"weekStart\" must be"),
    (#"{"timeZone":"Mars/Olympus"}"#, "1:13: error: \"timeZone\":"),
    (#"{"lowConfidence":1.5}"#, "1:18: error: \"lowConfidence\" must be a number from 0 to 1"),
    (#"{"goals":{"calories":-1}}"#, "1:22: error: goal \"calories\" must be a positive number"),
    (#"{"goals":[]}"#, "1:10: error: \"goals\" must be an object"),
    (#"{"weekStart":"monday",}"#, "1:22: error: trailing comma"),
    ("[1]", "1:1: error: the settings file must be one JSON object"),
  ])
  func errorsAreLocated(text: String, expected: String) {
    let load = Self.parse(text)
    #expect(load.diagnostics.count == 1)
    #expect(
      load.diagnostics.first?.headline.hasPrefix("j/.demeter.json:" + expected) == true,
      "\(load.diagnostics.first?.headline ?? "none")")
  }
}
