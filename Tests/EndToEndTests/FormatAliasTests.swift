import Foundation
import ReportFormats
import Testing

/// A format's other names (`ReportGenerator.aliases`, manual: output): `-f md` is Markdown, listed by
/// `formats` and the `--format` help.
@Suite struct FormatAliasTests {
  /// A fixed today: the in-process run finds the machine's zone, the binary's `TZ`, and the two
  /// name different dates for part of every day.
  static let week = ["week", "2026-W47", "--journal", ToolRun.sampleJournal, "--today", "2026-11-22"]

  @Test(arguments: ["md", "MD"])
  func anAliasGivesTheFormatsBytes(alias: String) throws {
    let markdown = try ToolRun.run(Self.week + ["-f", "markdown"])
    let aliased = try ToolRun.run(Self.week + ["-f", alias], binary: true)
    #expect(aliased.status == 0, "\(aliased.stderr)")
    #expect(aliased.stdout.hasPrefix("# Week 2026-W47\n"))
    #expect(aliased.stdout == markdown.stdout)
  }

  @Test func theMdExtensionPicksMarkdownToo() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("week.md").path
    let run = try ToolRun.run(Self.week + ["-o", path])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      try String(contentsOfFile: path, encoding: .utf8) == ToolRun.run(Self.week + ["-f", "md"]).stdout)
  }

  @Test func formatsAndHelpListEveryAlias() throws {
    let formats = try ToolRun.run(["formats"])
    let help = try ToolRun.run(["week", "--help"])
    for generator in BuiltInFormats.generators {
      for alias in generator.aliases {
        #expect(
          formats.stdout.split(separator: "\n").contains {
            $0.hasPrefix("\(alias) ") && $0.hasSuffix("another name for \(generator.name)")
          }, "\(formats.stdout)")
        #expect(help.stdout.contains("\(generator.name) or \(alias)"))
      }
    }
    #expect(BuiltInFormats.generators.contains { $0.aliases == ["md"] })
  }

  @Test func aMisspeltAliasGetsDidYouMean() throws {
    let run = try ToolRun.run(Self.week + ["-f", "mdd"])
    #expect(run.status == 2)
    #expect(run.stderr.contains("did you mean 'md'?"), "\(run.stderr)")
  }
}
