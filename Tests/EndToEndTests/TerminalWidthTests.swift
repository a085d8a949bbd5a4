import DemeterCommandLine
import DemeterReports
import Foundation
import Testing

/// Text output fits a terminal and cuts nothing elsewhere (manual: output): `COLUMNS` on a
/// terminal, the terminal's own width without it, whole ids and names in a pipe or a file.
@Suite struct TerminalWidthTests {
  /// A journal of one entry whose food name and matched ingredient id are long.
  static func journalWithLongNames() throws -> URL {
    let folder = try ToolRun.makeTemporaryDirectory()
    let line =
      #"{"id":"9991366f-4fa4-4c70-945a-563c365f8cd8","timestamp":"2026-11-20T07:33:00Z","#
      + #""rawDescription":"two eggs","foodName":"\#(longName)","quantity":2,"unit":"large","#
      + #""calories":182,"protein":12.2,"carbohydrates":2,"fat":13.4,"confidence":0.93,"meal":"breakfast"}"#
    try Data((line + "\n").utf8).write(to: folder.appendingPathComponent("2026-11-20.jsonl"))
    return folder
  }

  static let longName = "scrambled eggs with chives, crème fraîche and smoked salmon on rye"
  static let arguments = ["entries", "2026-11-20", "--today", "2026-11-21", "--no-color"]

  /// Runs in-process with standard output standing for a terminal, `environment` given.
  static func onTerminal(_ arguments: [String], environment: [String: String]) -> (Int32, String) {
    var console = Console.capturing(outputIsTerminal: true)
    let status = CommandLineTool.run(arguments, console: &console, environment: environment)
    return (status, String(decoding: console.capturedOutput, as: UTF8.self))
  }

  static func widest(_ text: String) -> Int {
    text.components(separatedBy: "\n").map(\.count).max() ?? 0
  }

  @Test func notOnATerminalTheNameIsWhole() throws {
    let journal = try Self.journalWithLongNames()
    defer { try? FileManager.default.removeItem(at: journal) }
    let run = try ToolRun.run(Self.arguments + ["--journal", journal.path])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains(Self.longName))
    #expect(!run.stdout.contains("…"))
    // COLUMNS plays no part when the output is no terminal's.
    let narrow = try ToolRun.run(
      Self.arguments + ["--journal", journal.path], environment: ["COLUMNS": "40"])
    #expect(narrow.stdout == run.stdout)
  }

  @Test(arguments: [40, 60, 100, 200])
  func onATerminalColumnsSaysTheWidth(columns: Int) throws {
    let journal = try Self.journalWithLongNames()
    defer { try? FileManager.default.removeItem(at: journal) }
    let (status, output) = Self.onTerminal(
      Self.arguments + ["--journal", journal.path],
      environment: ["COLUMNS": "\(columns)", "PATH": "/usr/bin:/bin"])
    #expect(status == 0)
    #expect(Self.widest(output) <= columns, "\(output)")
    #expect(
      output.contains("2026-11-20 07:33") || output.contains("2026-11-20  07:33"), "dates are never cut")
    if columns >= 200 {
      #expect(output.contains(Self.longName))
    } else {
      #expect(output.contains("scrambled") && output.contains("…"), "\(output)")
    }
    #expect(output.contains("Left out to fit") == (columns <= 60), "\(output)")
  }

  @Test func aColumnsThatIsNoWidthIsIgnored() throws {
    let journal = try Self.journalWithLongNames()
    defer { try? FileManager.default.removeItem(at: journal) }
    for columns in ["", "abc", "5", "100000"] {
      let (status, output) = Self.onTerminal(
        Self.arguments + ["--journal", journal.path], environment: ["COLUMNS": columns])
      #expect(status == 0)
      #expect(Self.widest(output) <= Console.defaultWidth, "\(columns): \(output)")
    }
  }

  /// The built binary on a real terminal 50 columns wide, no `COLUMNS`: the terminal's own width.
  @Test(.enabled(if: ToolRun.pythonImports("pty"), "needs python3"))
  func aRealTerminalSaysItsOwnWidth() throws {
    let journal = try Self.journalWithLongNames()
    defer { try? FileManager.default.removeItem(at: journal) }
    let run = try #require(
      try ToolRun.python(
        "on_terminal.py", ["50", ToolRun.binary.path] + Self.arguments + ["--journal", journal.path]))
    #expect(run.status == 0, "\(run.stderr)")
    #expect(Self.widest(run.stdout) <= 50, "\(run.stdout)")
    #expect(run.stdout.contains("Left out to fit 50 columns:"), "\(run.stdout)")
  }
}
