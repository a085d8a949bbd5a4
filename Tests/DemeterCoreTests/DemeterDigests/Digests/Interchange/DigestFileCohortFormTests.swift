import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// The cohort form of digest files (`digest --cohort`, manual: many-journals): it reads back as
/// itself with the same bytes, in a small part of the full form's; its cohort members are those of
/// the full form; merges of either form in any order and grouping give the cohort form of the
/// whole; and forged or damaged bytes are refused, never a crash.
@Suite struct DigestFileCohortFormTests {
  typealias Full = DigestFileTests

  /// `file` in the cohort form.
  static func cohort(_ file: DigestFile) -> DigestFile {
    DigestFile(settings: file.settings, form: .cohort, journals: file.journals)
  }

  /// The cohort members of the first journal of `file`, by buckets of `size` over January 2026.
  static func members(_ file: DigestFile, size: BucketSize) throws -> [CohortMember] {
    let rules = file.settings.rules(limit: 0)
    var options = AggregationOptions(
      lowConfidence: rules.lowConfidence, highConfidence: rules.highConfidence,
      goals: Goals(calories: FixedDecimal(450), protein: FixedDecimal(6)))
    options.energyConsistency = rules.energyConsistency
    options.reviewLimit = 0
    let digests = JournalDigests(file.journals[0], settings: file.settings, limit: 0)
    let january = Period(
      first: try CivilDate.parse("2026-01-01").get(), last: try CivilDate.parse("2026-01-31").get())
    let tally = CohortTally(digests, size: size, options: options)
    let members = tally.members(buckets: january.buckets(size))
    return members.buckets + [members.whole]
  }

  @Test func theCohortFormReadsBackAsItselfAndGivesTheFullFormsCohortMembers() throws {
    let full = Full.file("ana", days: 1...9, seed: 1)
    let bytes = Self.cohort(full).bytes
    #expect(bytes.starts(with: Array("demeter-digest 5 calories,protein,carbohydrates,fat,fiber,sugar\n".utf8)))
    let read = try DigestFile(bytes: bytes, label: "c")
    #expect(read == Self.cohort(full))
    #expect(read.form == .cohort)
    #expect(read.bytes == bytes)
    #expect(read.journals[0].names.isEmpty && read.journals[0].lines.isEmpty)
    #expect(read.journals[0].files.map(\.path) == full.journals[0].files.map(\.path))
    #expect(bytes.count * 4 < full.bytes.count, "\(bytes.count) bytes against \(full.bytes.count)")
    for size in [BucketSize.day, .week(.monday), .month] {
      let members = try Self.members(read, size: size)
      #expect(members == (try Self.members(full, size: size)))
      #expect(members.contains { $0.goalStatus(.calories) != nil })
    }
  }

  @Test func mergesOfEitherFormGiveTheCohortFormOfTheWhole() throws {
    let whole = Self.cohort(Full.file("ana", days: 1...12, seed: 2)).bytes
    let (a, b, c) = (
      Full.file("ana", days: [1, 4, 7, 10], seed: 2), Full.file("ana", days: [2, 5, 8, 11], seed: 2),
      Full.file("ana", days: [3, 6, 9, 12], seed: 2)
    )
    for cohort in [false, true] {
      let ab = try DigestFile(bytes: try Full.merged([a, b], cohort: cohort), label: "ab")
      let bc = try DigestFile(bytes: try Full.merged([Self.cohort(b), c], cohort: cohort), label: "bc")
      #expect(bc.form == .cohort)
      #expect(try Full.merged([ab, Self.cohort(c)], cohort: cohort) == whole)
      #expect(try Full.merged([a, bc], cohort: cohort) == whole)
      #expect(try Full.merged([Self.cohort(c), Self.cohort(b), Self.cohort(a)], cohort: cohort) == whole)
    }
  }

  @Test func theSameDayFileInTwoCohortPartsIsRefused() {
    let (a, b) = (Self.cohort(Full.file("ana", days: 1...2)), Self.cohort(Full.file("ana", days: 2...3)))
    #expect {
      _ = try Full.merged([a, b], cohort: true)
    } throws: { error in
      "\(error)".contains("day file 'ana/2026-01-02.jsonl' is in both")
    }
  }

  @Test func forgedValuesAreRefusedSayingWhichAndWhere() throws {
    let file = Self.cohort(Full.file("ana", days: 1...3, seed: 7))
    let entries = file.journals[0].days[0].totals.entries
    var review = file
    review.journals[0].days[0].totals.needsReview = entries + 1
    var calories = file
    calories.journals[0].days[0].totals.sums[Nutrient.calories.ordinal] = Int128(entries + 1) * Int128(Int64.max)
    var late = file
    late.journals[0].days[2].totals.day = DigestFile.days.upperBound + 1
    for (forged, says) in [
      (review, "exceeds \(entries)"), (calories, "2026-01-01: calories"), (late, "day number"),
    ] {
      #expect {
        _ = try DigestFile(bytes: forged.bytes, label: "f")
      } throws: { error in
        (error as? DigestFileError)?.kind == .unreadable && "\(error)".contains(says)
      }
    }
  }

  @Test func truncatedAndDamagedBytesAreRefused() {
    let bytes = Self.cohort(Full.file("ana", days: 1...6, seed: 8)).bytes
    for length in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 97)) {
      #expect(throws: DigestFileError.self) { _ = try DigestFile(bytes: Array(bytes[..<length]), label: "f") }
    }
    for position in stride(from: 17, to: bytes.count, by: max(1, bytes.count / 53)) {
      var flipped = bytes
      flipped[position] ^= 0x5A
      #expect(throws: DigestFileError.self) { _ = try DigestFile(bytes: flipped, label: "f") }
    }
  }
}
