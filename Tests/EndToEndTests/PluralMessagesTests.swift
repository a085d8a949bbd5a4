import Foundation
import Testing

/// Counts in messages agree with their nouns (manual: command-line), through the one plural
/// (`"\(count: n, "entry", plural: "entries")"`): "1 entry", "2 entries".
@Suite struct PluralMessagesTests {
  static let line =
    #"{"id":"11111111-4fa4-4c70-945a-563c365f8cd8","timestamp":"2026-11-20T09:00:00-05:00","#
    + #""rawDescription":"toast","foodName":"toast","quantity":1,"unit":"slice","calories":80,"protein":3,"#
    + #""carbohydrates":14,"fat":1,"confidence":0.9}"#

  @Test func oneOfEverythingIsSingular() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let journal = folder.path
    let added = try ToolRun.run(["add", "--journal", journal, "--json", Self.line])
    #expect(added.status == 0, "\(added.stderr)")
    #expect(added.stderr.contains("added 1 entry to "), "\(added.stderr)")
    let again = try ToolRun.run(["add", "--journal", journal, "--json", Self.line])
    #expect(again.status == 1)
    #expect(again.stderr.contains("error: 1 of 1 entry is already in the journal;"), "\(again.stderr)")
    let check = try ToolRun.run(["check", "--journal", journal], binary: true)
    #expect(check.stdout.contains("checked 1 file, 1 valid entry: 0 errors, 0 warnings"), "\(check.stdout)")

    let file = folder.appendingPathComponent("2026-11-20.jsonl")
    let handle = try FileHandle(forWritingTo: file)
    try handle.seekToEnd()
    try handle.write(contentsOf: Data("{broken\n".utf8))
    try handle.close()
    let week = try ToolRun.run(["week", "2026-11-20", "--journal", journal])
    #expect(
      week.stdout.contains("Note: 1 invalid journal line was skipped; run 'demeter-report check' to see it."),
      "\(week.stdout)")
  }

  @Test func argumentCountsAgree() throws {
    let edit = try ToolRun.run(["edit", "--journal", ToolRun.sampleJournal, "--calories", "1"])
    #expect(edit.stderr.contains("(got 0 arguments)"), "\(edit.stderr)")
    let completions = try ToolRun.run(["completions", "bash", "zsh"])
    #expect(completions.stderr.contains("got 2 arguments"), "\(completions.stderr)")
  }

  /// No message spells a plural by hand: every count goes through the one plural.
  @Test func noHandMadePluralIsLeftInTheSources() throws {
    // A noun's ending chosen by hand: `n == 1 ? "" : "s"`, `n == 1 ? "y is" : "ies are"`.
    let pattern = try Regex(#"== 1 \? "[a-z]{0,2}( [a-z]+)?" : "(s|ies)( [a-z]+)?""#)
    for folder in ["Sources", "Reports"] {
      let root = ToolRun.packageRoot.appendingPathComponent(folder)
      let found = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
      let files = (found?.compactMap { $0 as? URL } ?? []).filter { $0.pathExtension == "swift" }
      for file in files {
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(!text.contains(pattern), "\(file.path)")
      }
    }
  }
}
