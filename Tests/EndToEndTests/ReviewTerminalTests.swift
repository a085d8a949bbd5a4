import Foundation
import Testing

/// `review` on a real terminal (issue 47; manual: reviewing): the built binary on a pseudo-terminal
/// (`Tests/Tools/walk_on_terminal.py`, which types each key once the walk asks for it and kills the
/// walk if it has not ended in 60 s), on `ReviewCommandTests`' journal with `--review unmatched`,
/// whose queue is the energy-inconsistent entry (12:00), the one in servings (11:00), the
/// unmatched one (10:00) and the low-confidence one (08:00).
@Suite struct ReviewTerminalTests {
  /// Accept the first entry, skip the second, quit: the first line marked reviewed, the others as
  /// they were, the summary said, and the terminal's settings (`stty -g`) as they were before.
  @Test(.enabled(if: ToolRun.pythonImports("pty") && ToolRun.findExecutable("stty") != nil, "needs python3 and stty"))
  func acceptSkipQuitOnATerminal() throws {
    let (folder, journal, file) = try ReviewCommandTests.journal()
    defer { try? FileManager.default.removeItem(at: folder) }
    let before = try String(contentsOf: file, encoding: .utf8)
    let run = try #require(
      try ToolRun.python(
        "walk_on_terminal.py",
        ["60", "[?] > ", "asq", ToolRun.binary.path, "review", "--review", "unmatched", "--no-cache",
         "--journal", journal.path]))
    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    #expect(run.stdout.hasPrefix("4 entries to review; ? for the keys.\n"), "\(run.stdout)")
    #expect(run.stdout.contains("[1/4] \(ReviewCommandTests.energy)  "), "\(run.stdout)")
    #expect(run.stdout.contains("> a\naccepted \(ReviewCommandTests.energy)\n"), "\(run.stdout)")
    #expect(run.stdout.contains("[2/4] \(ReviewCommandTests.serving)  "), "\(run.stdout)")
    #expect(run.stdout.contains("> s\n"), "\(run.stdout)")
    #expect(run.stdout.hasSuffix("> q\n1 accepted, 1 skipped, 2 left\n"), "\(run.stdout)")
    // The keys were read raw: not echoed by the terminal (the walk writes each one itself, once).
    #expect(!run.stdout.contains("aa") && !run.stdout.contains("> q\nq"))
    let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
    let old = before.split(separator: "\n")
    #expect(lines.count == old.count)
    for (line, was) in zip(lines, old) {
      if line.contains(ReviewCommandTests.energy) {
        #expect(line.hasSuffix(#","reviewed":true}"#) && !was.contains("reviewed"), "\(line)")
      } else {
        #expect(line == was)
      }
    }
  }
}
