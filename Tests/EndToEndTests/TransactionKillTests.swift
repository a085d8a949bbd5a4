import Foundation
import TestSupport
import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Multi-file writes are all-or-nothing and retries never duplicate (manual: writing): rounds of a 28-file
/// `add -` batch of id-less entries and of a cross-day `edit`, each stopped by SIGKILL, SIGINT or
/// SIGTERM after a random delay (every other round: just after its transaction record appears,
/// inside the commit), while four reader processes run `check` and a cached report in a
/// loop. After each kill the next command sees every entry of the batch or none (the move done or
/// not), retrying the command never adds an entry twice (a batch that landed is refused as already
/// added), and no reader ever sees an invalid line, a missing entry or an entry twice. A few rounds
/// of a killed `import` (its lines held on disk until the merge) check the same all-or-nothing.
///
/// `rounds` is small so the suite stays quick; the acceptance run is
/// `DEMETER_KILL_ROUNDS=200 swift test --skip-build --filter TransactionKillTests`.
@Suite(.serialized, .tags(.slow), .slowSuite) struct TransactionKillTests {
  static let defaultRounds = 10
  static var rounds: Int {
    ProcessInfo.processInfo.environment["DEMETER_KILL_ROUNDS"].flatMap(Int.init) ?? defaultRounds
  }
  /// Entries per batch: enough that staging and renaming 28 files takes a while.
  static let batchEntries = 28 * 72
  /// Entries of the journal every round starts from.
  static let baseEntries = 28 * 10
  static let signals: [(name: String, number: Int32)] = [
    ("SIGKILL", SIGKILL), ("SIGINT", SIGINT), ("SIGTERM", SIGTERM),
  ]
  static let readers = 4

  /// The 28 days 2026-10-26 … 2026-11-22.
  static let days: [String] = (0..<28).map {
    $0 < 6 ? "2026-10-\(26 + $0)" : "2026-11-\(String(format: "%02d", $0 - 5))"
  }

  /// `count` id-less entry lines spread over the 28 days, different for each `batch`.
  static func batch(_ batch: Int, count: Int) -> String {
    (0..<count).map { index in
      let time = String(format: "%02d:%02d:00", index / 28 % 24, index % 60)
      return
        #"{"timestamp":"\#(days[index % 28])T\#(time)Z","rawDescription":"","foodName":"food "#
          + #"\#(batch)-\#(index)","#
        + #""quantity":1,"unit":"serving","calories":\#(1 + index % 900),"protein":1,"carbohydrates":2,"#
          + #""fat":3,"confidence":1}"#
    }.joined(separator: "\n") + "\n"
  }

  /// What readers check: the journal being changed and the entry counts it may show.
  final class Target: @unchecked Sendable {
    private let lock = NSLock()
    private var journal: String?
    private var allowed: Set<Int> = []
    private(set) var runs = 0
    private(set) var problems: [String] = []
    private var stopped = false

    func set(_ journal: String, allowed: Set<Int>) {
      lock.withLock {
        self.journal = journal
        self.allowed = allowed
      }
    }

    func current() -> (String, Set<Int>)? {
      lock.withLock { stopped ? nil : journal.map { ($0, allowed) } }
    }

    func record(_ problem: String?) {
      lock.withLock {
        runs += 1
        if let problem { problems.append(problem) }
      }
    }

    func stop() { lock.withLock { stopped = true } }
    var isStopped: Bool { lock.withLock { stopped } }
  }

  /// The number of valid entries `check` counts, and its whole output when it found a problem.
  static func check(_ journal: String) throws -> (count: Int?, problem: String?) {
    let run = try ToolRun.run(["check", "--journal", journal], environment: ["TZ": "UTC"])
    let count = run.stdout.split(separator: " ").firstIndex(of: "valid").flatMap { position in
      Int(run.stdout.split(separator: " ")[position - 1])
    }
    let clean = run.status == 0 && run.stderr.isEmpty && count != nil
    return (count, clean ? nil : "check exited \(run.status): \(run.stdout)\(run.stderr)")
  }

  /// One reader: `check` (its count must be allowed) and a cached report, in turn, until stopped.
  static func read(_ target: Target, seed: Int) {
    var turn = seed
    while !target.isStopped {
      guard let (journal, allowed) = target.current() else {
        usleep(10_000)
        continue
      }
      turn += 1
      do {
        if turn % 2 == 0 {
          let (count, problem) = try check(journal)
          target.record(
            problem
              ?? (count.map(allowed.contains) == true
                ? nil : "check counted \(count ?? -1), not \(allowed.sorted())"))
        } else {
          let report = try ToolRun.run(
            ["month", "--today", "2026-11-22", "-f", "csv", "--journal", journal],
            environment: ["TZ": "UTC", "DEMETER_NO_CACHE": ""])
          target.record(report.status == 0 && report.stderr.isEmpty ? nil : "report: \(report.stderr)")
        }
      } catch {
        target.record("reader could not run: \(error)")
      }
    }
  }

  /// Starts the tool, sends `signal` after `delay` seconds (or, given a `record` path, `delay`
  /// seconds after that file appears: inside the commit), and waits; whether it had exited with 0
  /// (else it must have died of the signal). The tool runs through `env --default-signal`, since
  /// a test runner may ignore SIGINT and SIGTERM, and its children would inherit that.
  static func runStopped(
    _ arguments: [String], input: String, after delay: Double, record: String? = nil, signal: Int32,
    in folder: URL
  ) throws -> Bool {
    let (process, _, _) = try WritingTests.start(
      ["--default-signal=INT,TERM", ToolRun.binary.path] + arguments, input: input, in: folder,
      executable: URL(fileURLWithPath: "/usr/bin/env"))
    if let record {
      var info = stat()
      while process.isRunning && lstat(record, &info) != 0 {}
    }
    usleep(UInt32(delay * 1_000_000))
    kill(process.processIdentifier, signal)
    process.waitUntilExit()
    let completed = process.terminationReason == .exit && process.terminationStatus == 0
    #expect(
      completed || (process.terminationReason == .uncaughtSignal && process.terminationStatus == signal),
      "stopped by \(signal): \(process.terminationReason) \(process.terminationStatus)")
    return completed
  }

  /// Runs the tool to the end; its outcome.
  static func runToEnd(_ arguments: [String], input: String = "", in folder: URL) throws -> (ToolRun, Double)
  {
    let start = Date()
    let run = try WritingTests.run(arguments, input: input, in: folder)
    return (run, Date().timeIntervalSince(start))
  }

  /// The day files of `journal` holding `id`, by name.
  static func files(holding id: String, in journal: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: journal.path).filter { $0.hasSuffix(".jsonl") }.filter
    {
      try String(contentsOf: journal.appendingPathComponent($0), encoding: .utf8).contains(id)
    }
  }

  @Test func killedMultiFileWritesAreAllOrNothingAndRetriesNeverDuplicate() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let base = folder.appendingPathComponent("base")
    try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    let (seeded, _) = try Self.runToEnd(
      ["add", "--journal", base.path, "-"], input: Self.batch(0, count: Self.baseEntries), in: folder)
    try #require(seeded.status == 0, "\(seeded.stderr)")
    let ids = seeded.stdout.split(separator: "\n").map(String.init)
    try #require(ids.count == Self.baseEntries)

    let target = Target()
    let group = DispatchGroup()
    for reader in 0..<Self.readers {
      DispatchQueue.global().async(group: group) { Self.read(target, seed: reader) }
    }
    defer {
      target.stop()
      group.wait()
    }

    var random = SplitMix64(seed: 13)
    var durations: [String: Double] = [:]
    var stops: [String: Int] = [:]
    var finished = 0
    var recordsLeft = 0
    var refusedRetries = 0
    for round in 0..<Self.rounds {
      let journal = folder.appendingPathComponent("round-\(round)")
      try FileManager.default.copyItem(at: base, to: journal)
      let isAdd = round % 2 == 0
      // Every other round of each kind is stopped as soon as its transaction record appears.
      let atRecord = round % 4 >= 2
      let text = Self.batch(round + 1, count: Self.batchEntries)
      let id = ids.randomElement(using: &random)!
      let oldDay = try Self.files(holding: id, in: journal).first ?? ""
      let newDay = Self.days.filter { !oldDay.hasPrefix($0) }.randomElement(using: &random)!
      let arguments =
        isAdd
        ? ["add", "-q", "--journal", journal.path, "-"]
        : ["edit", id, "--time", "\(newDay)T10:00:00Z", "-q", "--journal", journal.path]
      let input = isAdd ? text : ""
      let kind = isAdd ? "add" : "edit"
      let grown = Self.baseEntries + (isAdd ? Self.batchEntries : 0)
      target.set(journal.path, allowed: [Self.baseEntries, grown])
      if durations[kind] == nil {
        // The first run of each kind, on a copy, learns how long it takes.
        let scratch = folder.appendingPathComponent("scratch-\(kind)")
        try FileManager.default.copyItem(at: base, to: scratch)
        durations[kind] = try Self.runToEnd(
          arguments.map { $0 == journal.path ? scratch.path : $0 }, input: input, in: folder
        ).1
      }
      let signal = Self.signals.randomElement(using: &random)!
      // The delay hovers around the moment runs end (shorter after a run that finished first, longer
      // after one that was stopped), where the commit is.
      let delay = durations[kind]! * Double.random(in: 0.8..<1.2, using: &random)
      let record = journal.appendingPathComponent(".demeter/transaction").path
      let completed = try Self.runStopped(
        arguments, input: input, after: atRecord ? 0 : delay,
        record: atRecord ? record : nil, signal: signal.number, in: folder)
      if !atRecord { durations[kind]! *= completed ? 0.9 : 1.1 }
      if completed { finished += 1 } else { stops["\(kind) \(signal.name)", default: 0] += 1 }
      if FileManager.default.fileExists(atPath: record) {
        recordsLeft += 1
      }

      // The next command sees all or nothing.
      let (count, problem) = try Self.check(journal.path)
      #expect(problem == nil, "round \(round) (\(kind), \(signal.name)): \(String(describing: problem))")
      #expect(count == Self.baseEntries || count == grown, "round \(round) (\(kind)): \(count ?? -1) entries")
      if !isAdd {
        let holders = try Self.files(holding: id, in: journal)
        #expect(holders.count == 1, "round \(round): the moved entry is in \(holders)")
      }

      // A retry never duplicates.
      let (retry, _) = try Self.runToEnd(arguments, input: input, in: folder)
      if isAdd && count == grown {
        #expect(retry.status == 1, "round \(round): a landed batch was added again")
        #expect(
          retry.stderr.contains(
            "\(Self.batchEntries) of \(Self.batchEntries) entries are already in the journal"))
        if retry.status == 1 { refusedRetries += 1 }
      } else {
        #expect(retry.status == 0, "round \(round): \(retry.stderr)")
      }
      let (after, again) = try Self.check(journal.path)
      #expect(again == nil, "round \(round) after the retry: \(String(describing: again))")
      #expect(after == grown, "round \(round) after the retry: \(after ?? -1) entries")
      if !isAdd { #expect(try Self.files(holding: id, in: journal) == ["\(newDay).jsonl"]) }
    }
    target.stop()
    group.wait()
    #expect(target.problems.isEmpty, "\(target.problems.count) reader problems: \(target.problems.prefix(3))")
    #expect(target.runs > 0)
    let stopped = ["add", "edit"].flatMap { kind in
      Self.signals.map { "\(kind) \($0.name) \(stops["\(kind) \($0.name)", default: 0])" }
    }.joined(separator: ", ")
    print(
      "transaction kills: \(Self.rounds) rounds, stopped: \(stopped); \(finished) finished first; "
        + "\(recordsLeft) left a transaction record that the next command completed; "
        + "\(refusedRetries) retried batches refused as already added; "
        + "\(target.runs) reader runs, \(target.problems.count) reader problems")
  }

  /// A killed `import` of an export over 28 days (its rows shuffled) leaves the journal as it was
  /// or with every row, and the import run again completes it without adding a row twice.
  @Test func killedImportsAreAllOrNothing() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let base = folder.appendingPathComponent("base")
    try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    let (seeded, _) = try Self.runToEnd(
      ["add", "-q", "--journal", base.path, "-"], input: Self.batch(0, count: Self.baseEntries), in: folder)
    try #require(seeded.status == 0, "\(seeded.stderr)")
    let export = folder.appendingPathComponent("servings.csv")
    let (days, perDay) = (28, 40)
    try ImportStreamingTests.export(days: days, perDay: perDay, shuffledWith: 3)
      .write(to: export, atomically: true, encoding: .utf8)
    let grown = Self.baseEntries + days * (perDay + 1)
    let arguments = { (journal: URL) in
      ["import", "--from", "cronometer", "--tz", "UTC", "-q", "--journal", journal.path, export.path]
    }
    let scratch = folder.appendingPathComponent("scratch")
    try FileManager.default.copyItem(at: base, to: scratch)
    var duration = try Self.runToEnd(arguments(scratch), in: folder).1
    var random = SplitMix64(seed: 44)
    for round in 0..<max(4, Self.rounds / 2) {
      let journal = folder.appendingPathComponent("import-\(round)")
      try FileManager.default.copyItem(at: base, to: journal)
      let atRecord = round % 2 == 1
      let signal = Self.signals.randomElement(using: &random)!
      let record = journal.appendingPathComponent(".demeter/transaction").path
      let completed = try Self.runStopped(
        arguments(journal), input: "", after: atRecord ? 0 : duration * Double.random(in: 0.8..<1.2, using: &random),
        record: atRecord ? record : nil, signal: signal.number, in: folder)
      if !atRecord { duration *= completed ? 0.9 : 1.1 }
      let (count, problem) = try Self.check(journal.path)
      #expect(problem == nil, "round \(round) (\(signal.name)): \(String(describing: problem))")
      #expect(count == Self.baseEntries || count == grown, "round \(round): \(count ?? -1) entries")
      let (retry, _) = try Self.runToEnd(arguments(journal), in: folder)
      #expect(retry.status == 0, "round \(round): \(retry.stderr)")
      let (after, again) = try Self.check(journal.path)
      #expect(again == nil && after == grown, "round \(round) after the retry: \(after ?? -1) entries")
    }
  }
}
