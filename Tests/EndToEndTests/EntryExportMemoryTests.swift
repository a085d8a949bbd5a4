import Foundation
import TestSupport
import Testing

/// `entries` exports stream (issue 44): a journal read file by file is never held at once, so an
/// export's memory is bounded by the largest day file, not by the journal. Shown through the built
/// binary with its address space capped (`BoundedCostTests.run`), never by timing: a journal of 60
/// days × 2 000 entries (about 45 MB), whose whole table, held at once as exports held it before,
/// needs several times the cap.
@Suite(.tags(.slow), .slowSuite) struct EntryExportMemoryTests {
  /// The peak resident memory an export of the journal may reach (the journal is about 45 MB).
  static let peakBound = 96 << 20

  /// 60 day files of 2 000 entries each, with tags, a note and micronutrients.
  static func journal() throws -> URL {
    let folder = try ToolRun.makeTemporaryDirectory()
    let extra =
      #","tags":["home","weekday"],"micronutrients":{"sodium_mg":310,"iron_mg":2.5},"#
      + #""note":"a note long enough to make the line about as long as the app writes them, more or less""#
    for day in 0..<60 {
      let date = String(format: "2026-%02d-%02d", 1 + day / 20, 1 + day % 20)
      var text = ""
      for entry in 0..<2_000 {
        text += BoundedCostTests.entry(day * 10_000 + entry, date, extra: extra) + "\n"
      }
      try Data(text.utf8).write(to: folder.appendingPathComponent("\(date).jsonl"))
    }
    return folder
  }

  @Test(arguments: ["csv", "jsonl"])
  func anExportIsBoundedByItsLargestFile(format: String) throws {
    let folder = try Self.journal()
    let scratch = try ToolRun.makeTemporaryDirectory()
    defer {
      try? FileManager.default.removeItem(at: folder)
      try? FileManager.default.removeItem(at: scratch)
    }
    let output = scratch.appendingPathComponent("export.\(format)")
    let run = try BoundedCostTests.run(
      ["entries", "all", "-f", format, "-o", output.path, "--quiet"], journal: folder)
    #expect(run.status == 0, "\(run.stderr)")
    let exported = try String(contentsOf: output, encoding: .utf8)
    // The last entry of the last day is there.
    #expect(exported.contains(String(format: "00000000-0000-4000-8000-%012x", 59 * 10_000 + 1_999)))
    if let peak = run.peakBytes { #expect(peak < Self.peakBound, "peak RSS \(peak >> 20) MB") }
  }
}
