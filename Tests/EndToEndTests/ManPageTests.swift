import Foundation
import Testing

/// `man` (manual: command-line): a roff man page generated from the command declarations.
@Suite struct ManPageTests {
  static let sections = [
    "NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "EXIT STATUS", "ENVIRONMENT", "FILES", "SEE ALSO",
  ]
  static let environment = [
    "DEMETER_JOURNAL", "DEMETER_TZ", "DEMETER_WEEK_START", "DEMETER_LOW_CONFIDENCE",
    "DEMETER_HIGH_CONFIDENCE", "DEMETER_NO_CACHE",
    "NO_COLOR", "XDG_CONFIG_HOME", "PATH",
  ]
  static let files = [
    "<journal>/.demeter.json", "<journal>/ingredients.jsonl", "<journal>/.demeter/templates/",
    "<journal>/.demeter/lock", "<journal>/.demeter/cache/",
  ]
  /// The requests the page may use.
  static let requests: Set<String> = [
    ".TH", ".SH", ".SS", ".PP", ".TP", ".IP", ".B", ".I", ".RI", ".BR", ".RS", ".RE", ".br", ".\\\"", ".ad", ".nh",
    ".nf",
    ".fi",
  ]

  static func page() throws -> String {
    let run = try ToolRun.run(["man"])
    #expect(run.status == 0)
    #expect(run.stderr == "")
    return run.stdout
  }

  /// How roff writes `text` (hyphens as `\-`).
  static func roff(_ text: String) -> String {
    text.replacingOccurrences(of: "-", with: "\\-")
  }

  @Test func hasTheSections() throws {
    let page = try Self.page()
    #expect(page.hasPrefix(".TH DEMETER\\-REPORT 1 "))
    let lines = page.split(separator: "\n").map(String.init)
    let headings = lines.filter { $0.hasPrefix(".SH ") }.map { String($0.dropFirst(4)) }
    for section in Self.sections {
      #expect(headings.contains(section) || headings.contains("\"\(section)\""), "\(section)")
    }
    let ordered = Self.sections.compactMap { section in
      headings.firstIndex { $0 == section || $0 == "\"\(section)\"" }
    }
    #expect(ordered == ordered.sorted())
  }

  @Test func everyCommandWithEveryOption() throws {
    let page = try Self.page()
    let declared = try DeclaredCommands.load()
    #expect(declared.commands.count >= 12)
    for command in declared.commands {
      let roffName = command.name.replacingOccurrences(of: "-", with: "\\-")
      let heading = try #require(page.range(of: "\n.SS \"\(roffName)\"\n"), "\(command.name)")
      let rest = page[heading.upperBound...]
      let end = rest.range(of: "\n.S")?.lowerBound ?? rest.endIndex
      let part = String(rest[..<end])
      let help = try ToolRun.run(["help", command.name]).stdout
      let abstract = help.split(separator: "\n", omittingEmptySubsequences: false)[2]
      #expect(part.contains(Self.roff(String(abstract))), "\(command.name)")
      for long in command.longOptions {
        #expect(part.contains("\\fB\(Self.roff(long))\\fR"), "\(command.name) \(long)")
      }
      for short in command.shortOptions {
        #expect(part.contains("\\fB\(Self.roff(short))\\fR, "), "\(command.name) \(short)")
      }
      for example in HelpTests.section("EXAMPLES:", of: help) where example.hasPrefix("  demeter-report ") {
        // Examples are shown unfilled (`.nf`), in bold, so long command lines are never broken.
        let text = String(example.dropFirst(2))
        #expect(part.contains(".nf\n\\fB\(Self.roff(text))\\fR\n.fi"), "\(command.name): \(example)")
      }
    }
  }

  @Test func exitStatusEnvironmentAndFiles() throws {
    let page = try Self.page()
    let exitStatus = try #require(page.range(of: ".SH EXIT STATUS\n"))
    let rest = page[exitStatus.upperBound...]
    let statusPart = rest[..<(rest.range(of: "\n.SH ")?.lowerBound ?? rest.endIndex)]
    for code in 0...3 { #expect(statusPart.contains(".TP\n.B \(code)\n")) }
    for name in Self.environment {
      #expect(page.contains(".TP\n.B \(Self.roff(name))\n"), "\(name)")
    }
    for file in Self.files {
      #expect(page.contains(".TP\n.I \(Self.roff(file))\n"), "\(file)")
    }
  }

  /// Every hyphen is `\-`, every line that starts with `.` or `'` is a known request, every backslash
  /// starts an escape, and the page is ASCII (other characters as `\[uXXXX]`).
  @Test func roffIsEscaped() throws {
    let page = try Self.page()
    let ascii = page.unicodeScalars.allSatisfy { $0.isASCII }
    #expect(ascii)
    for line in page.split(separator: "\n").map(String.init) {
      if line.hasPrefix(".") || line.hasPrefix("'") {
        let request = String(line.prefix { $0 != " " })
        #expect(Self.requests.contains(request), "\(line)")
      }
      guard !line.hasPrefix(".\\\"") else { continue }
      #expect(line.firstMatch(of: /(^|[^\\])-/) == nil, "unescaped hyphen: \(line)")
      #expect(line.firstMatch(of: /\\($|[^-e&f(\[":])/) == nil, "stray backslash: \(line)")
    }
  }

  /// Terminal output without overstriking (`X\u{8}X` bold, `_\u{8}X` underline).
  static func plain(_ text: String) -> String {
    text.replacing(/.\u{8}/, with: "")
  }

  @Test(.enabled(if: ToolRun.findExecutable("groff") != nil)) func rendersWithGroffWithoutWarnings() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("demeter-report.1")
    try Self.page().write(to: file, atomically: true, encoding: .utf8)
    let groff = ToolRun.findExecutable("groff")!
    let run = try ExternalProgram.run(groff, ["-man", "-Tutf8", "-ww", file.path])
    #expect(run.status == 0)
    #expect(run.stderr == "", "\(run.stderr)")
    let text = Self.plain(run.stdout)
    for section in Self.sections { #expect(text.contains(section), "\(section)") }
    #expect(text.contains("--week-start"))
    #expect(text.contains("demeter-report completions bash"))
  }

  @Test(.enabled(if: ToolRun.findExecutable("man") != nil)) func rendersWithManLocal() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("demeter-report.1")
    try Self.page().write(to: file, atomically: true, encoding: .utf8)
    let run = try ExternalProgram.run(
      ToolRun.findExecutable("man")!, ["-l", file.path],
      environment: ["MANPAGER": "cat", "PAGER": "cat", "MANWIDTH": "80"])
    #expect(run.status == 0, "\(run.stderr)")
    let text = Self.plain(run.stdout)
    #expect(text.contains("EXIT STATUS"))
    #expect(text.contains("DEMETER_WEEK_START"))
  }

  @Test func argumentsAreAUsageError() throws {
    let run = try ToolRun.run(["man", "week"])
    #expect(run.status == 2)
    #expect(run.stdout == "")
  }
}
