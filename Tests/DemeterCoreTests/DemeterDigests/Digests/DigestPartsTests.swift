import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// The fast parts of digest making against plain references: counting confidences, and merging
/// many details in a balanced order.
@Suite struct DigestPartsTests {
  static func referenceCount(_ values: [Int32]) -> [ConfidenceCount] {
    Dictionary(grouping: values) { $0 }.map { ConfidenceCount(value: $0.key, entries: Int32($0.value.count)) }
      .sorted { $0.value < $1.value }
  }

  @Test(arguments: [UInt64(1), 2, 3])
  func confidencesCountedAsByGrouping(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    for _ in 0..<50 {
      let count = Int(random.next() % 2000)
      let thousandths = (0..<count).map { _ in Int32(random.next() % 1001) * 1_000_000 }
      #expect(ConfidenceCount.counted(thousandths) == Self.referenceCount(thousandths))
      // One value off the thousandths grid sends the whole list the sorting way.
      var mixed = thousandths
      mixed.append(Int32(random.next() % 1_000_000_001))
      #expect(ConfidenceCount.counted(mixed) == Self.referenceCount(mixed))
    }
    #expect(ConfidenceCount.counted([]) == [])
  }

  static func randomDetail(_ random: inout SplitMix64) -> DigestDetail {
    var detail = DigestDetail()
    detail.confidences = Self.referenceCount((0..<Int(random.next() % 20)).map { _ in Int32(random.next() % 50) })
    let codes = Set((0..<Int(random.next() % 10)).map { _ in Int32(random.next() % 30) }).sorted()
    detail.foods = codes.map { Tally(code: $0, entries: 1 + Int32(random.next() % 5), amount: Int128(random.next() % 999)) }
    detail.unmatched = Tally(code: -1, entries: Int32(random.next() % 3), amount: 7)
    detail.needsReview = (0..<Int(random.next() % 6)).map { _ in
      FlaggedCandidate(
        day: Int32(random.next() % 3), secondOfDay: Int32(random.next() % 4), file: Int32(random.next() % 9),
        line: Int32(random.next() % 1000), reasons: .lowConfidence, offset: 0)
    }.sorted()
    return detail
  }

  @Test(arguments: [0, 2])
  func balancedMergeEqualsMergingOneAfterAnother(limit: Int) {
    var random = SplitMix64(seed: 9)
    for count in [0, 1, 2, 3, 7, 8, 33] {
      let details = (0..<count).map { _ in Self.randomDetail(&random) }
      var sequential = DigestDetail()
      for detail in details { sequential.merge(detail, limit: limit) }
      #expect(DigestDetail.merged(details, limit: limit) == sequential)
    }
  }
}
