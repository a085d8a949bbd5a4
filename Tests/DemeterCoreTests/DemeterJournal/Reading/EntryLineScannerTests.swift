import Foundation
import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// The fast path (`EntryLineScanner`) against the strict path (JSON tree + `EntryDecoder`): same
/// table, same diagnostics, on valid, tricky, broken and randomly mutated lines. And it is really
/// taken for ordinary lines.
@Suite struct EntryLineScannerTests {
  typealias Snapshot = JournalDeterminismTests.TableSnapshot

  /// Loads `journal` both ways and expects identical results; returns the fast load.
  @discardableResult
  static func expectSameBothWays(
    _ journal: String, timeZone: TimeZoneRule = .asWritten,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) -> JournalLoad {
    let fast = JournalLoader.load(
      journal: journal, options: JournalLoadOptions(timeZone: timeZone, threads: 2))
    let strict = JournalLoader.load(
      journal: journal, options: JournalLoadOptions(timeZone: timeZone, threads: 2, scansFast: false))
    #expect(Snapshot(fast.table) == Snapshot(strict.table), sourceLocation: sourceLocation)
    // The same both ways when lines go straight into day digests.
    let fastDigests = DigestLoader.load(journal: journal, options: JournalLoadOptions(timeZone: timeZone, threads: 2))
    let strictDigests = DigestLoader.load(
      journal: journal, options: JournalLoadOptions(timeZone: timeZone, threads: 2, scansFast: false))
    #expect(fastDigests.days == strictDigests.days, sourceLocation: sourceLocation)
    #expect(fastDigests.names.strings == strictDigests.names.strings, sourceLocation: sourceLocation)
    #expect(fastDigests.diagnostics == strictDigests.diagnostics, sourceLocation: sourceLocation)
    if let span = fastDigests.span {
      #expect(fastDigests.detail(in: span) == strictDigests.detail(in: span), sourceLocation: sourceLocation)
    }
    #expect(fast.diagnostics == strict.diagnostics, sourceLocation: sourceLocation)
    #expect(fast.skippedLines == strict.skippedLines, sourceLocation: sourceLocation)
    return fast
  }

  /// Whether the scanner alone accepts `line` (the whole of it, but for a line end `end`), where it
  /// declines what `warnings` names.
  static func scannerAccepts(
    _ line: String, limits: JSONLimits = .default, warnings: ScanWarnings? = nil, end: String = ""
  ) -> Bool {
    var parse = DayFileParse()
    parse.beginFile("x.jsonl", byteCount: line.utf8.count)
    var scanner = EntryLineScanner()
    scanner.warnings = warnings
    var bytes = Array(line.utf8)
    return bytes.withUnsafeMutableBufferPointer { buffer in
      scanner.scan(
        UnsafeBufferPointer(buffer), lineStart: 0, lineNumber: 1, limits: limits, timeZone: .asWritten,
        into: &parse) == buffer.count - (end.isEmpty ? 0 : 1)
    }
  }

  @Test(arguments: ["sample-journal", "bad-journal", "hostile-journal"])
  func fixtureJournalsLoadTheSameBothWays(name: String) {
    let load = Self.expectSameBothWays(JournalTesting.packageRoot + "/Tests/Fixtures/" + name)
    #expect(load.table.count > 0)
  }

  @Test(arguments: [TimeZoneRule.asWritten, .fixedOffset(seconds: 19_800), .named("America/New_York")])
  func randomEntriesLoadTheSameBothWays(timeZone: TimeZoneRule) {
    let lines = JournalDeterminismTests.randomEntries(count: 300, seed: 5).map(\.text)
    let journal = JournalDeterminismTests.write(lines, layout: .randomSplitShuffled, seed: 6)
    let load = Self.expectSameBothWays(journal.path, timeZone: timeZone)
    #expect(load.table.count == 300)
  }

  @Test func ordinaryLinesTakeTheFastPath() {
    for line in JournalDeterminismTests.randomEntries(count: 100, seed: 8) {
      #expect(Self.scannerAccepts(line.text), "\(line.text)")
    }
    let everyField = EntryLine().setting("schemaVersion", "1").setting("fiber", "1.5").setting("sugar", "0")
      .setting("meal", "\"Lunch\"").setting("tags", "[\"a\", \"b\\u00e9\"]").setting("tags", "[]")
      .setting("micronutrients", "{\"iron_mg\": 1.25, \"sodium_mg\": 3}").setting("note", "\"x\\ny\"")
      .setting("matchedIngredientID", "null")
    #expect(Self.scannerAccepts(" " + everyField.text + " \t"))
    let reviewedVersion = "\(EntrySchema.version(introducing: .reviewed))"
    for flag in ["true", "false"] {
      #expect(Self.scannerAccepts(EntryLine().setting("schemaVersion", reviewedVersion).setting("reviewed", flag).text))
    }
  }

  /// Lines the strict path rejects or warns about, or that need Unicode rules: the scanner must
  /// decline every one of them (the strict path then explains the line).
  static let declinedLines: [String] = [
    EntryLine().setting("mood", "1").text,
    EntryLine().setting("calories", "-1").text,
    EntryLine().setting("calories", "1e999999").text,
    EntryLine().setting("quantity", "0").text,
    EntryLine().setting("quantity", "0.0000000001").text,
    EntryLine().setting("confidence", "-0.1").text,
    EntryLine().setting("protein", "12345678901234567890").text,
    EntryLine().setting("protein", "01").text,
    EntryLine().setting("protein", "1.").text,
    EntryLine().setting("protein", "-").text,
    EntryLine().setting("protein", ".5").text,
    EntryLine().setting("protein", "1.5.5").text,
    EntryLine().setting("protein", "\"12\"").text,
    EntryLine().setting("fiber", "null").text,
    EntryLine().setting("note", "null").text,
    EntryLine().setting("meal", "null").text,
    EntryLine().setting("meal", "\"DÎNER\"").text,
    EntryLine().setting("foodName", "\"   \"").text,
    EntryLine().setting("foodName", "\"\\u3000\"").text,
    EntryLine().setting("foodName", "\"\u{3000}\"").text,
    EntryLine(id: "not-a-uuid").text,
    EntryLine(id: "6f0c9a52\\u002d3c1e-4a57-9a52-0d7f1d0e7b11").text,
    EntryLine(timestamp: "2026-02-30T08:00:00Z").text,
    EntryLine(timestamp: "2026-11-21T08:15:00\\u002b05:00").text,
    EntryLine().setting("schemaVersion", "0").text,
    EntryLine().setting("schemaVersion", "1.0").text,
    EntryLine().setting("schemaVersion", "1e0").text,
    // Newer than the tool: the strict path warns about it.
    EntryLine().setting("schemaVersion", "\(EntrySchema.current + 1)").text,
    // A line with a key of a later version than it says: `fmt --upgrade` rewrites it.
    EntryLine().setting("reviewed", "true").text,
    EntryLine().setting("schemaVersion", "2").setting("reviewed", "true").text,
    EntryLine().setting("schemaVersion", "3").setting("reviewed", "1").text,
    EntryLine().setting("schemaVersion", "3").setting("reviewed", "null").text,
    EntryLine().setting("schemaVersion", "3").setting("reviewed", "truex").text,
    EntryLine().setting("schemaVersion", "3").setting("reviewed", "fals").text,
    EntryLine().setting("tags", "[1]").text,
    EntryLine().setting("tags", "[\"a\",]").text,
    EntryLine().setting("tags", "\"a\"").text,
    EntryLine().setting("micronutrients", "{\"iron\": 1, \"iron\": 2}").text,
    EntryLine().setting("micronutrients", "{\"é\": 1}").text,
    EntryLine().setting("micronutrients", "{\"iron\": -1}").text,
    EntryLine().setting("micronutrients", "{\"iron\": \"1\"}").text,
    EntryLine().removing("unit").text,
    EntryLine().text + " x",
    EntryLine().text + ",",
    String(EntryLine().text.dropLast()) + ",}",
    "{\"id\":\"6f0c9a52-3c1e-4a57-9a52-0d7f1d0e7b11\",\"\\u0069d\":\"6f0c9a52-3c1e-4a57-9a52-0d7f1d0e7b11\"}",
    "[" + EntryLine().text + "]",
    "{}",
    "",
    "\u{FEFF}" + EntryLine().text,
  ]

  @Test func trickyLinesAreDeclined() {
    for line in Self.declinedLines {
      #expect(!Self.scannerAccepts(line), "\(line)")
    }
  }

  @Test func depthAndLengthLimitsAreTheStrictOnes() {
    let tagged = EntryLine().setting("tags", "[\"a\"]").text
    #expect(Self.scannerAccepts(tagged))
    #expect(!Self.scannerAccepts(tagged, limits: JSONLimits(maxDepth: 1)))
    #expect(!Self.scannerAccepts(tagged, limits: JSONLimits(maxStringBytes: 20)))
    #expect(!Self.scannerAccepts(tagged, limits: JSONLimits(maxInputBytes: 100)))
  }

  @Test func trickyAndAcceptedLinesLoadTheSameBothWays() {
    let accepted = [
      EntryLine().setting("foodName", "\"caf\\u00e9 \\\"au lait\\\"\"").text,
      EntryLine().setting("foodName", "\"e\u{301}clair\"").text,
      EntryLine().setting("foodName", "\"\u{E9}clair\"").text,
      EntryLine().setting("calories", "-0").text,
      EntryLine().setting("calories", "0.1e-400").text,
      EntryLine().setting("calories", "1.5E+2").text,
      EntryLine().setting("calories", "1234567890.5").text,
      EntryLine().setting("calories", "999999999.999999999").text,
      EntryLine().setting("calories", "0.000000001").text,
      EntryLine().setting("calories", "-0.0").text,
      EntryLine().setting("calories", "7.0000000001").text,
      EntryLine().setting("calories", "12345678901234567.5").text,
      EntryLine().setting("protein", "1.0000000005").text,
      EntryLine().setting("confidence", "1.0000000001").text,
      EntryLine().setting("foodName", "\"\\u3000x\"").text,
      EntryLine().setting("meal", "\"SNACK\"").text,
      EntryLine().setting("meal", "\"brunch\"").text,
      EntryLine().setting("schemaVersion", "\(EntrySchema.current)").text,
      EntryLine().setting("schemaVersion", "3").setting("reviewed", "true").text,
      EntryLine().setting("reviewed", "false").setting("schemaVersion", "3").text,
    ]
    var ids = 0
    let lines = (Self.declinedLines + accepted).map { line in
      // Distinct ids, so that only the line's own problem shows.
      ids += 1
      let id = "c0ffee00-0000-4000-8000-" + String(String(ids).reversed()).padding(12)
      return line.replacingFirst("6f0c9a52-3c1e-4a57-9a52-0d7f1d0e7b11", with: id)
    }
    let journal = JournalDeterminismTests.write(lines, layout: .oneFile, seed: 0)
    let load = Self.expectSameBothWays(journal.path)
    #expect(load.table.count >= accepted.count)
    #expect(load.errorCount > 20)
  }

  /// Keys written otherwise than as plain letters (an escape, a letter dropped, added or changed
  /// in case, a backslash before the closing quote) and ids in other forms: the scanner takes
  /// only what it can be sure of, and both ways give the same.
  @Test func keysAndIdsInOtherFormsLoadTheSameBothWays() {
    let base = EntryLine().setting("fiber", "1").setting("meal", "\"lunch\"").setting("note", "\"n\"")
    var lines: [String] = []
    for index in base.members.indices {
      let key = base.members[index].key
      let escaped = "\\u00" + String(key.utf8.first!, radix: 16) + key.dropFirst()
      for variant in [
        escaped, String(key.dropLast()), key + "s", key.uppercased(), key + "\\\"", key + "\\\\",
      ] {
        // Distinct ids, so that only the line's own problem shows.
        var line = base.setting("id", "\"c0ffee00-0000-4000-8000-\(String(lines.count).padding(12))\"")
        if let member = line.members.firstIndex(where: { $0.key == key }) {
          line.members[member].key = variant
        }
        lines.append(line.text)
      }
    }
    let id = "6f0c9a52-3c1e-4a57-9a52-0d7f1d0e7b11"
    for variant in [
      id, "ABCDEF01-3C1E-4A57-9A52-0D7F1D0E7B11", "6F0c9a52-3c1e-4a57-9a52-0d7f1d0e7b12",
      String(id.dropLast()), id + "1",
      String(id.dropLast()) + "\\u0031", String(id.dropLast()) + "\\\"", id.replacingFirst("-", with: "_"),
    ] {
      lines.append(base.setting("id", "\"\(variant)\"").text)
    }
    #expect(Self.scannerAccepts(base.text))
    #expect(Self.scannerAccepts(base.setting("id", "\"\(id.uppercased())\"").text))
    #expect(!Self.scannerAccepts(lines[0]))
    #expect(!Self.scannerAccepts(lines[1]))
    let journal = JournalDeterminismTests.write(lines, layout: .oneFile, seed: 0)
    let load = Self.expectSameBothWays(journal.path)
    #expect(load.errorCount > 20)
    // Ids with capitals are kept as written.
    let ids = (0..<load.table.count).map { load.table.ids[$0] }
    #expect(ids.contains("ABCDEF01-3C1E-4A57-9A52-0D7F1D0E7B11"))
    #expect(ids.contains("6F0c9a52-3c1e-4a57-9a52-0d7f1d0e7b12"))
  }

  @Test func keysLongerThanTheStringLimitAreDeclined() {
    let line = EntryLine().text
    #expect(!Self.scannerAccepts(line, limits: JSONLimits(maxStringBytes: 12)))
    #expect(!Self.scannerAccepts(line, limits: JSONLimits(maxStringBytes: 35)))
  }

  /// Random number literals (signs, leading zeros, up to twelve digits before and after the
  /// point, exponents, stray points) as an amount and as a micronutrient: both ways give the same.
  @Test(arguments: [UInt64(21), 22])
  func randomNumbersLoadTheSameBothWays(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    func digits(_ most: Int) -> String {
      String(
        (0..<Int.random(in: 0...most, using: &random)).map { _ in "0123456789".randomElement(using: &random)!
        })
    }
    var lines: [String] = []
    for index in 0..<2_000 {
      var literal = (Int.random(in: 0..<8, using: &random) == 0 ? "-" : "") + digits(12)
      if Bool.random(using: &random) { literal += "." + digits(12) }
      if Int.random(in: 0..<10, using: &random) == 0 {
        literal += ["e", "E+", "e-", "."].randomElement(using: &random)! + digits(3)
      }
      let id = "c0ffee00-0000-4000-8000-" + String(index).padding(12)
      let line = EntryLine(id: id, calories: literal).setting("micronutrients", "{\"iron_mg\":\(literal)}")
      lines.append(Bool.random(using: &random) ? line.text : line.removing("micronutrients").text)
    }
    let journal = JournalDeterminismTests.write(lines, layout: .oneFile, seed: 0)
    let load = Self.expectSameBothWays(journal.path)
    #expect(load.table.count > 200)
    #expect(load.errorCount > 200)
  }

  /// What may straddle the scanner's eight-byte words or its 17-byte window for numbers: escapes,
  /// multi-byte and broken UTF-8, control bytes and quotes in each string the scanner reads or only
  /// checks, and number literals of every length near a line's end, each at every offset from 0
  /// to 23. Both ways give the same.
  @Test func specialBytesAtEveryBlockOffsetLoadTheSameBothWays() {
    let specials: [[UInt8]] =
      [
        "\\\"", "\\\\", "\\/", "\\n", "\\t", "\\u00e9", "\\ud83d\\ude00", "\\ud83d", "\\ude00x", "\\x", "\\'",
        "\\u12", "\\", "é", "寿司", "😀", "\u{7F}", "\"",
      ].map { Array($0.utf8) }
      + [[0x01], [0x09], [0xC3], [0xC3, 0x28], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]]
    let strings = ["rawDescription", "foodName", "unit", "note", "meal", "matchedIngredientID", "tags"]
    var lines: [[UInt8]] = []
    func id() -> String { "c0ffee00-0000-4000-8000-" + String(lines.count).padding(12) }
    for key in strings {
      for special in specials {
        for offset in 0..<24 {
          let marker = "@@"
          let value = "\"" + String(repeating: "a", count: offset) + marker + "b\""
          let json = key == "tags" ? "[\"x\"," + value + "]" : value
          let text = EntryLine(id: id()).setting(key, json).text
          let parts = text.components(separatedBy: marker)
          lines.append(Array(parts[0].utf8) + special + Array(parts[1].utf8))
        }
      }
    }
    let literals = [
      "1", "12", "0.5", "1.25", "1234.5678", "1.1234567", "12.1234567", "1234567", "12345678",
      "1234567.1234567", "1234567.12345678", "0.123456789", "0.1234567891", "123456789", "1234567890", "1e2",
      "1.5E-3", "-0", "01", "1.", "1.5.", "-",
    ]
    for literal in literals {
      for offset in 0..<24 {
        // The number is the line's last value, `offset` spaces before its closing brace.
        var line = EntryLine(id: id()).removing("matchedIngredientID").removing("confidence").text
        line.removeLast()
        line += ",\"confidence\":0.5,\"fiber\":" + literal + String(repeating: " ", count: offset) + "}"
        lines.append(Array(line.utf8))
      }
    }
    let journal = TemporaryJournal()
    journal.write("2026-11-21.jsonl", bytes: Array(lines.map { $0 + [0x0A] }.joined()))
    let load = Self.expectSameBothWays(journal.path)
    #expect(load.table.count > 1_000)
    #expect(load.errorCount > 1_000)
  }

  /// An entry with every key but `schemaVersion` and `alcohol`, compact, in canonical order.
  static func everyKeyInCanonicalOrder(id: String) -> EntryLine {
    EntryLine(id: id).removing("confidence").removing("matchedIngredientID").setting("fiber", "1.5")
      .setting("sugar", "0.25").setting("confidence", "0.92")
      .setting("matchedIngredientID", "\"usda-sr-01132\"")
      .setting("meal", "\"Breakfast\"").setting("tags", "[\"a\",\"b\"]")
      .setting("micronutrients", "{\"sodium_mg\":120}").setting("note", "\"n\\\"ote\"")
  }

  /// A canonical line is read by the straight path to its closing brace, every key seen.
  @Test func canonicalLinesAreReadStraightThrough() {
    let line = Self.everyKeyInCanonicalOrder(id: "c0ffee00-0000-4000-8000-000000000001")
    let bytes = Array(line.text.utf8)
    var scanner = EntryLineScanner()
    bytes.withUnsafeBufferPointer { buffer in
      var cursor = LineCursor(lineAt: buffer, limits: .default)
      cursor.index = 1
      var seen: UInt32 = 0
      var expected = 0
      #expect(
        scanner.readCanonicalMembers(
          &cursor, seen: &seen, expected: &expected, keepsRawDescription: false, keepsTagsAndNote: false))
      #expect(cursor.index == buffer.count - 1)
      let every = line.members.reduce(UInt32(0)) { $0 | 1 << UInt32(EntryField(rawValue: $1.key)!.ordinal) }
      #expect(seen == every)
      #expect(expected == EntryField.note.ordinal + 1)
    }
  }

  /// The canonical members (`EntryLineScanner+Canonical`) load words past a line's end: a line
  /// cut after any byte, followed by its line end (LF or CRLF) and another line, reads as the
  /// strict path reads it; so do numbers at every offset of a word, and members that break the
  /// compact canonical form (whitespace, another order, an unknown or repeated key) anywhere.
  @Test func canonicalMembersCutOrBrokenAnywhereLoadTheSameBothWays() {
    var lines: [String] = []
    func id() -> String { "c0ffee00-0000-4000-8000-" + String(lines.count).padding(12) }
    func full() -> EntryLine { Self.everyKeyInCanonicalOrder(id: id()) }
    let whole = full().text
    for cut in 1..<whole.utf8.count {
      lines.append(String(decoding: Array(whole.utf8)[..<cut], as: UTF8.self))
    }
    // Integer and fraction parts of every length the eight-byte reads take, and longer ones.
    let literals = [
      "1", "12", "105", "0.5", "0.95", "1.25", "1234.5678", "1234567.1", "1.1234567", "12.1234567", "1234567",
      "12345678", "1234567.1234567", "0.123456789", "1e2", "1.5e2", "-0", "-0.95", "00.5", "1.",
    ]
    for key in ["quantity", "calories", "protein", "carbohydrates", "fat", "fiber", "sugar", "confidence"] {
      for literal in literals {
        for offset in 0..<9 {
          lines.append(
            full().setting("unit", "\"" + String(repeating: "u", count: offset + 1) + "\"")
              .setting(key, literal).text)
        }
      }
    }
    let keys = full().members.map { "\"" + $0.key + "\":" }
    let breaks: [(String) -> (String, String)] = [
      { ($0, $0 + " ") }, { ($0, " " + $0) }, { ("," + $0, ", " + $0) }, { ("," + $0, " ," + $0) },
      { ("," + $0, ",\"extra\":1," + $0) }, { ("," + $0, "," + $0 + "1,") },
      { ("," + $0, ",\"note\":\"n\"," + $0) },
    ]
    for key in keys {
      for broken in breaks {
        let (target, replacement) = broken(key)
        lines.append(full().text.replacingFirst(target, with: replacement))
      }
      lines.append(full().removing(String(key.dropFirst().dropLast(2))).text)
    }
    lines.append(full().text.replacingFirst("{", with: "{\"schemaVersion\":1,"))
    let journal = TemporaryJournal()
    journal.write("2026-11-21.jsonl", bytes: Array(lines.map { Array(($0 + "\n").utf8) }.joined()))
    journal.write("2026-11-22.jsonl", bytes: Array(lines.map { Array(($0 + "\r\n").utf8) }.joined()))
    let load = Self.expectSameBothWays(journal.path)
    #expect(load.table.count > 500)
    #expect(load.errorCount > 300)
  }

  /// Random byte edits of valid lines (flips, deletions, insertions of JSON punctuation, bytes
  /// ≥ 0x80): whatever the strict path makes of each, the fast path must make the same.
  @Test(arguments: [UInt64(11), 12, 13])
  func mutatedLinesLoadTheSameBothWays(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let alphabet =
      Array("{}[]\",:\\ -+.eE0159tfnul\u{7F}".utf8) + [0x00, 0x0A, 0x80, 0xC3, 0xE2, 0xED, 0xF4, 0xFF]
    var files: [[UInt8]] = []
    for entry in JournalDeterminismTests.randomEntries(count: 400, seed: seed) {
      var bytes = Array(entry.text.utf8)
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        let position = Int.random(in: 0..<bytes.count, using: &random)
        switch Int.random(in: 0..<3, using: &random) {
        case 0: bytes[position] = alphabet.randomElement(using: &random)!
        case 1: bytes.remove(at: position)
        default: bytes.insert(alphabet.randomElement(using: &random)!, at: position)
        }
        if bytes.isEmpty { bytes = [0x20] }
      }
      files.append(bytes.filter { $0 != 0x0A } + [0x0A])
    }
    let journal = TemporaryJournal()
    for (index, chunk) in stride(from: 0, to: files.count, by: 40).enumerated() {
      journal.write(
        "2026-11-\(10 + index).jsonl", bytes: Array(files[chunk..<min(chunk + 40, files.count)].joined()))
    }
    let load = Self.expectSameBothWays(journal.path)
    #expect(load.errorCount > 50)
    #expect(load.table.count > 20)
  }
}

extension String {
  fileprivate func padding(_ width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }

  fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
    guard let range = range(of: target) else { return self }
    return replacingCharacters(in: range, with: replacement)
  }
}

@Suite struct EntryFieldMatchingTests {
  @Test func everyKeyMatchesItsFieldAndOrdinal() {
    for (ordinal, field) in EntryField.allCases.enumerated() {
      #expect(field.ordinal == ordinal)
      var key = field.rawValue
      let match = key.withUTF8 { EntryField.matching(utf8: $0) }
      #expect(match?.field == field)
      #expect(match?.ordinal == ordinal)
    }
    for other in ["", "i", "ID", "fats", "units", "mealz", "calorie", "foodname", "matchedIngredientId"] {
      var key = other
      #expect(key.withUTF8 { EntryField.matching(utf8: $0) } == nil, "\(other)")
    }
  }
}
