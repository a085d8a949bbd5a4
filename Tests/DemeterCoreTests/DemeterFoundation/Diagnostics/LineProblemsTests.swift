import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// What one line costs to report is bounded whatever is wrong with it (issue 13 §2): the first
/// `LineProblems.shownPerLine` problems, each with an excerpt of at most `LineExcerpt.maximumBytes`,
/// then one "and N more problems in this line".
@Suite struct LineProblemsTests {
  /// A valid entry with `count` micronutrients of -1 (each a problem): 229 KB for 20 000.
  static func badMicronutrients(_ count: Int) -> EntryLine {
    EntryLine().setting(
      "micronutrients", "{" + (0..<count).map { "\"m\($0)\":-1" }.joined(separator: ",") + "}")
  }

  static func expectCapped(_ diagnostics: [Diagnostic], problems: Int, severity: Diagnostic.Severity) {
    #expect(diagnostics.count == LineProblems.shownPerLine + 1)
    let more = problems - LineProblems.shownPerLine
    #expect(diagnostics.last?.message == "and \(more) more problems in this line")
    #expect(diagnostics.last?.severity == severity)
    #expect(diagnostics.last?.excerpt == nil)
    for diagnostic in diagnostics.dropLast() {
      #expect((diagnostic.excerpt?.text.utf8.count ?? .max) <= LineExcerpt.maximumBytes)
    }
  }

  @Test(arguments: [true, false])
  func twentyThousandBadMicronutrientsAreSixDiagnostics(check: Bool) {
    let line = Self.badMicronutrients(20_000)
    let (load, _) = JournalTesting.loadLine(line.text, options: JournalLoadOptions(collectWarnings: check))
    Self.expectCapped(load.diagnostics, problems: 20_000, severity: .error)
    #expect(
      load.diagnostics.prefix(2).map(\.message)
        == (0..<2).map {
          "\"micronutrients.m\($0)\" must be a finite number ≥ 0, got -1; write 0 when the food has none"
        })
    // The first problems in column order; the summary at the first problem left out.
    let columns = load.diagnostics.map(\.location.column)
    #expect(columns == columns.sorted())
    #expect(load.skippedLines == 1)
    #expect(load.table.count == 0)
  }

  @Test func aMillionUnknownKeysAreSixWarningsAndTheEntryLoads() {
    let keys = (0..<1_000_000).map { "\"k\($0)\":0" }.joined(separator: ",")
    let line = String(EntryLine().text.dropLast()) + "," + keys + "}"
    let (load, _) = JournalTesting.loadLine(line, options: JournalLoadOptions(reportUnknownKeys: true))
    Self.expectCapped(load.diagnostics, problems: 1_000_000, severity: .warning)
    #expect(load.diagnostics.first?.message == "unknown key \"k0\" (kept when the line is rewritten)")
    #expect(load.table.count == 1)
  }

  @Test func entriesAddedByHandAreCappedAlike() {
    let outcome = EntryLineReader.read(Self.badMicronutrients(20_000).text, path: "<stdin>", lineNumber: 1)
    Self.expectCapped(outcome.diagnostics, problems: 20_000, severity: .error)
    #expect(outcome.line == nil)
  }

  @Test func aFewProblemsAreAllShownWithTheWholeLine() {
    let line = Self.badMicronutrients(LineProblems.shownPerLine)
    let (load, _) = JournalTesting.loadLine(line.text)
    #expect(load.diagnostics.count == LineProblems.shownPerLine)
    #expect(load.diagnostics.allSatisfy { $0.excerpt?.text == line.text && $0.excerpt?.isCutAfter == false })
  }

  @Test func theSummaryIsAnErrorIfAnyProblemLeftOutIsOne() {
    var problems = LineProblems()
    let location = SourceLocation(path: "f", line: 1, column: 1)
    for _ in 0..<LineProblems.shownPerLine { problems.add(.warning, location, "w") }
    problems.add(.warning, location, "w")
    problems.add(.error, SourceLocation(path: "f", line: 1, column: 9), "e")
    let reported = problems.takeReported(line: Array("{}".utf8), lineOffset: 0)
    #expect(reported.last == Diagnostic(.error, location, "and 2 more problems in this line"))
    // The next line starts afresh.
    problems.add(.warning, location, "w")
    #expect(problems.takeReported(line: Array("{}".utf8), lineOffset: 0).count == 1)
  }

  /// Past `keptPerKind` warnings of a kind in a file, the others are counted into one warning of that
  /// kind at the first of them, and their messages are never made.
  @Test func aFileKeepsTheFirstFewWarningsOfEachKind() {
    var problems = LineProblems(keptPerKind: 2)
    var messagesMade = 0
    func message() -> String {
      messagesMade += 1
      return "late"
    }
    var reported: [Diagnostic] = []
    for line in 1...6 {
      problems.add(.warning, kind: .anotherDaysFile, SourceLocation(path: "f", line: line, column: 1), message())
      problems.add(.error, SourceLocation(path: "f", line: line, column: 2), "bad")
      reported += problems.takeReported(line: Array("{}".utf8), lineOffset: 0)
    }
    #expect(messagesMade == 2)
    #expect(reported.count { $0.kind == .anotherDaysFile } == 2)
    #expect(reported.count { $0.severity == .error } == 6)
    let leftOut = problems.leftOutOfFile()
    #expect(leftOut.count == 1)
    #expect(leftOut.first?.kind == .anotherDaysFile && leftOut.first?.count == 4)
    #expect(leftOut.first?.location == SourceLocation(path: "f", line: 3, column: 1))
  }
}
