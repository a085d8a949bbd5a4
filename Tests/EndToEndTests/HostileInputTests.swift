import Foundation
import TestSupport
import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Hostile and broken journals through the built binary (manual: reliability): every case must end normally
/// (status 0 or 1, never a signal or a hang), every message must be located
/// (`path:line:column: error|warning: …`) and name the problem, the valid entries around the damage
/// must still load, and the peak memory must stay under 3 × the journal's size + 200 MB.
@Suite struct HostileInputTests {
  /// Valid entry `number` (id `00000000-0000-4000-8000-<number>`), dated 2026-11-`day` (week 2026-W47).
  static func entry(_ number: Int, day: Int = 21) -> String {
    String(
      format: #"{"id":"00000000-0000-4000-8000-%012x","timestamp":"2026-11-%02dT08:15:00-05:00","#
        + #""rawDescription":"eggs","foodName":"scrambled eggs","quantity":2,"unit":"large","calories":182,"#
        + #""protein":12.2,"carbohydrates":2.0,"fat":13.4,"confidence":0.92}"#, number, day)
  }

  /// Entry 3 with `old` replaced by `new` (bytes, so invalid UTF-8 can be written).
  static func damaged(_ old: String, _ new: [UInt8]) -> [UInt8] {
    let text = entry(3)
    guard let range = text.range(of: old) else { preconditionFailure("entry has no \(old)") }
    return Array(text[..<range.lowerBound].utf8) + new + Array(text[range.upperBound...].utf8)
  }

  static func damaged(_ old: String, _ new: String) -> [UInt8] { damaged(old, Array(new.utf8)) }

  /// One message `check` must print: its file (name inside the journal), line, severity and a part of
  /// its text.
  struct Expected: Sendable, CustomStringConvertible {
    var file: String
    var line: Int
    var severity: String
    var text: String

    static func error(_ text: String, line: Int = 3, file: String = "2026-11-21.jsonl") -> Expected {
      Expected(file: file, line: line, severity: "error", text: text)
    }

    static func warning(_ text: String, line: Int = 3, file: String = "2026-11-21.jsonl") -> Expected {
      Expected(file: file, line: line, severity: "warning", text: text)
    }

    var description: String { "\(file):\(line): \(severity): …\(text)…" }

    func matches(_ headline: CheckOutput.Headline, in journal: String) -> Bool {
      headline.path == journal + "/" + file && headline.line == line && headline.severity == severity
        && headline.message.contains(text) && headline.column >= 1
    }
  }

  /// A journal to build and what `check` (and, when `week` is set, the week report) must make of it.
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    /// Writes the journal into the (empty) folder.
    var build: @Sendable (_ folder: String) throws -> Void
    /// Every message `check` prints, in any order.
    var messages: [Expected]
    /// Day files `check` reads and the entries that load.
    var files = 1
    var entries: Int
    /// Also run `week 2026-W47 -f csv` and check its entry count (the fast path of reports).
    var week = false
    var testDescription: String { name }

    var status: Int32 { messages.contains { $0.severity == "error" } ? 1 : 0 }

    /// `2026-11-21.jsonl`: entries 1 and 2, then the hostile line 3, then entry 4.
    static func line(
      _ name: String, _ bytes: [UInt8], _ messages: [Expected], entries: Int = 3, week: Bool = false
    ) -> Case {
      Case(
        name: name,
        build: { folder in
          var content = Array((entry(1) + "\n" + entry(2) + "\n").utf8)
          content += bytes + [0x0A]
          content += Array((entry(4) + "\n").utf8)
          try Data(content).write(to: URL(fileURLWithPath: folder + "/2026-11-21.jsonl"))
        }, messages: messages, entries: entries, week: week)
    }

    /// `2026-11-21.jsonl` holding entries 1 and 2 and then `tail` with no newline after it: a file
    /// cut short by a crashed writer.
    static func truncated(_ name: String, _ tail: [UInt8], _ error: String?) -> Case {
      Case(
        name: name,
        build: { folder in
          let content = Array((entry(1) + "\n" + entry(2) + "\n").utf8) + tail
          try Data(content).write(to: URL(fileURLWithPath: folder + "/2026-11-21.jsonl"))
        },
        messages: [.warning("last line has no final newline", line: 3)]
          + (error.map { [.error($0, line: 3)] } ?? []),
        entries: error == nil ? 3 : 2, week: true)
    }

    /// `2026-11-21.jsonl` with entries 1 and 2, plus whatever `more` makes beside it.
    static func folder(
      _ name: String, files: Int = 1, entries: Int = 2, _ messages: [Expected],
      _ more: @escaping @Sendable (_ folder: String) throws -> Void
    ) -> Case {
      Case(
        name: name,
        build: { folder in
          try Data((entry(1) + "\n" + entry(2) + "\n").utf8).write(
            to: URL(fileURLWithPath: folder + "/2026-11-21.jsonl"))
          try more(folder)
        }, messages: messages, files: files, entries: entries, week: true)
    }
  }

  // MARK: - The cases

  static let malformed: [Case] = [
    .line(
      "malformed JSON: trailing comma", Array((String(entry(3).dropLast()) + ",}").utf8),
      [.error("trailing comma before '}'")]),
    .line(
      "malformed JSON: single quotes", damaged(#""unit":"large""#, "'unit':'large'"),
      [.error("single quotes are not allowed in JSON")]),
    .line(
      "malformed JSON: comment after the object", Array((entry(3) + " // eaten").utf8),
      [.error("comments are not allowed in JSON")]),
    .line(
      "malformed JSON: NaN", damaged(#""fat":13.4"#, #""fat":NaN"#), [.error("NaN/Infinity are not JSON")]),
    .line("malformed JSON: bare word", Array("hello".utf8), [.error("unexpected word 'hello'")]),
    .line(
      "malformed JSON: missing closing brace", Array(entry(3).dropLast().utf8), [.error("end of input")],
      week: true),
    .line("malformed JSON: missing colon", damaged(#""unit":"#, #""unit" "#), [.error("expected ':'")]),
    .line(
      "malformed JSON: unquoted key", damaged(#""unit""#, "unit"),
      [.error("object keys must be double-quoted strings")]),
    .line(
      "malformed JSON: leading zero", damaged(#""quantity":2"#, #""quantity":02"#), [.error("leading zero")]),
    .line(
      "malformed JSON: two objects on a line", Array((entry(3) + entry(5)).utf8),
      [.error("unexpected text after the JSON value")]),
    .line(
      "malformed JSON: an array, not an object", Array("[1,2,3]".utf8),
      [.error("each line must be one JSON object, found an array")]),
    .line(
      "malformed JSON: a lone string", Array(#""eggs""#.utf8), [.error("each line must be one JSON object")]),
  ]

  static let wrongTypesAndRanges: [Case] = [
    .line(
      "wrong type: quantity is a string", damaged(#""quantity":2"#, #""quantity":"2""#),
      [.error(#""quantity" must be a number, got a string"#)], week: true),
    .line(
      "wrong type: foodName is a number", damaged(#""foodName":"scrambled eggs""#, #""foodName":7"#),
      [.error(#""foodName" must be a string"#)]),
    .line(
      "wrong type: timestamp is a number",
      damaged(#""timestamp":"2026-11-21T08:15:00-05:00""#, #""timestamp":1763730900"#),
      [.error(#""timestamp" must be a string"#)]),
    .line(
      "wrong type: tags is a string", Array((String(entry(3).dropLast()) + #","tags":"breakfast"}"#).utf8),
      [.error(#""tags""#)]),
    .line(
      "wrong type: id is not a UUID", damaged("00000000-0000-4000-8000-000000000003", "not-a-uuid"),
      [.error(#""id""#)]),
    .line("missing required key: calories", damaged(#""calories":182,"#, ""), [.error(#""calories""#)]),
    .line(
      "out of range: negative calories", damaged(#""calories":182"#, #""calories":-5"#),
      [.error(#""calories" must be a finite number ≥ 0, got -5"#)], week: true),
    .line(
      "out of range: confidence 1.5", damaged(#""confidence":0.92"#, #""confidence":1.5"#),
      [.error(#""confidence" must be a number from 0 to 1, got 1.5"#)]),
    .line("out of range: quantity 0", damaged(#""quantity":2"#, #""quantity":0"#), [.error(#""quantity""#)]),
    .line(
      "bad timestamp: 31 November", damaged("2026-11-21T08", "2026-11-31T08"),
      [.error("day 31 is out of range for 2026-11")]),
    .line(
      "bad timestamp: hour 25", damaged("T08:15", "T25:15"), [.error(#""timestamp" is not an RFC 3339 time"#)]
    ),
    .line(
      "bad timestamp: no time", damaged("2026-11-21T08:15:00-05:00", "2026-11-21"),
      [.error(#""timestamp" is not an RFC 3339 time"#)]),
  ]

  static let encodings: [Case] = [
    .line(
      "invalid UTF-8: byte 0xFF", damaged("eggs\"", [0x65, 0xFF, 0x22]),
      [.error("invalid UTF-8 byte 0xFF in string (never valid in UTF-8)")], week: true),
    .line(
      "invalid UTF-8: Latin-1 é", damaged("eggs\"", [0x65, 0xE9, 0x22]),
      [.error("invalid UTF-8 byte 0xE9 in string")]),
    .line(
      "invalid UTF-8: byte 0xFF between tokens",
      damaged(#","unit""#, [0x2C, 0xFF, 0x22, 0x75, 0x6E, 0x69, 0x74, 0x22]), [.error("byte 0xFF")]),
    .line(
      "truncated UTF-8: E2 82 then ASCII", damaged("eggs\"", [0x65, 0xE2, 0x82, 0x67, 0x22]),
      [.error("invalid UTF-8 byte 0xE2 in string (incomplete multi-byte sequence)")]),
    .line(
      "truncated UTF-8: F0 9F 8D before the quote", damaged("eggs\"", [0x65, 0xF0, 0x9F, 0x8D, 0x22]),
      [.error("invalid UTF-8 byte 0xF0 in string (incomplete multi-byte sequence)")]),
    .line(
      "overlong UTF-8: C0 80", damaged("eggs\"", [0x65, 0xC0, 0x80, 0x22]),
      [.error("invalid UTF-8 byte 0xC0 in string (overlong encoding)")]),
    .line(
      "overlong UTF-8: E0 80 80", damaged("eggs\"", [0x65, 0xE0, 0x80, 0x80, 0x22]),
      [.error("invalid UTF-8 byte 0xE0 in string (overlong encoding)")]),
    .line(
      "overlong UTF-8: F0 80 80 80", damaged("eggs\"", [0x65, 0xF0, 0x80, 0x80, 0x80, 0x22]),
      [.error("invalid UTF-8 byte 0xF0 in string (overlong encoding)")]),
    .line(
      "encoded surrogate: ED A0 80", damaged("eggs\"", [0x65, 0xED, 0xA0, 0x80, 0x22]),
      [.error("invalid UTF-8 byte 0xED in string (encoded UTF-16 surrogate)")]),
    .line(
      #"lone surrogate: \uD83D alone"#, damaged("eggs\"", #"e\uD83D""#),
      [.error(#"lone surrogate \uD83D in string"#)], week: true),
    .line(
      #"lone surrogate: \uDE00 alone"#, damaged("eggs\"", #"e\uDE00""#),
      [.error(#"lone surrogate \uDE00 in string"#)]),
    .line(
      #"lone surrogate: \uD83D then \u0041"#, damaged("eggs\"", #"e\uD83D\u0041""#),
      [.error(#"lone surrogate \uD83D in string"#)]),
    .line(
      "control character: raw tab in a string", damaged("eggs\"", "e\tg\""),
      [.error(#"unescaped control character U+0009 in string; write \t"#)]),
    .line(
      "control character: raw ESC in a string", damaged("eggs\"", "e\u{1B}[31mg\""),
      [.error("unescaped control character U+001B in string")]),
    .line(
      "control character: raw CR inside a line", damaged("eggs\"", "e\rg\""),
      [.error(#"unescaped control character U+000D in string; write \r"#)]),
    .line("control character: DEL is allowed", damaged("eggs\"", "e\u{7F}g\""), [], entries: 4),
    .line(
      "NUL byte in a string", damaged("eggs\"", [0x65, 0x00, 0x67, 0x22]),
      [.error(#"unescaped control character U+0000 in string; write \u0000"#)], week: true),
    .line(
      "NUL byte after the object", Array(entry(3).utf8) + [0x00],
      [.error("unexpected text after the JSON value")]),
    .line(
      "NUL bytes as a whole line", [UInt8](repeating: 0, count: 64), [.error("control character U+0000")]),
  ]

  static let structure: [Case] = [
    .line(
      "10 000-deep arrays",
      Array(
        (String(entry(3).dropLast()) + #","note":"# + String(repeating: "[", count: 10_000)
          + String(repeating: "]", count: 10_000) + "}").utf8), [.error("nesting deeper than 64 levels")],
      week: true),
    .line(
      "10 000-deep objects",
      Array(
        (String(entry(3).dropLast()) + #","note":"# + String(repeating: #"{"a":"#, count: 10_000) + "1"
          + String(repeating: "}", count: 10_001)).utf8), [.error("nesting deeper than 64 levels")],
      week: true),
    .line(
      "10 000 unclosed brackets", Array(String(repeating: "[", count: 10_000).utf8),
      [.error("nesting deeper than 64 levels")]),
    .line(
      "duplicate key", damaged(#""unit":"large""#, #""unit":"large","unit":"small""#),
      [.error(#"duplicate key "unit" (first at column "#)], week: true),
    .line(
      "duplicate id in one file", Array(entry(1).utf8),
      [.error("duplicate id 00000000-0000-4000-8000-000000000001 (first at ")], week: true),
    .folder(
      "duplicate id across files", files: 2, entries: 3,
      [
        .error(
          "duplicate id 00000000-0000-4000-8000-000000000002 (first at ", line: 1, file: "2026-11-22.jsonl")
      ]
    ) { folder in
      try Data((entry(2, day: 22) + "\n" + entry(5, day: 22) + "\n").utf8).write(
        to: URL(fileURLWithPath: folder + "/2026-11-22.jsonl"))
    },
  ]

  static let numbers: [Case] = [
    .line(
      "number 1e999999", damaged(#""calories":182"#, #""calories":1e999999"#),
      [.error("number 1e999999 is too large for a 64-bit float")], week: true),
    .line("number -0 reads as 0", damaged(#""calories":182"#, #""calories":-0"#), [], entries: 4, week: true),
    .line(
      "number 0.1e-400 rounds to 0 with a warning", damaged(#""calories":182"#, #""calories":0.1e-400"#),
      [.warning(#""calories" has more than 9 decimals; counted as 0"#)], entries: 4, week: true),
    .line(
      "20-digit integer in calories", damaged(#""calories":182"#, #""calories":12345678901234567890"#),
      [.error(#""calories" value 12345678901234567890 is out of range"#)], week: true),
    .line(
      "20-digit integer in quantity", damaged(#""quantity":2"#, #""quantity":12345678901234567890"#),
      [.error(#""quantity" value 12345678901234567890 is out of range"#)]),
    .line(
      "20-digit integer in confidence", damaged(#""confidence":0.92"#, #""confidence":12345678901234567890"#),
      [.error(#""confidence" value 12345678901234567890 is out of range"#)]),
  ]

  static let truncatedFiles: [Case] = {
    /// `text` up to and including `marker`.
    func cut(_ text: String, after marker: String) -> [UInt8] {
      Array(text[..<text.range(of: marker)!.upperBound].utf8)
    }
    let escaped = entry(3).replacingOccurrences(of: "eggs\"", with: #"e\u00e9""#)
    let accented = entry(3).replacingOccurrences(of: "eggs\"", with: "e\u{E9}\"")
    return [
      .truncated("truncated file: cut after the last object", Array(entry(3).utf8), nil),
      .truncated(
        "truncated file: cut mid-line", cut(entry(3), after: #""quantity":"#),
        "expected a value, found end of input"),
      .truncated(
        "truncated file: cut mid-string", cut(entry(3), after: #""foodName":"scram"#), "unterminated string"),
      .truncated(
        "truncated file: cut mid-escape", cut(escaped, after: #"e\u00"#),
        #"\u must be followed by 4 hex digits"#),
      .truncated(
        "truncated file: cut mid-UTF-8 sequence", cut(accented, after: "e\u{E9}").dropLast(),
        "invalid UTF-8 byte 0xC3 in string (incomplete multi-byte sequence)"),
    ]
  }()

  /// A line over the 16 MiB limit: a 100 MB `note`, written in 1 MiB pieces.
  static let hugeLine = Case(
    name: "a 100 MB line",
    build: { folder in
      let path = folder + "/2026-11-21.jsonl"
      _ = FileManager.default.createFile(atPath: path, contents: nil)
      let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
      defer { try? handle.close() }
      try handle.write(contentsOf: Data((entry(1) + "\n" + entry(2).dropLast() + #","note":""#).utf8))
      let piece = Data(repeating: UInt8(ascii: "x"), count: 1 << 20)
      for _ in 0..<100 { try handle.write(contentsOf: piece) }
      try handle.write(contentsOf: Data(("\"}\n" + entry(4) + "\n").utf8))
    }, messages: [.error("bytes long, over the limit of 16 MiB; not read", line: 2)], entries: 2, week: true)

  static let fileSystem: [Case] = [
    .folder(
      "a folder named like a day file", files: 2, entries: 3,
      [
        .warning(
          "a folder named like a day file; searched like any other folder", line: 1, file: "2026-11-20.jsonl")
      ]
    ) { folder in
      try FileManager.default.createDirectory(
        atPath: folder + "/2026-11-20.jsonl", withIntermediateDirectories: false)
      try Data((entry(3, day: 20) + "\n").utf8).write(
        to: URL(fileURLWithPath: folder + "/2026-11-20.jsonl/2026-11-20.jsonl"))
    },
    .folder(
      "a symbolic link loop between two day files",
      [
        .error("cannot read file: Too many levels of symbolic links", line: 1, file: "2026-11-18.jsonl"),
        .error("cannot read file: Too many levels of symbolic links", line: 1, file: "2026-11-19.jsonl"),
      ]
    ) { folder in
      try FileManager.default.createSymbolicLink(
        atPath: folder + "/2026-11-18.jsonl", withDestinationPath: "2026-11-19.jsonl")
      try FileManager.default.createSymbolicLink(
        atPath: folder + "/2026-11-19.jsonl", withDestinationPath: "2026-11-18.jsonl")
    },
    .folder(
      "a folder link to its parent",
      [.warning("folder already searched through another path", line: 1, file: "sub/up")]
    ) { folder in
      try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: false)
      try FileManager.default.createSymbolicLink(atPath: folder + "/sub/up", withDestinationPath: "..")
    },
    .folder(
      "a dangling symbolic link",
      [.error("cannot read file: No such file or directory", line: 1, file: "2026-11-20.jsonl")]
    ) { folder in
      try FileManager.default.createSymbolicLink(
        atPath: folder + "/2026-11-20.jsonl", withDestinationPath: "2026-11-01.jsonl")
    },
    .folder(
      "a named pipe named like a day file", files: 2,
      [.error("a named pipe (FIFO), not a regular file; not read", line: 1, file: "2026-11-20.jsonl")]
    ) { folder in
      guard mkfifo(folder + "/2026-11-20.jsonl", 0o644) == 0 else { throw POSIXError(.EIO) }
    },
    .folder(
      "a link to /dev/zero named like a day file", files: 2,
      [.error("a character device, not a regular file; not read", line: 1, file: "2026-11-20.jsonl")]
    ) { folder in
      try FileManager.default.createSymbolicLink(
        atPath: folder + "/2026-11-20.jsonl", withDestinationPath: "/dev/zero")
    },
  ]

  static let all =
    malformed + wrongTypesAndRanges + encodings + structure + numbers + truncatedFiles + [hugeLine]
    + fileSystem

  // MARK: - The tests

  @Test(arguments: all)
  func hostileJournal(_ hostile: Case) throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    // `removeItem` unlinks symbolic links without following them (never touches /dev/zero).
    defer { try? FileManager.default.removeItem(at: folder) }
    try hostile.build(folder.path)
    try Self.expectCheck(hostile, journal: folder.path)
    if hostile.week { try Self.expectWeek(hostile, journal: folder.path) }
  }

  /// A day file nobody may read. Root reads any file whatever its mode, so as root the tool runs as
  /// nobody (65534) through `setpriv`; without `setpriv` the case is skipped.
  @Test(.enabled(if: BoundedRun.canRunUnprivileged, "running as root and no setpriv to drop to nobody"))
  func unreadableDayFile() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(chmod(folder.path, 0o755) == 0)
    let hostile = Case.folder(
      "an unreadable day file", files: 2,
      [.error("cannot open file: Permission denied", line: 1, file: "2026-11-20.jsonl")]
    ) { folder in
      let path = folder + "/2026-11-20.jsonl"
      try Data((Self.entry(3, day: 20) + "\n").utf8).write(to: URL(fileURLWithPath: path))
      guard chmod(path, 0) == 0 else { throw POSIXError(.EPERM) }
    }
    try hostile.build(folder.path)
    try Self.expectCheck(hostile, journal: folder.path, unprivileged: true)
    try Self.expectWeek(hostile, journal: folder.path, unprivileged: true)
  }

  /// A day file rewritten, truncated and appended to by another thread while `check` runs 20 times:
  /// each run ends normally with status 0 or 1, every message is located, and the untouched day file
  /// beside it always loads.
  @Test func dayFileChangingWhileRead() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data((Self.entry(1, day: 20) + "\n" + Self.entry(2, day: 20) + "\n").utf8).write(
      to: URL(fileURLWithPath: folder.path + "/2026-11-20.jsonl"))
    let changing = folder.path + "/2026-11-21.jsonl"
    try Data((Self.entry(10) + "\n").utf8).write(to: URL(fileURLWithPath: changing))
    let writer = ChangingFile(path: changing)
    writer.start()
    defer { writer.stop() }
    for run in 1...20 {
      let result = try BoundedRun.run(["check", "--journal", folder.path])
      #expect(!result.timedOut, "run \(run) hung")
      #expect(result.signal == nil, "run \(run) ended by signal \(result.signal ?? 0)")
      #expect(
        result.status == 0 || result.status == 1, "run \(run): status \(String(describing: result.status))")
      let output = CheckOutput(stderrLines: result.stderrLines)
      #expect(output.stray.isEmpty, "run \(run): unlocated output \(output.stray)")
      for headline in output.headlines {
        #expect(headline.path.hasPrefix(folder.path + "/2026-11-2"), "run \(run): \(headline)")
      }
      let summary = result.stdout.wholeMatch(
        of: /checked 2 files, ([0-9]+) valid entries: [0-9]+ errors?, [0-9]+ warnings?\n/)
      #expect(summary != nil, "run \(run): \(result.stdout)")
      if let summary {
        #expect(Int(summary.output.1)! >= 2, "run \(run): the untouched file's entries are lost")
      }
    }
    writer.stop()
    #expect(writer.changes > 0)
  }

  // MARK: - Checking the runs

  /// Runs `check`: a normal end, the status the messages call for, every message located and expected,
  /// the valid entries counted, memory bounded.
  static func expectCheck(_ hostile: Case, journal: String, unprivileged: Bool = false) throws {
    let run = try BoundedRun.run(["check", "--journal", journal], unprivileged: unprivileged)
    try expectNormalEnd(run, journal: journal)
    #expect(run.status == hostile.status, "check: \(run.stderr)")
    let output = CheckOutput(stderrLines: run.stderrLines)
    #expect(output.stray.isEmpty, "unlocated output: \(output.stray)")
    #expect(output.headlines.count == hostile.messages.count, "check printed \(output.headlines)")
    for expected in hostile.messages {
      #expect(
        output.headlines.contains { expected.matches($0, in: journal) },
        "missing \(expected) among \(output.headlines)")
    }
    let errors = hostile.messages.count { $0.severity == "error" }
    let warnings = hostile.messages.count - errors
    #expect(
      run.stdout
        == "checked \(count: hostile.files, "file"), \(hostile.entries) valid entries: "
        + "\(count: errors, "error"), \(count: warnings, "warning")\n")
  }

  /// Runs the week report as CSV: status 0, the valid entries counted, one line on stderr when some
  /// were skipped or a file could not be read.
  static func expectWeek(_ hostile: Case, journal: String, unprivileged: Bool = false) throws {
    let run = try BoundedRun.run(
      ["week", "2026-W47", "--journal", journal, "--today", "2026-11-22", "-f", "csv"],
      unprivileged: unprivileged)
    try expectNormalEnd(run, journal: journal)
    #expect(run.status == 0, "week: \(run.stderr)")
    let rows = (try? CSVReader.rows(run.stdout)) ?? []
    #expect(CSVReader.column("entries", of: rows) == ["\(hostile.entries)"], "week: \(run.stdout)")
    #expect(!rows.joined().contains { $0.hasPrefix("-0") }, "a negative zero in the report")
    if hostile.status == 0 {
      #expect(run.stderr == "")
    } else {
      #expect(run.stderrLines.count == 1)
      // An unreadable day file is said first and counted (issue 13 §4).
      #expect(
        run.stderr.hasPrefix("demeter-report: skipped ")
          || run.stderr.hasPrefix("demeter-report: could not read "),
        "week: \(run.stderr)")
    }
  }

  /// Not killed by a signal, not hung, peak memory under 3 × the journal's size + 200 MB.
  static func expectNormalEnd(_ run: BoundedRun, journal: String) throws {
    #expect(!run.timedOut, "the tool hung (killed after 60 s)")
    #expect(run.signal == nil, "the tool was ended by signal \(run.signal ?? 0)")
    if let peak = run.peakBytes {
      let bound = 3 * journalSize(journal) + 200 << 20
      #expect(peak < bound, "peak RSS \(peak >> 20) MB over the bound of \(bound >> 20) MB")
    }
  }

  /// The bytes of the regular files under `folder` (links not followed).
  static func journalSize(_ folder: String) -> Int {
    var total = 0
    let enumerator = FileManager.default.enumerator(atPath: folder)
    while let relative = enumerator?.nextObject() as? String {
      var info = stat()
      if lstat(folder + "/" + relative, &info) == 0, info.st_mode & S_IFMT == S_IFREG {
        total += Int(info.st_size)
      }
    }
    return total
  }
}

/// Rewrites, truncates and appends to one day file in a loop on its own thread (a seeded, repeating
/// sequence), until stopped.
final class ChangingFile: @unchecked Sendable {
  let path: String
  private let lock = NSLock()
  private var stopped = false
  private var count = 0
  private var thread: Thread?

  init(path: String) { self.path = path }

  var changes: Int { lock.withLock { count } }

  func start() {
    let thread = Thread { [self] in
      var generator = SplitMix64(seed: 47)
      var next = 100
      while !lock.withLock({ stopped }) {
        next += 1
        let lines = (0..<Int(generator.next() % 200)).map { HostileInputTests.entry(next * 100 + $0) + "\n" }
          .joined()
        switch generator.next() % 5 {
        case 0:  // rewrite in place (truncate, then write)
          _ = FileManager.default.createFile(atPath: path, contents: Data(lines.utf8))
        case 1:  // truncate to half
          truncate(path, off_t((FileStatusProbe.size(path) ?? 0) / 2))
        case 2:  // append whole lines
          append(Data(lines.utf8))
        case 3:  // append half a line
          append(Data(HostileInputTests.entry(next).utf8.prefix(90)))
        default:  // replace atomically
          let temporary = path + ".tmp"
          _ = FileManager.default.createFile(atPath: temporary, contents: Data(lines.utf8))
          rename(temporary, path)
        }
        lock.withLock { count += 1 }
        usleep(200)
      }
    }
    self.thread = thread
    thread.start()
  }

  func stop() {
    lock.withLock { stopped = true }
    while thread?.isFinished == false { usleep(1_000) }
    thread = nil  // the thread's block holds this object
  }

  private func append(_ data: Data) {
    guard let handle = FileHandle(forWritingAtPath: path) else { return }
    defer { try? handle.close() }
    _ = try? handle.seekToEnd()
    try? handle.write(contentsOf: data)
  }
}

/// `stat` size of a path, or nil.
enum FileStatusProbe {
  static func size(_ path: String) -> Int? {
    var info = stat()
    return stat(path, &info) == 0 ? Int(info.st_size) : nil
  }
}
