import Foundation
import TestSupport
import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// Several processes writing one journal at once (manual: writing, reliability): `add`s from many processes while
/// `fmt` rewrites the same day files lose and interleave nothing.
@Suite(.tags(.slow), .slowSuite) struct ConcurrentWritersTests {
  static let writers = 8
  static let entriesPerWriter = 200

  /// 8 processes add 200 entries each (one line at a time would be too slow; each sends its entries
  /// in 4 `add`s of 50) while `fmt` runs again and again: every line is whole, every entry is there
  /// once, and the journal is clean.
  @Test func addsAndFmtAtTheSameTimeLoseNoLine() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let journal = folder.appendingPathComponent("journal")
    try FileManager.default.createDirectory(at: journal, withIntermediateDirectories: true)
    let journalOption = ["--journal", journal.path]
    // Under a loaded test run a writer can wait long for the lock; what is tested is that no line is
    // lost, not how long a wait takes, so the writers wait far longer than the default.
    let writing = journalOption + ["--lock-timeout", "600"]

    let writersDone = DispatchGroup()
    let failures = Failures()
    for writer in 0..<Self.writers {
      DispatchQueue.global().async(group: writersDone) {
        for part in 0..<4 {
          let input = (0..<50).map { index in
            let number = part * 50 + index
            return WritingTests.line(
              WritingTests.id(writer, number), day: 20 + number % 4, hour: (number * 7) % 24)
          }.joined(separator: "\n")
          do {
            let run = try WritingTests.run(["add", "-q", "-"] + writing, input: input, in: folder)
            if run.status != 0 { failures.add("add \(writer)/\(part): \(run.stderr)") }
          } catch {
            failures.add("add \(writer)/\(part): \(error)")
          }
        }
      }
    }
    // fmt in a loop until the writers are done.
    var fmtRuns = 0
    while writersDone.wait(timeout: .now()) == .timedOut {
      let run = try WritingTests.run(["fmt", "-q"] + writing, input: "", in: folder)
      #expect(run.status == 0, "\(run.stderr)")
      fmtRuns += 1
    }
    #expect(failures.messages.isEmpty, "\(failures.messages)")
    #expect(fmtRuns > 0)

    let load = JournalEntries.read(journal.path, options: JournalLoadOptions(collectWarnings: true))
    #expect(load.diagnostics.isEmpty, "\(load.diagnostics)")
    let ids = load.entries.map(\.row.id)
    let expected = (0..<Self.writers).flatMap { writer in
      (0..<Self.entriesPerWriter).map { WritingTests.id(writer, $0) }
    }
    #expect(ids.count == expected.count)
    #expect(Set(ids) == Set(expected))
    let check = try ToolRun.run(["check"] + journalOption, environment: WritingTests.environment)
    #expect(check.status == 0, "\(check.stderr)")
    print(
      "concurrent writers: \(Self.writers) processes × \(Self.entriesPerWriter) entries, \(fmtRuns) fmt "
        + "runs, \(ids.count) entries found"
    )
  }
}

/// Messages collected from several threads.
final class Failures: @unchecked Sendable {
  private let lock = NSLock()
  private var collected: [String] = []

  func add(_ message: String) {
    lock.lock()
    collected.append(message)
    lock.unlock()
  }

  var messages: [String] {
    lock.lock()
    defer { lock.unlock() }
    return collected
  }
}
