import Foundation
import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// The parse cache keeps where a problem's excerpt is in its day file, never the line itself, and
/// gives back the same diagnostics as a fresh parse (issue 13 §2: a 229 KB line with 20 000
/// problems made a 4.58 GB cache entry).
@Suite struct DiagnosticCacheCodingTests {
  @Test func cachedProblemsAreTheFreshOnesAndTheIndexHoldsNoLine() throws {
    let journal = TemporaryJournal()
    let long = LineProblemsTests.badMicronutrients(20_000).setting(
      "note", "\"" + String(repeating: "x", count: 3000) + "\"")
    let valid = EntryLine(id: "6f0c9a52-3c1e-4a57-9a52-0d7f1d0e7b12")
    journal.write("2026/2026-11-21.jsonl", lines: [valid.text, long.text])
    CacheKeyTests.age(journal)
    let fresh = DigestIndexTests.load(journal, JournalLoadOptions())
    let cold = DigestIndexTests.load(journal)
    let warm = DigestIndexTests.load(journal)
    #expect(fresh.diagnostics.count == LineProblems.shownPerLine + 1)
    #expect(cold.diagnostics == fresh.diagnostics)
    #expect(warm.diagnostics == fresh.diagnostics)
    #expect(warm.diagnostics.map(\.rendered) == fresh.diagnostics.map(\.rendered))
    let cache = journal.url(".demeter/cache")
    let indexes = try FileManager.default.contentsOfDirectory(atPath: cache).filter {
      $0.hasPrefix("digests-")
    }
    #expect(indexes.count == 1)
    let index = try Data(contentsOf: URL(fileURLWithPath: cache + "/" + indexes[0]))
    #expect(index.count < 16 << 10, "the index is \(index.count) bytes")
    #expect(index.range(of: Data("\"m0\":-1".utf8)) == nil, "the index holds the line")
  }
}
