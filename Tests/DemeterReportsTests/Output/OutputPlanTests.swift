import DemeterReporting
import DemeterReports
import Testing

/// `OutputPlan` decides the format once, before the report is made, where it can be known: by name,
/// by the output file's extension, or text; not for templates or output paths with placeholders.
@Suite struct OutputPlanTests {
  static func plan(format: String? = nil, template: String? = nil, destination: String? = nil) -> OutputPlan {
    var plan = OutputPlan()
    (plan.format, plan.template, plan.destination) = (format, template, destination)
    return plan
  }

  @Test func theBuiltInFormatIsKnownByNameByExtensionOrByDefault() {
    #expect(Self.plan().format(journal: nil).builtIn?.name == "text")
    #expect(Self.plan(format: "CSV").format(journal: nil).builtIn?.name == "csv")
    #expect(Self.plan(destination: "week.htm").format(journal: nil).builtIn?.name == "html")
    #expect(Self.plan(destination: "notes.md").format(journal: nil).isBuiltIn("markdown"))
    #expect(Self.plan(format: "MD").format(journal: nil).isBuiltIn("markdown"))
  }

  @Test func templatesAndPlaceholdersAreKnownOnlyOnceTheReportIsMade() {
    #expect(Self.plan(template: "weekly.html.mustache").format(journal: nil).builtIn == nil)
    #expect(Self.plan(destination: "Reports/{week}.csv").format(journal: nil).builtIn == nil)
    #expect(Self.plan(format: "no-such-format").format(journal: nil).builtIn == nil)
  }

  @Test func whatTheFormatShowsDecidesWhatTheReportHolds() {
    #expect(Self.plan(format: "csv").format(journal: nil).shows == .primaryTable)
    #expect(Self.plan(format: "html").format(journal: nil).shows == .everything)
    #expect(Self.plan(format: "csv").format(journal: nil).streaming != nil)
  }

  @Test func entryLinesAreAskedByNameOrByAJSONLFile() {
    #expect(Self.plan(format: "jsonl").asksForEntryLines)
    #expect(Self.plan(destination: "all.jsonl").asksForEntryLines)
    #expect(!Self.plan(format: "json", destination: "all.jsonl").asksForEntryLines)
    #expect(!Self.plan().asksForEntryLines)
  }

  @Test func anOutputFileNamingTheJournalMakesOneReportEach() {
    #expect(Self.plan(destination: "Reports/{journal}-{week}.html").namesEachJournal)
    #expect(!Self.plan(destination: "Reports/{week}.html").namesEachJournal)
    #expect(!Self.plan().namesEachJournal)
    #expect(Self.plan().writesToStandardOutput && Self.plan(destination: "-").writesToStandardOutput)
  }
}
