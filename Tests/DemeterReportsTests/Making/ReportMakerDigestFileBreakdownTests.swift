import DemeterCore
import DemeterReporting
import DemeterReports
import Foundation
import Testing

/// Digest files made with `digest --by` answer reports split by their dimension with the bytes the
/// journals give; `--by weekday` any file answers; another dimension, and a merge of files of
/// different dimensions, are refused saying what to type.
@Suite struct ReportMakerDigestFileBreakdownTests {
  static let sample = ReportMakerTests.sample

  @Test(arguments: BreakdownDimension.allCases)
  func aSplitDigestFileGivesTheJournalsBytes(_ dimension: BreakdownDimension) throws {
    let file = try BreakdownFixtures.digestFile(.journal(Self.sample), by: dimension)
    defer { try? FileManager.default.removeItem(atPath: file) }
    for format in ["csv", "json"] {
      for (kind, period) in [(ReportKind.month, "2026-11"), (.week, "all")] {
        let fromFile = try BreakdownFixtures.report(
          kind, period, source: .digestFiles([file]), by: dimension, format: format)
        let fromJournal = try BreakdownFixtures.report(
          kind, period, source: .journal(Self.sample), by: dimension, format: format)
        #expect(fromFile == fromJournal, "\(dimension) \(kind) \(format)")
      }
    }
  }

  @Test(arguments: BreakdownDimension.allCases)
  func aSplitCohortDigestFileGivesTheCohortsBytes(_ dimension: BreakdownDimension) throws {
    let folder = try BreakdownFixtures.cohortFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let journals = try BreakdownFixtures.journals(folder)
    for form in [DigestFileForm.cohort, .full] {
      let file = try BreakdownFixtures.digestFile(.journals(journals), by: dimension, form: form)
      defer { try? FileManager.default.removeItem(atPath: file) }
      for format in ["csv", "json"] {
        let fromFile = try BreakdownFixtures.report(
          source: .digestFiles([file]), by: dimension, format: format)
        let fromJournals = try BreakdownFixtures.report(
          source: .journals(journals), by: dimension, format: format)
        #expect(fromFile == fromJournals, "\(dimension) \(form) \(format)")
      }
    }
  }

  @Test func byWeekdayAndNoSplitAreAnsweredFromAnyFile() throws {
    let plain = try BreakdownFixtures.digestFile(.journal(Self.sample), by: nil)
    let split = try BreakdownFixtures.digestFile(.journal(Self.sample), by: .food)
    defer {
      try? FileManager.default.removeItem(atPath: plain)
      try? FileManager.default.removeItem(atPath: split)
    }
    for dimension in [BreakdownDimension.weekday, nil] {
      let fromJournal = try BreakdownFixtures.report(
        .month, "2026-11", source: .journal(Self.sample), by: dimension)
      for file in [plain, split] {
        #expect(
          try BreakdownFixtures.report(.month, "2026-11", source: .digestFiles([file]), by: dimension)
            == fromJournal,
          "\(dimension?.rawValue ?? "none") from \(file)")
      }
    }
  }

  @Test func anotherDimensionIsRefusedWithTheCommandToType() throws {
    let plain = try BreakdownFixtures.digestFile(.journal(Self.sample), by: nil)
    let meals = try BreakdownFixtures.digestFile(.journal(Self.sample), by: .meal, form: .cohort)
    defer {
      try? FileManager.default.removeItem(atPath: plain)
      try? FileManager.default.removeItem(atPath: meals)
    }
    for (file, asked, said) in [
      (
        plain, BreakdownDimension.food,
        "was not split (made without --by), and this report asks for --by food; "
          + "make the digest again with 'demeter-report digest --by food ...'"
      ),
      (
        meals, .tag,
        "was split by meal, and this report asks for --by tag (--by weekday is answered from any "
          + "digest file); make the digest again with 'demeter-report digest --cohort --by tag ...'"
      ),
      (plain, .recipe, "make the digest again with 'demeter-report digest --by ingredient ...'"),
    ] {
      #expect {
        _ = try BreakdownFixtures.report(source: .digestFiles([file]), by: asked)
      } throws: { error in
        guard case .usage(let message) = error as? CommandError else { return false }
        return message.contains(said)
      }
    }
  }

  @Test func filesOfDifferentDimensionsDoNotMerge() throws {
    let meals = try BreakdownFixtures.digestFile(.journal(Self.sample), by: .meal)
    let foods = try BreakdownFixtures.digestFile(.journal(Self.sample), by: .food)
    let plain = try BreakdownFixtures.digestFile(.journal(Self.sample), by: nil)
    defer { for file in [meals, foods, plain] { try? FileManager.default.removeItem(atPath: file) } }
    for (other, theirs) in [(foods, "food"), (plain, "none")] {
      #expect {
        _ = try DigestFiles.merged([meals, other], cohort: true)
      } throws: { error in
        guard case .usage(let message) = error as? CommandError else { return false }
        return message.contains("were made under different settings: split (--by) meal in")
          && message.contains("\(theirs) in") && message.contains("cannot be merged")
      }
    }
  }
}
