import DemeterCore
import DemeterReports
import Foundation
import Testing

/// `ReportMaker.ingredients` answers searches, lookups and rankings of a journal's foods.
@Suite struct ReportMakerIngredientsTests {
  static func answer(_ request: IngredientsRequest) throws -> (output: String, errors: String) {
    var console = Console.capturing()
    try ReportMaker.ingredients(request, &console)
    return (
      String(decoding: console.capturedOutput, as: UTF8.self),
      String(decoding: console.capturedErrors, as: UTF8.self)
    )
  }

  @Test func aSearchOfTheBuiltInTableListsTheBestMatchesFirstAndSaysWhereItCut() throws {
    var request = IngredientsRequest(.search("egg", category: nil), source: .tableOnly)
    request.limit = 3
    let (output, errors) = try Self.answer(request)
    let lines = output.split(separator: "\n")
    #expect(lines.first?.hasPrefix("ID") == true)
    #expect(lines.count == 1 + 3 + 1)
    #expect(errors.hasPrefix("demeter-report: showing 3 of "))
  }

  @Test func aNameNothingResolvesIsAUsageErrorNamingTheClosest() {
    #expect {
      _ = try Self.answer(IngredientsRequest(.show("usda-sr-0100"), source: .tableOnly))
    } throws: { error in
      guard case .usage(let message) = error as? CommandError else { return false }
      return message.hasPrefix("no ingredient has the id or name 'usda-sr-0100'; did you mean 'usda-sr-")
    }
  }

  @Test func theMostUsedIngredientsOfAPeriodAreRankedAsAReportWhenOneIsAsked() throws {
    var request = IngredientsRequest(.popular(period: "all"), source: .journal(ReportMakerTests.sample))
    request.usesCache = false
    request.limit = 2
    var output = OutputPlan()
    output.format = "csv"
    request.output = output
    let (csv, errors) = try Self.answer(request)
    #expect(errors.isEmpty, "\(errors)")
    #expect(csv.split(separator: "\n").count == 3)
  }
}
