import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// Digest files split by a dimension (`digest --by`, manual: many-journals): both forms read back as
/// themselves with the same bytes and hold the same rows; merges in any grouping give the whole's
/// bytes; without the split they are the file made without one; forged rows are refused.
@Suite struct DigestFileSplitTests {
  typealias Full = DigestFileTests

  static func rules(_ dimension: BreakdownDimension) -> DigestRules {
    var rules = Full.rules
    rules.breakdown = dimension
    return rules
  }

  /// The rows of the first journal of `file` over January 2026, by value.
  static func rows(_ file: DigestFile, by dimension: BreakdownDimension) throws -> [String: BreakdownRow] {
    let digests = JournalDigests(file.journals[0], settings: file.settings, limit: 0)
    let january = Period(
      first: try CivilDate.parse("2026-01-01").get(), last: try CivilDate.parse("2026-01-31").get())
    return Dictionary(
      uniqueKeysWithValues: digests.breakdown(of: january, by: dimension).map { ($0.value ?? "", $0) })
  }

  @Test(arguments: [BreakdownDimension.food, .hour])
  func bothFormsReadBackAsThemselvesWithTheSameRows(_ dimension: BreakdownDimension) throws {
    let full = Full.file("ana", days: 1...9, seed: 3, rules: Self.rules(dimension))
    let cohort = DigestFileCohortFormTests.cohort(full)
    for file in [full, cohort] {
      let read = try DigestFile(bytes: file.bytes, label: "f")
      #expect(read == file)
      #expect(read.bytes == file.bytes)
      #expect(read.settings.rules.breakdown == dimension)
    }
    let rows = try Self.rows(full, by: dimension)
    #expect(rows.count > 1)
    #expect(try Self.rows(try DigestFile(bytes: cohort.bytes, label: "c"), by: dimension) == rows)
    #expect(cohort.journals[0].names.count == rows.keys.filter { !$0.isEmpty }.count)
  }

  @Test func mergesInAnyGroupingGiveTheWholesBytes() throws {
    let rules = Self.rules(.food)
    let whole = DigestFileCohortFormTests.cohort(Full.file("ana", days: 1...9, seed: 4, rules: rules)).bytes
    let (a, b, c) = (
      Full.file("ana", days: [1, 4, 7], seed: 4, rules: rules),
      Full.file("ana", days: [2, 5, 8], seed: 4, rules: rules),
      Full.file("ana", days: [3, 6, 9], seed: 4, rules: rules)
    )
    let ab = try DigestFile(bytes: try Full.merged([a, b], cohort: true), label: "ab")
    #expect(try Full.merged([DigestFileCohortFormTests.cohort(c), ab], cohort: true) == whole)
    #expect(try Full.merged([c, DigestFileCohortFormTests.cohort(b), a], cohort: true) == whole)
  }

  @Test func unsplitIsTheFileMadeWithoutTheSplitInItsTotalsAndSettings() {
    let split = Full.file("ana", days: 1...5, seed: 5, rules: Self.rules(.tag))
    let plain = Full.file("ana", days: 1...5, seed: 5)
    #expect(split.unsplit.settings == plain.settings)
    #expect(split.unsplit.journals[0].days == plain.journals[0].days)
    #expect(plain.unsplit == plain)
  }

  @Test func aForgedSplitRowIsRefusedSayingWhere() throws {
    let file = Full.file("ana", days: 1...3, seed: 6, rules: Self.rules(.food))
    for form in [DigestFileForm.full, .cohort] {
      var forged = DigestFile(settings: file.settings, form: form, journals: file.journals)
      let entries = forged.journals[0].days[0].totals.entries
      forged.journals[0].days[0].detail.breakdown[0].entries = entries + 1
      #expect {
        _ = try DigestFile(bytes: forged.bytes, label: "f")
      } throws: { error in
        (error as? DigestFileError)?.kind == .unreadable && "\(error)".contains("2026-01-01: a split row of")
      }
    }
  }

  @Test func aFileOfTheVersionBeforeSplitsIsRefusedSayingWhatToType() {
    var bytes = Full.file("ana", days: 1...2).bytes
    #expect(bytes[15] == UInt8(ascii: "5"))
    bytes[15] = UInt8(ascii: "4")
    #expect {
      _ = try DigestFile(bytes: bytes, label: "'old.digest'")
    } throws: { error in
      (error as? DigestFileError)?.kind == .unreadable
        && "\(error)".contains(
          "'old.digest' is a digest file of format version 4, and this demeter-report reads version 5; "
            + "make it again with this version's 'demeter-report digest'")
    }
  }
}
