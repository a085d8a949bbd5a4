import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// Located diagnostics for bad entry lines (manual: journal entry rules, §11): the line, the byte column and
/// the exact message of every problem, read through the whole loader.
@Suite struct JournalEntryDecoderTests {
  /// One bad line and every diagnostic it must give, as `column: severity: message`.
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var bytes: [UInt8]
    var expected: [String]
    /// Whether the entry is still loaded (only warnings).
    var loads: Bool

    init(_ name: String, _ line: String, loads: Bool = false, _ expected: [String]) {
      self.init(name, bytes: Array(line.utf8), loads: loads, expected)
    }

    init(_ name: String, bytes: [UInt8], loads: Bool = false, _ expected: [String]) {
      self.name = name
      self.bytes = bytes
      self.expected = expected
      self.loads = loads
    }

    var testDescription: String { name }
  }

  static let base = EntryLine()

  /// `base` with `key` set to `json`, and the column of that value.
  static func with(_ key: String, _ json: String) -> (text: String, column: Int) {
    let line = base.setting(key, json)
    return (line.text, line.valueColumn(key))
  }

  static let syntaxCases: [Case] = {
    var cases: [Case] = []
    let text = base.text
    cases.append(
      Case(
        "trailing comma", String(text.dropLast()) + ",}",
        ["\(text.utf8.count): error: trailing comma before '}'"]))
    let escape = with("rawDescription", #""two \q eggs""#)
    cases.append(
      Case(
        "bad escape", escape.text,
        [#"\#(escape.column + 5): error: invalid escape \q in string; write \\ for a backslash"#]))
    let utf8 = with("foodName", "\"eggX\"")
    cases.append(
      Case(
        "invalid UTF-8 byte", bytes: Array(utf8.text.utf8).map { $0 == UInt8(ascii: "X") ? 0xFF : $0 },
        ["\(utf8.column + 4): error: invalid UTF-8 byte 0xFF in string (never valid in UTF-8)"]))
    cases.append(
      Case(
        "NUL byte in a string", bytes: Array(utf8.text.utf8).map { $0 == UInt8(ascii: "X") ? 0 : $0 },
        [#"\#(utf8.column + 4): error: unescaped control character U+0000 in string; write \u0000"#]))
    let nul = Array(text.utf8)
    cases.append(
      Case(
        "NUL byte between members",
        bytes: Array(nul.dropLast()) + [UInt8(ascii: ","), 0] + Array(nul.suffix(1)),
        ["\(nul.count + 1): error: expected a double-quoted key, found control character U+0000"]))
    let huge = with("calories", "1e400")
    cases.append(
      Case(
        "number too large for a Double", huge.text,
        ["\(huge.column): error: number 1e400 is too large for a 64-bit float"]))
    let duplicate = base.text.dropLast() + #","calories":1}"#
    cases.append(
      Case(
        "duplicate key", String(duplicate),
        [
          "\(base.text.utf8.count + 1): error: duplicate key \"calories\" (first at column \(base.keyColumn("calories")))"
        ]))
    cases.append(
      Case("top-level array", "[1,2]", ["1: error: each line must be one JSON object, found an array"]))
    cases.append(
      Case("top-level string", #""entry""#, ["1: error: each line must be one JSON object, found a string"]))
    return cases
  }()

  static let fieldCases: [Case] = {
    var cases: [Case] = []
    func one(
      _ name: String, _ key: String, _ json: String, loads: Bool = false, offset: Int = 0,
      severity: String = "error", _ message: String
    ) {
      let changed = with(key, json)
      cases.append(
        Case(name, changed.text, loads: loads, ["\(changed.column + offset): \(severity): \(message)"]))
    }
    one("calories as a string", "calories", #""182""#, #""calories" must be a number, got a string"#)
    one("unit as a number", "unit", "1", #""unit" must be a string, got a number"#)
    one(
      "ingredient as a number", "matchedIngredientID", "7",
      #""matchedIngredientID" must be a string or null, got a number"#)
    cases.append(Case("ingredient null", base.setting("matchedIngredientID", "null").text, loads: true, []))
    one(
      "negative calories", "calories", "-2",
      #""calories" must be a finite number ≥ 0, got -2; write 0 when the food has none"#)
    one(
      "negative fat", "fat", "-0.5",
      #""fat" must be a finite number ≥ 0, got -0.5; write 0 when the food has none"#)
    one(
      "negative fiber", "fiber", "-1",
      #""fiber" must be a finite number ≥ 0, got -1; write 0 when the food has none"#)
    one(
      "quantity 0", "quantity", "0",
      #""quantity" must be a finite number greater than 0, got 0; write how much was eaten in the entry's unit, e.g. 1 or 0.5"#
    )
    one(
      "quantity -1", "quantity", "-1",
      #""quantity" must be a finite number greater than 0, got -1; write how much was eaten in the entry's unit, e.g. 1 or 0.5"#
    )
    one(
      "confidence 1.5", "confidence", "1.5",
      #""confidence" must be a number from 0 to 1, got 1.5; write 1 for an entry you are sure of"#)
    one(
      "confidence -0.1", "confidence", "-0.1",
      #""confidence" must be a number from 0 to 1, got -0.1; write 1 for an entry you are sure of"#)
    cases.append(Case("confidence 0 is allowed", base.setting("confidence", "0").text, loads: true, []))
    cases.append(Case("confidence 1 is allowed", base.setting("confidence", "1.000").text, loads: true, []))
    one(
      "empty foodName", "foodName", #""""#,
      #""foodName" must not be empty or only spaces; name the food, e.g. "scrambled eggs""#)
    one(
      "whitespace foodName", "foodName", #"" \t  ""#,
      #""foodName" must not be empty or only spaces; name the food, e.g. "scrambled eggs""#)
    one("foodName as null", "foodName", "null", #""foodName" must be a string, got null"#)
    cases.append(
      Case(
        "empty rawDescription and unit are allowed",
        base.setting("rawDescription", #""""#).setting("unit", #""""#).text, loads: true, []))
    one(
      "id not a UUID", "id", #""not-a-uuid""#,
      #""id" must be a UUID like 6f0c9a52-3c1e-4a57-9a52-0d7f1d0e7b11, got "not-a-uuid""#)
    one(
      "id with a bad hex digit", "id", #""6f0c9a52-3c1e-4a57-9a52-0d7f1d0e7b1g""#,
      #""id" must be a UUID like 6f0c9a52-3c1e-4a57-9a52-0d7f1d0e7b11, got "6f0c9a52-3c1e-4a57-9a52-0d7f1d0e7b1g""#
    )
    cases.append(
      Case(
        "upper-case UUID is fine", base.setting("id", #""6F0C9A52-3C1E-4A57-9A52-0D7F1D0E7B11""#).text,
        loads: true, []))
    let prefix = #""timestamp" is not an RFC 3339 time like 2026-11-21T08:15:00-05:00: "#
    one(
      "month 13", "timestamp", #""2026-13-21T08:15:00-05:00""#, offset: 6,
      prefix + "month 13 is out of range (01–12)")
    one(
      "hour 25", "timestamp", #""2026-11-21T25:15:00-05:00""#, offset: 12,
      prefix + "hour 25 is out of range (00–23)")
    one(
      "missing seconds", "timestamp", #""2026-11-21T08:15-05:00""#, offset: 17,
      prefix + "missing seconds (write HH:MM:SS)")
    one(
      "bad offset minute", "timestamp", #""2026-11-21T08:15:00+05:60""#, offset: 24,
      prefix + "offset minute 60 is out of range (00–59)")
    one(
      "date only", "timestamp", #""2026-11-21""#, offset: 11,
      prefix + "expected 'T' and a time (HH:MM:SS) after the date")
    one(
      "out of range number", "calories", "1e12",
      #""calories" value 1e12 is out of range (at most 9223372036.854775807)"#)
    one(
      "out of range micronutrient", "micronutrients", #"{"sodium_mg":99999999999}"#, offset: 13,
      #""sodium_mg" value 99999999999 is out of range (at most 9223372036.854775807)"#)
    one(
      "more than 9 decimals", "protein", "12.1234567895", loads: true, severity: "warning",
      #""protein" has more than 9 decimals; counted as 12.12345679"#)
    one(
      "unknown meal", "meal", #""Brunch""#, loads: true, severity: "warning",
      #"unknown meal "Brunch"; expected breakfast, lunch, dinner or snack"#)
    cases.append(Case("meal in capitals is known", base.setting("meal", #""Lunch""#).text, loads: true, []))
    one("tags not an array", "tags", #""breakfast""#, #""tags" must be an array of strings, got a string"#)
    one("tags not strings", "tags", #"["home",1]"#, #""tags" must contain only strings, found a number"#)
    one(
      "micronutrients not an object", "micronutrients", "[]",
      #""micronutrients" must be an object of name → number, got an array"#)
    one(
      "micronutrient not a number", "micronutrients", #"{"iron_mg":1,"sodium_mg":"310"}"#, offset: 25,
      #"micronutrient "sodium_mg" must be a number, got a string"#)
    one(
      "negative micronutrient", "micronutrients", #"{"iron_mg":1,"sodium_mg":-310}"#, offset: 25,
      #""micronutrients.sodium_mg" must be a finite number ≥ 0, got -310; write 0 when the food has none"#)
    one("schemaVersion 0", "schemaVersion", "0", #""schemaVersion" must be a whole number ≥ 1"#)
    one(
      "schemaVersion newer", "schemaVersion", "4", loads: true, severity: "warning",
      "schema version 4 is newer than this tool knows (3); read as far as possible — update demeter-report")
    return cases
  }()

  static let missingKeyCases: [Case] = EntryField.required.map { field in
    Case(
      "missing \(field.rawValue)", base.removing(field.rawValue).text,
      ["1: error: missing required key \"\(field.rawValue)\""])
  }

  @Test(arguments: syntaxCases + fieldCases + missingKeyCases)
  func lineGivesLocatedDiagnostics(_ testCase: Case) {
    let text = "\n" + String(decoding: testCase.bytes, as: UTF8.self)
    let (load, path) = JournalTesting.loadFile(
      bytes: [UInt8(ascii: "\n")] + testCase.bytes + [UInt8(ascii: "\n")],
      options: JournalLoadOptions(collectWarnings: true))
    #expect(
      load.diagnostics.map { "\($0.location.column): \($0.severity.rawValue): \($0.message)" }
        == testCase.expected)
    #expect(load.diagnostics.allSatisfy { $0.location.path == path && $0.location.line == 2 })
    #expect(load.diagnostics.allSatisfy { $0.excerpt?.text == String(text.dropFirst()) })
    #expect(load.table.count == (testCase.loads ? 1 : 0))
    #expect(load.skippedLines == (testCase.loads ? 0 : 1))
  }

  @Test func warningsAreLeftOutUnlessAsked() {
    let line = Self.base.setting("meal", #""brunch""#).setting("protein", "1.0000000001").text
    let (load, _) = JournalTesting.loadFile(line + "\n")
    #expect(load.diagnostics.isEmpty)
    #expect(load.table.count == 1)
    #expect(load.table.amounts(of: .protein) == [1_000_000_000])
    #expect(load.table.meal(ofRow: 0) == "brunch")
  }

  @Test func roundedNumberIsStoredRounded() {
    let line = Self.base.setting("protein", "12.1234567895").setting("fat", "0.0000000015").text
    let (load, _) = JournalTesting.loadLine(line)
    #expect(load.table.amounts(of: .protein) == [12_123_456_790])
    #expect(load.table.amounts(of: .fat) == [2])
    #expect(JournalTesting.brief(load.diagnostics).count == 2)
  }

  // MARK: - Several problems on one line

  /// Every problem of a line is reported, in column order.
  @Test func everyTypeProblemOfALineIsReported() {
    let line = Self.base.setting("id", #""x""#).removing("unit").setting("calories", #""182""#)
      .setting("protein", "true").setting("tags", "[1]")
    let (load, _) = JournalTesting.loadLine(line.text)
    #expect(
      JournalTesting.brief(load.diagnostics) == [
        "1:1: error: missing required key \"unit\"",
        "1:\(line.valueColumn("id")): error: \"id\" must be a UUID like 6f0c9a52-3c1e-4a57-9a52-0d7f1d0e7b11, got \"x\"",
        "1:\(line.valueColumn("calories")): error: \"calories\" must be a number, got a string",
        "1:\(line.valueColumn("protein")): error: \"protein\" must be a number, got a boolean",
        "1:\(line.valueColumn("tags")): error: \"tags\" must contain only strings, found a number",
      ])
    #expect(load.skippedLines == 1)
  }

  @Test func everyValueProblemOfALineIsReported() {
    let line = Self.base.setting("foodName", #"" ""#).setting("quantity", "0").setting("calories", "-1")
      .setting("fat", "-2").setting("confidence", "1.5")
    let (load, _) = JournalTesting.loadLine(line.text)
    #expect(
      JournalTesting.brief(load.diagnostics) == [
        "1:\(line.valueColumn("foodName")): error: \"foodName\" must not be empty or only spaces; name the food, e.g. \"scrambled eggs\"",
        "1:\(line.valueColumn("quantity")): error: \"quantity\" must be a finite number greater than 0, got 0; write how much was eaten in the entry's unit, e.g. 1 or 0.5",
        "1:\(line.valueColumn("calories")): error: \"calories\" must be a finite number ≥ 0, got -1; write 0 when the food has none",
        "1:\(line.valueColumn("fat")): error: \"fat\" must be a finite number ≥ 0, got -2; write 0 when the food has none",
        "1:\(line.valueColumn("confidence")): error: \"confidence\" must be a number from 0 to 1, got 1.5; write 1 for an entry you are sure of",
      ])
  }

  @Test func valueProblemsAreReportedBesideTypeProblems() {
    let line = Self.base.setting("calories", #""182""#).setting("quantity", "0")
    let (load, _) = JournalTesting.loadLine(line.text)
    #expect(
      Set(JournalTesting.brief(load.diagnostics)) == [
        "1:\(line.valueColumn("quantity")): error: \"quantity\" must be a finite number greater than 0, got 0; write how much was eaten in the entry's unit, e.g. 1 or 0.5",
        "1:\(line.valueColumn("calories")): error: \"calories\" must be a number, got a string",
      ])
    #expect(load.diagnostics.count == 2)
  }

  @Test func warningsAndErrorsOfOneLineAreAllReported() {
    let line = Self.base.setting("meal", #""brunch""#).setting("protein", "1.0000000001").setting("fat", "-1")
    let (load, _) = JournalTesting.loadLine(line.text)
    #expect(
      Set(JournalTesting.brief(load.diagnostics)) == [
        "1:\(line.valueColumn("meal")): warning: unknown meal \"brunch\"; expected breakfast, lunch, dinner or snack",
        "1:\(line.valueColumn("protein")): warning: \"protein\" has more than 9 decimals; counted as 1",
        "1:\(line.valueColumn("fat")): error: \"fat\" must be a finite number ≥ 0, got -1; write 0 when the food has none",
      ])
    #expect(load.diagnostics.count == 3)
    #expect(load.table.isEmpty)
  }

  @Test func theBadLineIsSkippedAndTheOthersLoad() {
    let good = EntryLine()
    let bad = EntryLine(id: "0b1c2d3e-4f50-4617-8283-949596979899", calories: "-2")
    let other = EntryLine(id: "1b1c2d3e-4f50-4617-8283-949596979899", calories: "50")
    let (load, _) = JournalTesting.loadFile([good.text, bad.text, other.text].map { $0 + "\n" }.joined())
    #expect(load.table.sourceLine == [1, 3])
    #expect(load.table.amounts(of: .calories) == [182_000_000_000, 50_000_000_000])
    #expect(load.skippedLines == 1)
    #expect(load.errorCount == 1)
    #expect(load.diagnostics.first?.location.line == 2)
  }

  // MARK: - Rendering

  @Test func renderedShowsTheLineAndACaretUnderTheColumn() {
    let line = Self.base.setting("calories", #""182""#)
    let (load, path) = JournalTesting.loadLine(line.text)
    let column = line.valueColumn("calories")
    #expect(
      load.diagnostics.first?.rendered
        == "\(path):1:\(column): error: \"calories\" must be a number, got a string\n\(line.text)\n"
        + String(repeating: " ", count: column - 1) + "^")
  }

  @Test func caretCountsCharactersNotBytesAfterMultiByteText() {
    // "crème brûlée 🍮" has 3 two-byte letters and one four-byte emoji before the error.
    let line = Self.base.setting("rawDescription", #""crème brûlée 🍮""#).setting("calories", "-5")
    let (load, _) = JournalTesting.loadLine(line.text)
    let column = line.valueColumn("calories")
    let charactersBefore = String(decoding: line.text.utf8.prefix(column - 1), as: UTF8.self).unicodeScalars
      .count
    #expect(charactersBefore == column - 1 - 6)
    #expect(load.diagnostics.map(\.location.column) == [column])
    let rendered =
      load.diagnostics.first?.rendered.split(separator: "\n", omittingEmptySubsequences: false) ?? []
    #expect(rendered.count == 3)
    #expect(rendered.dropFirst().first.map(String.init) == line.text)
    #expect(rendered.last.map(String.init) == String(repeating: " ", count: charactersBefore) + "^")
    // The character above the caret is the start of the bad value.
    if let shown = rendered.dropFirst().first {
      #expect(Array(shown.unicodeScalars)[charactersBefore] == "-")
    }
  }

  @Test func caretIsUnderTheBadByteInInvalidUTF8() {
    var bytes = Array(#"{"foodName":"é"#.utf8)
    bytes += [0xC3, 0x28]  // a lead byte followed by a non-continuation byte
    bytes += Array(#""}"#.utf8)
    let (load, _) = JournalTesting.loadFile(bytes: bytes + [10])
    let diagnostic = load.diagnostics.first
    #expect(diagnostic?.location.column == 16)
    #expect(diagnostic?.message == "invalid UTF-8 byte 0xC3 in string (incomplete multi-byte sequence)")
    // Shown as {"foodName":"é�("} : the caret sits under the replacement character.
    let lines = diagnostic?.rendered.split(separator: "\n", omittingEmptySubsequences: false) ?? []
    #expect(lines.count == 3)
    #expect(lines.last.map(String.init) == String(repeating: " ", count: 14) + "^")
  }

  @Test func controlCharactersAreShownVisiblyAndTheCaretFollows() {
    let bytes = Array(#"{"foodName":"a"#.utf8) + [0x1B] + Array(#"b"}"#.utf8)
    let (load, _) = JournalTesting.loadFile(bytes: bytes + [10])
    let diagnostic = load.diagnostics.first
    #expect(diagnostic?.location.column == 15)
    let lines =
      diagnostic?.rendered.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) ?? []
    #expect(lines.dropFirst().first == #"{"foodName":"a\u{1b}b"}"#)
    #expect(lines.last == String(repeating: " ", count: 14) + "^")
  }
}
