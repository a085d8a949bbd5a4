import Foundation
import Testing

@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// The names of a CSV export's micronutrient columns: a load of totals that keeps them by date
/// (`JournalLoadOptions.keepsMicronutrientNames`) names the same columns as the files read again
/// and as the digests' detail, for any period and query.
@Suite struct MicronutrientNamesTests {
  /// `ExportedEntriesTests.randomLines` without the lines that repeat an earlier id (a journal
  /// with repeated ids is read in full, and its names come from the files read again).
  static func linesWithoutRepeatedIDs(count: Int, seed: UInt64) throws -> [String] {
    var seen = Set<String>()
    return try ExportedEntriesTests.randomLines(count: count, seed: seed).filter { line in
      let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      return seen.insert(try #require(object["id"] as? String)).inserted
    }
  }

  @Test(arguments: JournalDeterminismTests.Layout.allCases, [nil, "meal:lunch or kcal:>500", "not:sugar:>10"])
  func keptByDateAreTheFilesNames(layout: JournalDeterminismTests.Layout, query: String?) throws {
    let journal = JournalDeterminismTests.write(
      try Self.linesWithoutRepeatedIDs(count: 400, seed: 41), layout: layout, seed: 42)
    var aggregation = AggregationOptions(reviewLimit: 3)
    aggregation.query = try query.map { try QueryParser.parse($0) }
    let rules = DigestRules(aggregation)
    var options = JournalLoadOptions(threads: 2, keepsDetail: false)
    let read = DigestLoader.load(journal: journal.path, options: options, rules: rules)
    options.keepsMicronutrientNames = true
    let kept = DigestLoader.load(journal: journal.path, options: options, rules: rules)
    #expect(kept.micronutrientsByDay != nil && read.micronutrientsByDay == nil)
    #expect(kept.days == read.days)
    let span = try #require(read.span)
    let periods = [
      span, Period(first: span.first.adding(days: 3), last: span.first.adding(days: 17)),
      Period(first: span.last, last: span.last),
    ]
    for period in periods {
      let names = read.micronutrientNames(in: period)
      #expect(kept.micronutrientNames(in: period) == names)
      #expect(read.withDetail.micronutrientNames(in: period) == names)
      if period == span { #expect(!names.isEmpty) }
    }
  }
}
