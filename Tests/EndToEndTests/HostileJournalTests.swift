import Foundation
import TestSupport
import Testing

/// The strings of Tests/Fixtures/hostile-journal: each is the `foodName` and `rawDescription` of one
/// entry (and its `note`, after "note: ").
enum HostileStrings {
  static let all = [
    "<script>alert(1)</script>",
    "a|b|c",
    "=cmd|' /C calc'!A0",
    "+SUM(1)",
    "-2+3",
    "@x",
    "first line\nsecond line",
    "windows line\r\nnext line",
    "tab\tseparated",
    "\u{1b}[31mred alert\u{1b}[0m",
    "\u{202e}evil reversed",
    "\"double\" & 'single' <b>bold</b> &amp;",
    "**bold** [link](x) _under_ `code` # heading",
    "pizza \u{1F355} family \u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}",
  ]

  /// What a CSV cell holding `text` must read: formula-like text (starting with `=`, `+`, `-`, `@`)
  /// gets a leading `'`.
  static func csvCell(_ text: String) -> String {
    guard let first = text.first, "=+-@".contains(first), Double(text) == nil else { return text }
    return "'" + text
  }
}

/// Every journal string is escaped for the format it lands in (manual: reports, reliability).
@Suite struct HostileJournalTests {
  static let reports = [["week", "2026-W47"], ["entries", "2026-W47"]]

  static func run(_ report: [String], _ format: String, environment: [String: String] = [:]) throws -> ToolRun
  {
    let run = try ToolRun.run(
      report + ["--journal", ToolRun.hostileJournal, "--today", "2026-11-21", "-f", format],
      environment: environment)
    #expect(run.status == 0, "\(report) -f \(format): \(run.stderr)")
    #expect(run.stderr == "")
    return run
  }

  @Test func fixtureHoldsEveryString() throws {
    let check = try ToolRun.run(["check", "--journal", ToolRun.hostileJournal])
    #expect(check.status == 0)
    #expect(check.stdout == "checked 3 files, 14 valid entries: 0 errors, 0 warnings\n")
    let json = try Self.run(["entries", "2026-W47"], "json").stdout
    for text in HostileStrings.all {
      #expect(json.contains(Self.jsonString(text)), "the JSON model lacks \(text.debugDescription)")
    }
  }

  /// JSON keeps every string exactly.
  @Test(arguments: reports)
  func jsonKeepsStrings(report: [String]) throws {
    let output = try Self.run(report, "json").stdout
    let object = try JSONSerialization.jsonObject(with: Data(output.utf8))
    var strings: Set<String> = []
    Self.collectStrings(object, into: &strings)
    if report[0] == "entries" {
      for text in HostileStrings.all {
        #expect(strings.contains(text), "\(text.debugDescription)")
      }
    }
    #expect(
      !output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "raw control character in JSON")
  }

  @Test(arguments: reports)
  func htmlIsWellFormedAndEscaped(report: [String]) throws {
    let html = try Self.run(report, "html").stdout
    let document = XMLCheck(html)
    #expect(document.error == nil, "the HTML is not well-formed XML: \(document.error ?? "")")
    #expect(!document.elements.isEmpty)
    #expect(!document.elements.contains("script"))
    #expect(!html.lowercased().contains("<script"))
    for text in HostileStrings.all where text.contains(where: { "<>&".contains($0) }) {
      #expect(!html.contains(text), "unescaped in HTML: \(text.debugDescription)")
    }
    #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    #expect(!html.unicodeScalars.contains { $0 == "\u{1b}" }, "raw ESC in HTML")
    let svgs = Self.svgElements(html)
    // Three charts, each drawn for the page and for a phone's width.
    if report[0] == "week" { #expect(svgs.count == 3 * 2) }
    for svg in svgs {
      let check = XMLCheck(svg)
      #expect(check.error == nil, "an SVG is not well-formed: \(check.error ?? "")")
      #expect(check.elements.first == "svg")
      #expect(!check.elements.contains("script"))
    }
  }

  @Test(arguments: reports)
  func csvRoundTrips(report: [String]) throws {
    let run = try Self.run(report, "csv")
    let rows = run.csvRows()
    #expect(rows.count >= 2)
    guard report[0] == "entries" else { return }
    #expect(rows.count == 15)
    let expected = HostileStrings.all.map(HostileStrings.csvCell).sorted()
    #expect(CSVReader.column("food", of: rows)?.sorted() == expected)
    #expect(CSVReader.column("raw_description", of: rows)?.sorted() == expected)
  }

  @Test(arguments: reports)
  func markdownTablesKeepTheirColumns(report: [String]) throws {
    let markdown = try Self.run(report, "markdown").stdout
    let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var tables = 0
    var index = 0
    while index + 1 < lines.count {
      guard lines[index].hasPrefix("|"),
        lines[index + 1].hasPrefix("|---") || lines[index + 1].hasPrefix("| ---")
      else {
        index += 1
        continue
      }
      tables += 1
      let header = lines[index]
      let width = Self.unescapedPipes(header)
      index += 1
      while index < lines.count && !lines[index].isEmpty {
        #expect(
          lines[index].hasPrefix("|"), "a table row is broken across lines: \(lines[index].debugDescription)")
        #expect(
          Self.unescapedPipes(lines[index]) == width,
          "row \(lines[index].debugDescription) does not match header \(header.debugDescription)")
        index += 1
      }
    }
    #expect(tables >= 1)
    // Markup from the journal arrives backslash-escaped (`\<script\>`, `\*\*bold\*\*`).
    #expect(markdown.firstMatch(of: /(^|[^\\])<script/) == nil, "raw HTML in Markdown")
    #expect(markdown.firstMatch(of: /(^|[^\\])\*\*bold/) == nil, "Markdown emphasis from the journal")
    #expect(markdown.firstMatch(of: /(^|[^\\])\[link\]/) == nil, "a Markdown link from the journal")
    if report[0] == "entries" { #expect(markdown.contains("\\<script\\>alert(1)\\</script\\>")) }
    #expect(!markdown.unicodeScalars.contains { $0 == "\u{1b}" || $0 == "\u{202e}" })
  }

  @Test(
    arguments: reports,
    [[:], ["TERM": "xterm-256color"], ["TERM": "xterm-256color", "COLORTERM": "truecolor"]])
  func textHasNoControlCharacters(report: [String], environment: [String: String]) throws {
    let text = try Self.run(report, "text", environment: environment).stdout
    #expect(!text.isEmpty)
    let bad = text.unicodeScalars.filter {
      ($0.value < 0x20 && $0 != "\n") || $0.value == 0x7f || (0x80..<0xa0).contains($0.value)
    }
    #expect(bad.isEmpty, "control characters in text output: \(bad.map { String($0.value, radix: 16) })")
    #expect(!text.unicodeScalars.contains("\u{202e}"))
    if report[0] == "entries" { #expect(text.contains("a|b|c"), "the strings are left readable") }
  }

  /// `"…"` as the tool's JSON writes a string (only `"`, `\` and control characters escaped).
  static func jsonString(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  static func collectStrings(_ value: Any, into strings: inout Set<String>) {
    if let text = value as? String {
      strings.insert(text)
    } else if let list = value as? [Any] {
      for item in list { collectStrings(item, into: &strings) }
    } else if let object = value as? [String: Any] {
      for item in object.values { collectStrings(item, into: &strings) }
    }
  }

  /// `|` not preceded by an odd number of backslashes.
  static func unescapedPipes(_ line: String) -> Int {
    var count = 0
    var backslashes = 0
    for character in line {
      if character == "\\" {
        backslashes += 1
        continue
      }
      if character == "|" && backslashes % 2 == 0 { count += 1 }
      backslashes = 0
    }
    return count
  }

  /// Each `<svg …>…</svg>` in `html`.
  static func svgElements(_ html: String) -> [String] {
    html.matches(of: /<svg[\s>][\s\S]*?<\/svg>/).map { String($0.output) }
  }
}
