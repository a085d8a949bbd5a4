import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// `check`'s grouping: every error, the first few warnings of each kind, counts of the rest.
@Suite struct DiagnosticGroupsTests {
  static func at(_ line: Int) -> DemeterCore.SourceLocation { SourceLocation(path: "j/2026-11-21.jsonl", line: line, column: 1) }

  @Test func errorsAreAllListedAndEachKindsWarningsPastTheFirstFewCounted() {
    var groups = DiagnosticGroups(shownPerKind: 2)
    for line in 1...5 {
      groups.add(.warning(.anotherDaysFile, Self.at(line), "late \(line)"))
      groups.add(Diagnostic(.error, Self.at(line), "bad \(line)"))
    }
    groups.add(.warning(.noFinalNewline, Self.at(6), "end"))
    groups.add(Diagnostic(.warning, Self.at(6), "no kind"))
    #expect(groups.errorCount == 5 && groups.warningCount == 7)
    #expect(groups.listed.map(\.message) == [
      "late 1", "bad 1", "late 2", "bad 2", "bad 3", "bad 4", "bad 5", "end", "no kind",
    ])
    #expect(groups.unlisted(of: .anotherDaysFile) == 3 && groups.unlistedCount == 3)
    #expect(groups.kindLines == [
      "  5 another-days-file: entries dated in another day's file (2 listed)",
      "  1 no-final-newline: file without a final newline (all listed)",
    ])
  }

  /// A warning that stands for those left out of a file adds its count and is never listed.
  @Test func aFilesLeftOutCountAddsUp() {
    var groups = DiagnosticGroups(shownPerKind: 5)
    groups.add(.warning(.anotherDaysFile, Self.at(1), "late"))
    var leftOut = Diagnostic.warning(.anotherDaysFile, Self.at(9), "and 40 more")
    leftOut.count = 40
    groups.add(leftOut)
    #expect(groups.warningCount == 41 && groups.listed.count == 1 && groups.unlistedCount == 40)
  }

  @Test func silencedKindsAreCountedApartAndEverythingIsListedWhenAsked() {
    var groups = DiagnosticGroups(shownPerKind: nil, silenced: [.noFinalNewline])
    for line in 1...20 { groups.add(.warning(.anotherDaysFile, Self.at(line), "late")) }
    groups.add(.warning(.noFinalNewline, Self.at(21), "end"))
    #expect(groups.listed.count == 20 && groups.warningCount == 20)
    #expect(groups.silencedCount == 1 && groups.unlistedCount == 0)
    #expect(groups.kindLines.last == "   1 no-final-newline: file without a final newline (silenced)")
    #expect(DiagnosticGroups(shownPerKind: nil).kindLines.isEmpty)
  }
}
