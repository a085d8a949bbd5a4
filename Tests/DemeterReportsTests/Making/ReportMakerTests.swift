import DemeterCore
import DemeterReporting
import DemeterReports
import Foundation
import Testing

/// `ReportMaker` makes what a `ReportRequest` asks for: the request's settings over each journal's
/// `.demeter.json`, every source, and the refusals that name what is missing.
@Suite struct ReportMakerTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")
  static let sample = fixtures.appendingPathComponent("sample-journal").path
  static let today = CivilDate(year: 2026, month: 11, day: 22)!

  /// The CSV of a week report of the first half of November, made from `source`.
  static func weeks(_ source: ReportRequest.Source, settings: ReportSettings = ReportSettings()) throws -> [String] {
    var request = ReportRequest(.week, period: ["2026-11-01..2026-11-14"], source: source, settings: settings)
    request.settings.today = today
    request.output.format = "csv"
    request.usesCache = false
    var console = Console.capturing()
    try ReportMaker.make(request, &console)
    #expect(console.capturedErrors.isEmpty, "\(String(decoding: console.capturedErrors, as: UTF8.self))")
    return String(decoding: console.capturedOutput, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  /// A copy of the sample journal whose config says `config`.
  static func sampleCopy(config: String) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("report-maker-\(UUID().uuidString)")
    try FileManager.default.copyItem(atPath: sample, toPath: folder.path)
    try Data(config.utf8).write(to: folder.appendingPathComponent(".demeter.json"))
    return folder.path
  }

  @Test func theJournalsWeekStartHoldsUnlessTheRequestGivesOne() throws {
    let journal = try Self.sampleCopy(config: #"{"weekStart": "sunday"}"#)
    defer { try? FileManager.default.removeItem(atPath: journal) }
    let byConfig = try Self.weeks(.journal(journal))
    #expect(byConfig.dropFirst().first?.hasPrefix("week of 2026-11-01,2026-11-01,") == true)
    var settings = ReportSettings()
    settings.weekStart = .monday
    let byRequest = try Self.weeks(.journal(journal), settings: settings)
    #expect(byRequest.dropFirst().first?.hasPrefix("2026-W44,2026-10-26,") == true)
    #expect(byRequest == (try Self.weeks(.journal(Self.sample))))
  }

  @Test func thresholdsGivenAboveEachOtherAreRefusedNamingWhereEachCameFrom() throws {
    let journal = try Self.sampleCopy(config: #"{"highConfidence": 0.6}"#)
    defer { try? FileManager.default.removeItem(atPath: journal) }
    var settings = ReportSettings()
    settings.lowConfidence = .init(FixedDecimal(billionths: 700_000_000), origin: "--low-confidence")
    #expect {
      _ = try Self.weeks(.journal(journal), settings: settings)
    } throws: { error in
      guard case .usage(let message) = error as? CommandError else { return false }
      return message.contains("(0.7, --low-confidence)") && message.contains("(0.6, highConfidence in .demeter.json)")
    }
  }

  @Test func theBuiltInSampleNeedsNoFolder() throws {
    var console = Console.capturing()
    var request = ReportRequest(.week, period: ["all"], source: .sample)
    request.settings.today = Self.today
    request.output.format = "json"
    try ReportMaker.make(request, &console)
    let report = try JSONSerialization.jsonObject(with: Data(console.capturedOutput)) as? [String: Any]
    #expect(report?["kind"] as? String == "week")
  }

  @Test func aCohortHasARowPerPersonPerWeek() throws {
    let cohort = Self.fixtures.appendingPathComponent("cohort").path
    var console = Console.capturing()
    let journals = try JournalSet(journals: [], parents: [cohort], quiet: true, &console)
    #expect(journals.names == ["=eve|<b>&", "ana", "bob"])
    let rows = try Self.weeks(.journals(journals))
    #expect(rows.count > 1)
    for name in journals.names { #expect(rows.contains { $0.contains(name) }) }
  }

  @Test func digestFilesRefuseTheReportsOnlyAJournalHolds() throws {
    let digest = Self.fixtures.appendingPathComponent("sample-journal.digest").path
    for kind in [ReportKind.entries, .ingredients] {
      var request = ReportRequest(kind, period: ["all"], source: .digestFiles([digest]))
      request.settings.today = Self.today
      var console = Console.capturing()
      #expect {
        try ReportMaker.make(request, &console)
      } throws: { error in
        guard case .usage(let message) = error as? CommandError else { return false }
        return message.contains("give the journal (--journal)")
      }
    }
  }
}
