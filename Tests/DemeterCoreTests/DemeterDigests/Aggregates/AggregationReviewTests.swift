import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

@Suite struct AggregationReviewTests {
  typealias F = AggregationFixture
  let week = F.range("2026-11-16", "2026-11-22")

  static let mixed = [
    F.entry("2026-11-17", at: 3600, id: "b", confidence: "0.2"),
    F.entry("2026-11-16", at: 7200, id: "z", confidence: "0.95", ingredient: nil),
    F.entry("2026-11-16", at: 7200, id: "m", confidence: "0.3", ingredient: nil),
    F.entry("2026-11-16", at: 60, id: "fine", confidence: "0.95"),
    F.entry("2026-11-16", at: 30, id: "borderline", confidence: "0.5"),
  ]

  @Test func unmatchedIsCountedNotListedByDefault() {
    let summary = F.summary(Self.mixed, week)
    #expect(summary.needsReview.map(\.id) == ["m", "b"])
    #expect(summary.needsReviewCount == 2)
    #expect(summary.unmatchedEntries == 2)
    // An entry listed for another reason still says it is unmatched.
    #expect(summary.needsReview.map(\.reasons) == [[.lowConfidence, .unmatched], [.lowConfidence]])
  }

  @Test func reviewUnmatchedListsLowConfidenceAndUnmatchedEntriesInDateTimeIdOrder() {
    let table = F.table(Self.mixed)
    var options = AggregationOptions()
    options.reviewsUnmatched = true
    let summary = table.summarize(buckets: [week], options: options).buckets[0]
    #expect(summary.needsReview.map(\.id) == ["m", "z", "b"])
    #expect(summary.needsReviewCount == 3)
    #expect(
      summary.needsReview.map(\.reasons) == [
        [.lowConfidence, .unmatched], [.unmatched], [.lowConfidence],
      ])
    for flagged in summary.needsReview {
      #expect(
        (0..<table.count).contains {
          table.location(ofRow: $0) == flagged.location && table.ids[$0] == flagged.id
        })
    }
    let first = summary.needsReview[0]
    #expect(
      first.date == F.date("2026-11-16") && first.secondOfDay == 7200 && first.utcOffsetSeconds == -18_000)
    #expect(first.rawDescription == "ate apple" && first.foodName == "apple")
    #expect(first.confidence == F.decimal("0.3") && first.calories == F.decimal("100"))
    #expect(first.macroCalories == F.sum("100"))
  }

  @Test func reviewLimitCutsTheListButNotTheCount() {
    let rows = (0..<5).map { F.entry("2026-11-16", at: 100 - $0, id: "e\($0)", confidence: "0.1") }
    let options = AggregationOptions(reviewLimit: 2)
    let summary = F.summary(rows, week, options: options)
    #expect(summary.needsReview.map(\.id) == ["e4", "e3"])
    #expect(summary.needsReviewCount == 5)
  }

  /// 4·P + 4·C + 9·F = 100 kcal for 25 g carbohydrates; 40 kcal for 10 g.
  @Test(arguments: [
    ("125", "25", false),  // exactly 25 % over: not flagged
    ("125.000000001", "25", true),
    ("75", "25", false),  // exactly 25 % under
    ("74.999999999", "25", true),
    ("60", "10", false),  // 50 % over, but exactly 20 kcal
    ("60.000000001", "10", true),
    ("20", "0", false),  // nothing from macros: only the 20 kcal bound applies
    ("20.000000001", "0", true),
    ("0", "5", false),  // 20 kcal under, 100 %
    ("0", "5.000000001", true),
  ])
  func energyConsistencyBoundaries(calories: String, carbohydrates: String, flagged: Bool) {
    let rows = [F.entry("2026-11-16", id: "x", calories: calories, carbohydrates: carbohydrates)]
    let summary = F.summary(rows, week)
    #expect(summary.energyInconsistentCount == (flagged ? 1 : 0))
    #expect(summary.energyInconsistent.map(\.reasons) == (flagged ? [[.energyInconsistent]] : []))
    // Energy inconsistent is a reason to review.
    #expect(summary.needsReview == summary.energyInconsistent)
  }

  @Test func energyToleranceIsConfigurable() {
    let rows = [F.entry("2026-11-16", id: "x", calories: "110", carbohydrates: "25")]
    let strict = AggregationOptions(
      energyConsistency: EnergyConsistencyTolerance(relative: F.decimal("0.05"), calories: F.decimal("5")))
    #expect(F.summary(rows, week).energyInconsistentCount == 0)
    #expect(F.summary(rows, week, options: strict).energyInconsistent.map(\.id) == ["x"])
  }

  @Test func anEntryCanBeOnBothLists() {
    let rows = [F.entry("2026-11-16", id: "x", calories: "500", carbohydrates: "25", confidence: "0.2")]
    let summary = F.summary(rows, week)
    #expect(summary.needsReview.map(\.reasons) == [[.lowConfidence, .energyInconsistent]])
    #expect(summary.energyInconsistent == summary.needsReview)
  }

  @Test func locationIsNotPartOfEquality() {
    let rows = [
      F.entry("2026-11-16", id: "x", confidence: "0.2"), F.entry("2026-11-16", id: "y", confidence: "0.9"),
    ]
    let forward = F.summary(rows, week).needsReview
    var moved = F.summary(rows, week).needsReview
    moved[0].location = SourceLocation(path: "elsewhere.jsonl", line: 9, column: 1)
    #expect(forward == moved)
  }
}
