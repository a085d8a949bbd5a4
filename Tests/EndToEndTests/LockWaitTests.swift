import DemeterCore
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writers waiting for the journal lock (issue 13): after a second they say on stderr whom they
/// wait for, and after `--lock-timeout` they give up with exit 3, having written nothing.
@Suite struct LockWaitTests {
  static let entryID = "fe38703e-fc4b-4551-9341-927a96870329"
  static let tea =
    #"{"id":"custom-tea","name":"tea","caloriesPer100g":1,"proteinPer100g":0,"carbsPer100g":0.3,"#
    + #""fatPer100g":0,"category":"beverage"}"#
  /// Every command that writes to a journal; `FILE` stands for an ingredient file to import.
  static let writers: [[String]] = [
    ["add", "--json", WritingTests.line("00000000-0000-4000-8000-000000000001")],
    ["edit", entryID, "--calories", "91"],
    ["rm", entryID],
    ["review", "--accept", entryID],
    ["fmt"],
    ["ingredients", "add", "--json", tea],
    ["ingredients", "import", "FILE"],
  ]

  /// This test process holds the lock (and so is the PID the lock file names) while the tool waits.
  @Test(arguments: writers)
  func writerNamesTheHolderThenGivesUp(command: [String]) throws {
    let (folder, journal) = try ToolRun.copyOfSampleJournal()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("tea.jsonl")
    try Data((Self.tea + "\n").utf8).write(to: file)
    let holder = try JournalLock(journal: journal.path)
    defer { holder.release() }
    let before = try WritingTests.snapshot(journal)

    let run = try BoundedRun.run(
      command.map { $0 == "FILE" ? file.path : $0 } + ["--journal", journal.path, "--lock-timeout", "1"])
    #expect(!run.timedOut)
    #expect(run.status == 3)
    #expect(run.stdout == "")
    #expect(run.stderrLines.first == "demeter-report: waiting for the journal lock (held by PID \(getpid()))")
    #expect(
      run.stderr.contains(
        "the journal lock '\(journal.path)/.demeter/lock' is still held by PID \(getpid()) after waiting 1 "
          + "s; "
          + "try again when that write is done, or wait longer with --lock-timeout SECONDS"))
    #expect(try WritingTests.snapshot(journal) == before)
  }

  @Test func lockTimeoutMustBeSeconds() throws {
    let run = try ToolRun.run(["fmt", "--journal", ToolRun.sampleJournal, "--lock-timeout", "soon"])
    #expect(run.status == 2)
    #expect(
      run.stderr.contains("--lock-timeout must be a number of seconds ≥ 0, like 30 or 0.5 (got 'soon')"))
  }
}
