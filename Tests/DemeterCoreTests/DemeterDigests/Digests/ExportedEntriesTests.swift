import Foundation
import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// The entries of an export, handed out a date at a time from one read of each file (the fast
/// scanner where it reads a line), give what the reference model gives: the rows of the period in a
/// table of the whole journal (`JournalLoader`), each line read again through the strict parser and
/// decoder for its tags, note and stated nutrients; the journal lines an export renders as it reads
/// (`JournalLineRenderer`) are the canonical forms of those lines (`EntryLineEncoder`).
@Suite struct ExportedEntriesTests {
  /// Random entry lines: most compact and in canonical key order (read by the scanner and written
  /// as they are), the others with escapes, whitespace, U+2028, another key order, `schemaVersion`,
  /// `alcohol` or unknown keys; tags, notes, sugar and micronutrients on some; a repeated id now
  /// and then.
  static func randomLines(count: Int, seed: UInt64) -> [String] {
    var random = SplitMix64(seed: seed)
    func chance(_ one: Int) -> Bool { Int.random(in: 0..<one, using: &random) == 0 }
    let order = Dictionary(uniqueKeysWithValues: EntryField.allCases.enumerated().map { ($1.rawValue, $0) })
    let notes = [#""plain note""#, #""with \"quotes\"\nand a line""#, "\"raw \u{2028} separator\"", #""é, 寿司""#]
    let tags = [#"[]"#, #"["home"]"#, #"["home","eaten out"]"#, #"["a\/b","tab\there"]"#]
    var ids: [String] = []
    return JournalDeterminismTests.randomEntries(count: count, seed: seed).enumerated().map { index, base in
      var line = base
      if !chance(4) { line = line.setting("rawDescription", "\"entry \(index)\"") }
      if chance(3) { line = line.setting("tags", tags[Int.random(in: 0..<tags.count, using: &random)]) }
      if chance(3) { line = line.setting("note", notes[Int.random(in: 0..<notes.count, using: &random)]) }
      if chance(2) { line = line.setting("sugar", "\(Int.random(in: 0...40, using: &random)).5") }
      if chance(12) { line = line.setting("alcohol", "14") }
      if chance(8) { line = line.setting("meal", #""Lunch""#) }
      if chance(12) { line = line.setting("zeta", #"[1,{"b":null}]"#) }
      if chance(12) { line = line.setting("schemaVersion", "1") }
      if chance(15), let earlier = ids.randomElement(using: &random) { line = line.setting("id", earlier) }
      ids.append(line.members.first { $0.key == "id" }!.json)
      // In canonical order unless the generator shuffled it (or, now and then, still shuffled).
      if !chance(4) { line.members.sort { order[$0.key, default: 99] < order[$1.key, default: 99] } }
      guard chance(10) else { return line.text }
      return "{ " + line.members.map { "\"\($0.key)\": \($0.json)" }.joined(separator: " , ") + " }"
    }
  }

  /// An entry as text: its values, what its line states, where it is, and its canonical line.
  static func text(
    timestamp: Timestamp, id: String, food: String, quantity: FixedDecimal, unit: String,
    amounts: NutrientAmounts, confidence: FixedDecimal, meal: String?, ingredient: String?, said: String,
    micronutrients: [MicronutrientAmount], states: (fiber: Bool, sugar: Bool), tags: [String], note: String?,
    place: String
  ) -> String {
    [
      timestamp.rfc3339, id, food, "\(quantity)", unit, "\(amounts)", "\(confidence)", meal ?? "-",
      ingredient ?? "-", said, micronutrients.map { "\($0.name)=\($0.amount)" }.joined(separator: ","),
      "\(states)", tags.joined(separator: ";"), note ?? "-", place,
    ].joined(separator: "|")
  }

  /// The lines of the file at `path` by number, as the reader numbers them (a leading byte order
  /// mark and each line's `\r` left out).
  static func lines(of path: String) throws -> [[UInt8]] {
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
    return bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
      Array(line.last == UInt8(ascii: "\r") ? line.dropLast() : line)
    }
  }

  /// The reference reading of `period`: the table's rows, each line read again, and each line's
  /// canonical form.
  static func reference(
    _ digests: JournalDigests, period: Period
  ) throws -> (texts: [String], lines: [String]) {
    var texts: [String] = []
    var canonical: [String] = []
    var files: [String: [[UInt8]]] = [:]
    let table = JournalLoader.load(files: digests.files, options: digests.loadOptions).table
    var micronutrients: [Int: [MicronutrientAmount]] = [:]
    table.forEachMicronutrient { row, amount in micronutrients[row, default: []].append(amount) }
    do {
      for row in table.rows(in: period) {
        let location = table.location(ofRow: row)
        if files[location.path] == nil { files[location.path] = try lines(of: location.path) }
        let bytes = files[location.path]![location.line - 1]
        let read = bytes.withUnsafeBufferPointer {
          EntryLineReader.read($0, path: location.path, lineNumber: location.line)
        }
        let line = try #require(read.line, "\(location.path):\(location.line) reads again")
        func states(_ field: EntryField) -> Bool {
          line.object[field.rawValue] != nil && line.object[field.rawValue] != .null
        }
        texts.append(
          text(
            timestamp: table.timestamp(ofRow: row), id: table.id(ofRow: row), food: table.foodName(ofRow: row),
            quantity: table.quantity(ofRow: row), unit: table.unit(ofRow: row), amounts: table.amounts(ofRow: row),
            confidence: table.confidence(ofRow: row), meal: table.meal(ofRow: row),
            ingredient: table.ingredientID(ofRow: row), said: table.rawDescription(ofRow: row),
            micronutrients: micronutrients[row] ?? [], states: (states(.fiber), states(.sugar)),
            tags: line.entry.tags, note: line.entry.note, place: "\(location.path):\(location.line)"))
        canonical.append(EntryLineEncoder.line(line.object))
      }
    }
    return (texts, canonical)
  }

  /// The export's reading of `period`, in runs of about `entriesPerRun` entries (`ExportRuns`),
  /// each date's entries as text made on any processor.
  static func exported(_ digests: JournalDigests, period: Period, entriesPerRun: Int) -> [String] {
    var texts: [String] = []
    digests.forEachDate(ofExportedEntriesIn: period, entriesPerRun: entriesPerRun) {
      entries, earlierEntries in
      (entries.map { entry in
        let row = entry.row
        // To the second, as a table keeps it.
        var timestamp = row.timestamp
        timestamp.nanosecond = 0
        return text(
          timestamp: timestamp, id: row.id, food: row.foodName, quantity: row.quantity, unit: row.unit,
          amounts: row.amounts, confidence: row.confidence, meal: row.meal, ingredient: row.matchedIngredientID,
          said: row.rawDescription, micronutrients: row.micronutrients,
          states: (row.states(.fiber), row.states(.sugar)), tags: entry.tags, note: entry.note,
          place: "\(entry.path):\(row.line)")
      }, earlierEntries)
    } _: { part in
      #expect(part.1 == texts.count, "the entries of the dates before")
      #expect(!part.0.isEmpty, "only dates with entries")
      texts += part.0
    }
    return texts
  }

  /// The journal lines an export renders of `period` as it reads them, in runs of about
  /// `entriesPerRun` entries, one text per date.
  static func renderedLines(_ digests: JournalDigests, period: Period, entriesPerRun: Int) -> [String] {
    var lines: [String] = []
    let renderer = JournalLineRenderer(limits: digests.loadOptions.limits)
    digests.forEachDate(ofRecordsIn: period, renderer: renderer, entriesPerRun: entriesPerRun) {
      records, count in
      let text = String(decoding: records, as: UTF8.self)
      #expect(text.hasSuffix("\n"), "whole lines")
      #expect(count > 0, "only dates with entries")
      lines += text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
    return lines
  }

  @Test(
    arguments: JournalDeterminismTests.Layout.allCases,
    [TimeZoneRule.asWritten, .fixedOffset(seconds: 9 * 3600)])
  func sameEntriesAsTheTableAndTheStrictReading(
    layout: JournalDeterminismTests.Layout, zone: TimeZoneRule
  ) throws {
    let lines = Self.randomLines(count: 400, seed: 31)
    let journal = JournalDeterminismTests.write(lines, layout: layout, seed: 32)
    let digests = DigestLoader.load(
      journal: journal.path, options: JournalLoadOptions(timeZone: zone, threads: 2, keepsDetail: false))
    #expect(digests.duplicateLines.values.contains { !$0.isEmpty }, "some ids are repeated")
    let span = try #require(digests.span)
    let periods = [span, Period(first: span.first.adding(days: 3), last: span.first.adding(days: 17))]
    for period in periods {
      let expected = try Self.reference(digests, period: period)
      #expect(!expected.texts.isEmpty)
      for entriesPerRun in [1, 37, ExportRuns.entriesPerRun] {
        #expect(Self.exported(digests, period: period, entriesPerRun: entriesPerRun) == expected.texts)
        #expect(Self.renderedLines(digests, period: period, entriesPerRun: entriesPerRun) == expected.lines)
      }
      // The CSV export's micronutrient columns: from the files read again, as from the detail.
      let names = digests.micronutrientNames(in: period)
      if period == span { #expect(!names.isEmpty) }
      #expect(names == digests.withDetail.micronutrientNames(in: period))
    }
  }

  /// A line's canonical form is the encoder's line of its strict reading, whether the line is
  /// written as it is (the scanner read it in canonical form) or goes through the encoder.
  @Test func canonicalLinesAreTheEncodersLines() throws {
    let lines = Self.randomLines(count: 600, seed: 41)
    let renderer = JournalLineRenderer(limits: .default)
    var asWritten = 0
    for line in lines {
      let file = DayFile(path: "2026-11-15.jsonl", date: nil, contents: Array(line.utf8))
      var sink = EntryRecordSink(renderer: renderer, excludedLines: [], days: Int32.min...Int32.max)
      DayFileParser(options: JournalLoadOptions()).parse(file, into: &sink)
      let rendered = try #require(sink.dates.first?.entries, "\(line): \(sink.diagnostics)")
      guard case .object(let object) = try JSONParser().parse(line) else {
        Issue.record("not an object: \(line)")
        continue
      }
      #expect(rendered.bytes == Array((EntryLineEncoder.line(object) + "\n").utf8), "\(line)")
      if rendered.bytes.dropLast().elementsEqual(line.utf8) { asWritten += 1 }
    }
    #expect(asWritten > lines.count / 3, "most lines are already canonical")
    #expect(asWritten < lines.count, "some are not")
  }

  @Test func onlyCompactLinesWithTheWritersEscapesAreWrittenAsTheyAre() {
    func written(_ text: String) -> String? {
      var out: [UInt8] = [1]
      let appended = Array(text.utf8).withUnsafeBufferPointer {
        JournalLineRenderer.appendWrittenCanonically($0, to: &out)
      }
      #expect(appended || out == [1], "nothing appended for a line the encoder writes otherwise")
      return appended ? String(decoding: out.dropFirst(), as: UTF8.self) : nil
    }
    #expect(written(#"{"id":"a b","tags":["x y"],"n":1}"#) == #"{"id":"a b","tags":["x y"],"n":1}"#)
    #expect(written(#"{"id": "a"}"#) == nil)
    #expect(written(#" {"id":"a"}"#) == nil)
    #expect(written(#"{"id":"a"} "#) == nil)
    #expect(written(#"{"id":"a\"b\\c\nd\te"}"#) == #"{"id":"a\"b\\c\nd\te"}"#, "escapes the writer writes so")
    #expect(written(#"{"id":"a\/b","n":"\/"}"#) == #"{"id":"a/b","n":"/"}"#, "a slash is written plain")
    #expect(written(#"{"id":"a\u00e9b"}"#) == nil)
    #expect(written(#"{"id":"a\u000ab"}"#) == nil)
    #expect(written("{\"id\":\"a\u{2028}b\"}") == nil)
    #expect(written("{\"id\":\"a\u{2029}b\"}") == nil)
    #expect(written("{\"id\":\"a\u{2027}b\"}") == "{\"id\":\"a\u{2027}b\"}")
  }
}
