import Foundation
import Testing

/// Cohort reports of a query (manual: queries): each person's figures are of the entries the query
/// matches, and the report says what it answered, from the journals or from their digest file.
@Suite struct CohortQueryTests {
  static let week = ["week", "2026-W47", "--today", "2026-11-21", "--journals", ToolRun.cohortJournals]

  @Test func aCohortReportSaysItsQuery() throws {
    let text = try ToolRun.run(Self.week + ["kcal:>500"])
    #expect(text.status == 0, "\(text.stderr)")
    #expect(text.stdout.contains("Query: kcal:>500\n"))
    let json = try ToolRun.run(Self.week + ["-f", "json", "--query", "kcal:>500"])
    #expect(json.stdout.contains("\"query\":\"kcal:>500\""))
    #expect(!(try ToolRun.run(Self.week + ["-f", "json"])).stdout.contains("\"query\""))
  }

  @Test func aQueryOrItsOppositeIsTheWholeCohortReport() throws {
    let whole = try ToolRun.run(Self.week + ["-f", "csv"])
    let both = try ToolRun.run(Self.week + ["-f", "csv", "--query", "kcal:>500 or not:(kcal:>500)"])
    let part = try ToolRun.run(Self.week + ["-f", "csv", "--query", "kcal:>500"])
    #expect(whole.status == 0 && both.status == 0 && part.status == 0)
    #expect(both.stdout == whole.stdout)
    #expect(part.stdout != whole.stdout)
  }

  @Test func aQueryThatMatchesNoEntryOfTheCohortSaysSo() throws {
    let run = try ToolRun.run(Self.week + ["food:nosuchfood"])
    #expect(run.status == 0)
    #expect(run.stderr.contains("note: the query 'food:nosuchfood' matches no entry"))
    #expect(!(try ToolRun.run(Self.week + ["kcal:>500"])).stderr.contains("matches no entry"))
  }

  @Test func aCohortDigestOfAQuerySaysItsQuery() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cohort-query-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("people.digest").path
    let made = try ToolRun.run(["digest", "--journals", ToolRun.cohortJournals, "--query", "kcal:>500", "-o", file])
    #expect(made.status == 0, "\(made.stderr)")
    let report = try ToolRun.run(["week", "2026-W47", "--today", "2026-11-21", "--digest", file, "-f", "json"])
    #expect(report.status == 0, "\(report.stderr)")
    #expect(report.stdout.contains("\"query\":\"kcal:>500\""))
  }
}
