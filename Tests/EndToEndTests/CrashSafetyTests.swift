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

/// SIGKILL at random moments of `add`, `edit`, `fmt` and report writing (manual: writing, reliability). After every
/// kill the journal parses without an error, every entry whose `add` (or `edit`) was acknowledged
/// (exit 0) is there with its value, a killed `add` left all of its batch or none, every day file a
/// killed `fmt` touched is the old one or the formatted one, and the report file is the previous one
/// or the new one, whole.
@Suite(.tags(.slow), .slowSuite) struct CrashSafetyTests {
  /// A kind of write that gets killed.
  enum Operation: String, CaseIterable {
    case add, edit, fmt, report
  }

  /// What the journal may hold: for each id written, the calories values it may have.
  struct Expectation {
    /// Ids whose `add` was acknowledged, with the calories they may have (two values while a killed
    /// `edit` may or may not have landed).
    var acknowledged: [String: Set<Int>] = [:]
    /// Batches of killed `add`s: each one is in the journal whole or not at all.
    var unacknowledged: [[String: Int]] = []
  }

  static let killsPerOperation = 25
  static let days = [20, 21, 22]

  /// The journal's entries by id with their calories; records an issue for any problem.
  static func entries(of journal: URL) throws -> [String: Int] {
    let load = JournalEntries.read(
      journal.path, options: JournalLoadOptions(collectWarnings: true, threads: 1))
    #expect(load.diagnostics.isEmpty, "\(load.diagnostics)")
    var entries: [String: Int] = [:]
    for entry in load.entries {
      entries[entry.row.id] = Int(entry.row.calories.billionths / 1_000_000_000)
    }
    #expect(entries.count == load.entries.count, "an id is in the journal twice")
    return entries
  }

  /// Checks `journal` against `expected`, then narrows `expected` to what is there (a batch or an
  /// edit that landed is now acknowledged).
  static func verify(_ journal: URL, against expected: inout Expectation, after what: String) throws {
    let entries = try entries(of: journal)
    for (id, allowed) in expected.acknowledged {
      let calories = entries[id]
      #expect(
        calories.map(allowed.contains) == true,
        "after \(what): \(id) has \(calories.map(String.init) ?? "nothing")")
      if let calories { expected.acknowledged[id] = [calories] }
    }
    for batch in expected.unacknowledged {
      let landed = batch.filter { entries[$0.key] == $0.value }
      #expect(landed.isEmpty || landed.count == batch.count, "after \(what): \(landed.count) of a batch")
      if landed.count == batch.count { acknowledge(batch, in: &expected) }
    }
    expected.unacknowledged.removeAll()
    let known = Set(expected.acknowledged.keys)
    #expect(entries.keys.allSatisfy(known.contains), "after \(what): entries nobody wrote")
  }

  /// Runs the tool to the end; returns whether it exited with 0, and how long it took.
  static func runToEnd(_ arguments: [String], input: String = "", in folder: URL) throws -> (Bool, Duration) {
    let clock = ContinuousClock()
    let start = clock.now
    let (process, _, errURL) = try WritingTests.start(arguments, input: input, in: folder)
    process.waitUntilExit()
    let ok = process.terminationReason == .exit && process.terminationStatus == 0
    #expect(ok, "\(arguments): \((try? String(contentsOf: errURL, encoding: .utf8)) ?? "")")
    return (ok, clock.now - start)
  }

  /// Starts the tool and SIGKILLs it after `delay`; returns whether it had already exited with 0.
  static func runKilled(
    _ arguments: [String], input: String = "", after delay: Duration, in folder: URL
  ) throws -> Bool {
    let (process, _, _) = try WritingTests.start(arguments, input: input, in: folder)
    let microseconds = delay.components.seconds * 1_000_000 + delay.components.attoseconds / 1_000_000_000_000
    usleep(UInt32(microseconds))
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    return process.terminationReason == .exit && process.terminationStatus == 0
  }

  /// A batch of `count` new entries for one day, in random order of time: their ids and calories,
  /// and their lines.
  static func batch(
    _ round: Int, count: Int, random: inout SplitMix64
  ) -> (entries: [String: Int], text: String) {
    let day = days.randomElement(using: &random)!
    var entries: [String: Int] = [:]
    var lines: [String] = []
    for index in 0..<count {
      let id = WritingTests.id(1000 + round, index)
      let calories = Int.random(in: 1...900, using: &random)
      entries[id] = calories
      lines.append(
        WritingTests.line(
          id, day: day, hour: Int.random(in: 0..<24, using: &random), calories: String(calories)))
    }
    return (entries, lines.joined(separator: "\n") + "\n")
  }

  /// Records `entries` as acknowledged.
  static func acknowledge(_ entries: [String: Int], in expected: inout Expectation) {
    for (id, calories) in entries { expected.acknowledged[id] = [calories] }
  }

  @Test func killedWritersLoseNoAcknowledgedEntry() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let journal = folder.appendingPathComponent("journal")
    let report = folder.appendingPathComponent("report.html").path
    let freshReport = folder.appendingPathComponent("fresh.html").path
    try FileManager.default.createDirectory(at: journal, withIntermediateDirectories: true)
    let journalOption = ["--journal", journal.path]
    let reportArguments = ["week", "--today", "2026-11-22", "-f", "html", "-q", "--no-cache"] + journalOption

    var random = SplitMix64(seed: 2026)
    var expected = Expectation()
    // Big day files, so that rewriting one takes a while, and a first run of each operation to
    // learn how long it takes (the kills land anywhere from before the start to after the end).
    var durations: [Operation: Duration] = [:]
    for round in 0..<3 {
      let (entries, text) = Self.batch(round, count: 300, random: &random)
      let (ok, took) = try Self.runToEnd(["add", "-q", "-"] + journalOption, input: text, in: folder)
      if ok { Self.acknowledge(entries, in: &expected) }
      durations[.add] = took
    }
    try Self.verify(journal, against: &expected, after: "the first adds")
    let someID = try #require(expected.acknowledged.keys.min())
    durations[.edit] = try Self.runToEnd(["edit", someID, "--calories", "77"] + journalOption, in: folder).1
    expected.acknowledged[someID] = [77]
    durations[.fmt] = try Self.runToEnd(["fmt", "-q"] + journalOption, in: folder).1
    durations[.report] = try Self.runToEnd(reportArguments + ["-o", report], in: folder).1

    var kills: [Operation: Int] = [:]
    var finished: [Operation: Int] = [:]
    for round in 3..<(3 + Self.killsPerOperation * Operation.allCases.count) {
      let operation = Operation.allCases[round % Operation.allCases.count]
      // The window adapts: shorter after a run that finished, longer after one that was killed.
      let delay = durations[operation]! * (1.5 * Double.random(in: 0..<1, using: &random))
      var completed = false
      switch operation {
      case .add:
        let (entries, text) = Self.batch(round, count: 100, random: &random)
        completed = try Self.runKilled(
          ["add", "-q", "-"] + journalOption, input: text, after: delay, in: folder)
        if completed {
          Self.acknowledge(entries, in: &expected)
        } else {
          expected.unacknowledged.append(entries)
        }
      case .edit:
        let id = expected.acknowledged.keys.sorted().randomElement(using: &random)!
        let calories = Int.random(in: 1000...1999, using: &random)
        completed = try Self.runKilled(
          ["edit", id, "--calories", String(calories), "-q"] + journalOption, after: delay, in: folder)
        expected.acknowledged[id] = completed ? [calories] : expected.acknowledged[id]!.union([calories])
      case .fmt:
        // An add first, so that there is something to sort.
        let (entries, text) = Self.batch(round, count: 30, random: &random)
        if try Self.runToEnd(["add", "-q", "-"] + journalOption, input: text, in: folder).0 {
          Self.acknowledge(entries, in: &expected)
        }
        try Self.verify(journal, against: &expected, after: "an add before fmt")
        let before = try WritingTests.snapshot(journal).filter { $0.key.hasSuffix(".jsonl") }
        completed = try Self.runKilled(["fmt", "-q"] + journalOption, after: delay, in: folder)
        for (name, old) in before {
          let formatted = DayFileFormatter.format(DayFileContents(path: name, bytes: Array(old))).map {
            Data($0)
          }
          let now = try Data(contentsOf: journal.appendingPathComponent(name))
          #expect(
            now == old || now == formatted,
            "round \(round): \(name) is neither the old nor the formatted file")
        }
      case .report:
        let old = try Data(contentsOf: URL(fileURLWithPath: report))
        _ = try Self.runToEnd(reportArguments + ["-o", freshReport], in: folder)
        let new = try Data(contentsOf: URL(fileURLWithPath: freshReport))
        completed = try Self.runKilled(reportArguments + ["-o", report], after: delay, in: folder)
        let now = try Data(contentsOf: URL(fileURLWithPath: report))
        #expect(now == old || now == new, "round \(round): the report is neither the old nor the new one")
        if completed { #expect(now == new) }
      }
      durations[operation]! = durations[operation]! * (completed ? 0.8 : 1.1)
      kills[operation, default: 0] += completed ? 0 : 1
      finished[operation, default: 0] += completed ? 1 : 0
      try Self.verify(
        journal, against: &expected, after: "round \(round) (\(operation), killed: \(!completed))")
    }
    for operation in Operation.allCases {
      #expect(kills[operation, default: 0] > 0, "\(operation): \(kills)")
    }
    let check = try ToolRun.run(["check"] + journalOption, environment: WritingTests.environment)
    #expect(check.status == 0, "\(check.stderr)")
    let killed = Operation.allCases.map { "\($0.rawValue) \(kills[$0, default: 0])" }.joined(separator: ", ")
    print(
      "crash safety: \(kills.values.reduce(0, +)) of "
        + "\(kills.values.reduce(0, +) + finished.values.reduce(0, +)) "
        + "runs killed (\(killed)); \(expected.acknowledged.count) acknowledged entries, all present")
  }
}
