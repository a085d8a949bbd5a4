import DemeterCore
import DemeterReports
import Foundation
import Testing

/// `ReportMaker.writeDigestFile` writes the journals' digests that reports then read in their place.
@Suite struct ReportMakerDigestFileTests {
  @Test func aJournalsDigestFileGivesTheReportTheJournalGives() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("digest-\(UUID().uuidString)")
      .path
    defer { try? FileManager.default.removeItem(atPath: file) }
    var request = DigestFileRequest(.journal(ReportMakerTests.sample), to: file)
    request.usesCache = false
    var console = Console.capturing()
    try ReportMaker.writeDigestFile(request, &console)
    #expect(console.capturedErrors.isEmpty)
    #expect(
      try ReportMakerTests.weeks(.digestFiles([file]))
        == (try ReportMakerTests.weeks(.journal(ReportMakerTests.sample))))
  }

  @Test func digestFilesAreNoSourceOfADigestFile() {
    var console = Console.capturing()
    #expect(throws: CommandError.self) {
      try ReportMaker.writeDigestFile(DigestFileRequest(.digestFiles([]), to: "x"), &console)
    }
  }
}
