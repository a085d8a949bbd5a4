import DemeterCore
import DemeterReports
import Foundation
import Testing

/// `ReportMaker.check` lists a journal's problems, or writes them as a report, and fails on errors.
@Suite struct ReportMakerCheckTests {
  static let badFile = ReportMakerTests.fixtures.appendingPathComponent("bad-journal/2026/2026-11-21.jsonl")
    .path

  @Test func aJournalWithWarningsOnlyPassesAndIsSummarizedOnStandardOutput() throws {
    var request = CheckRequest(.journal(ReportMakerTests.sample))
    request.usesCache = false
    var console = Console.capturing()
    try ReportMaker.check(request, &console)
    let output = String(decoding: console.capturedOutput, as: UTF8.self)
    #expect(output.hasPrefix("checked 28 files, 224 valid entries: 0 errors, 18 warnings (13 not listed)\n"))
    // The first few of each kind are listed, then a count of each kind.
    let errors = String(decoding: console.capturedErrors, as: UTF8.self)
    #expect(errors.contains("  18 another-days-file: entries dated in another day's file (5 listed)\n"))
  }

  @Test func aNamedFilesErrorsAreListedLocatedAndFailTheCheck() {
    var request = CheckRequest(.files([Self.badFile], piped: nil, journal: nil))
    request.quiet = true
    var console = Console.capturing()
    #expect {
      try ReportMaker.check(request, &console)
    } throws: { error in
      guard case .journalErrors(let count) = error as? CommandError else { return false }
      return count > 0
    }
    let errors = String(decoding: console.capturedErrors, as: UTF8.self)
    #expect(errors.contains("\(Self.badFile):2:238: error: trailing comma before '}'"))
    #expect(console.capturedOutput.isEmpty)
  }

  @Test func aReportOfTheProblemsIsWrittenInTheFormatAsked() {
    var request = CheckRequest(.files([Self.badFile], piped: nil, journal: nil))
    var output = OutputPlan()
    output.format = "json"
    request.output = output
    var console = Console.capturing()
    #expect(throws: CommandError.self) { try ReportMaker.check(request, &console) }
    let report = String(decoding: console.capturedOutput, as: UTF8.self)
    #expect(report.hasPrefix("{"))
    #expect(report.contains("trailing comma before '}'"))
  }
}
