import Foundation
import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// `FoodEntryRepository`, `DailyTotalRepository` and `DayFileWriter` over a temporary journal.
@Suite struct WritingRepositoryTests {
  private func entry(
    _ id: String, _ timestamp: String = "2026-11-21T08:15:00-05:00", calories: Double = 100
  ) throws -> FoodEntry {
    try FoodEntry(
      id: id, timestamp: try Timestamp.parse(timestamp).get(), rawDescription: "", foodName: "toast",
      quantity: 1, unit: "slice", calories: calories, protein: 3, carbohydrates: 15, fat: 1, confidence: 1)
  }

  private func contents(_ path: String) -> [UInt8] {
    (try? FileBytes.read(path, limit: .dayFile)) ?? []
  }

  /// The file's lines split at each `\n` byte (a `\r` stays at the end of its line).
  private func lineTexts(_ path: String) -> [String] {
    contents(path).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
      String(decoding: $0, as: UTF8.self)
    }
  }

  @Test func createFetchUpdateDelete() throws {
    let journal = TemporaryJournal()
    let repository = FoodEntryRepository(journal: journal.path)
    let first = try entry("00000000-0000-4000-8000-000000000001")
    let second = try entry("00000000-0000-4000-8000-000000000002", "2026-11-22T09:00:00Z", calories: 250)
    try repository.create(first)
    try repository.create(second)
    #expect(FileManager.default.fileExists(atPath: journal.url("2026-11-21.jsonl")))
    #expect(FileManager.default.fileExists(atPath: journal.url(".demeter/lock")))
    #expect(try repository.fetch(id: first.id.uppercased()) == first)
    #expect(try repository.fetch(for: CivilDate(year: 2026, month: 11, day: 22)!) == [second])
    #expect(try repository.fetchToday(today: CivilDate(year: 2026, month: 11, day: 21)!) == [first])
    #expect(throws: ModelError.duplicateEntry(first.id)) { try repository.create(first) }

    var changed = second
    changed.calories = 300
    try repository.update(changed)
    #expect(try repository.fetch(id: second.id)?.calories == 300)
    #expect(throws: ModelError.self) {
      try repository.update(try entry("00000000-0000-4000-8000-000000000009"))
    }
    changed.quantity = 0
    #expect(throws: ModelError.self) { try repository.update(changed) }

    try repository.delete(id: first.id)
    #expect(try repository.fetch(id: first.id) == nil)
    #expect(throws: ModelError.self) { try repository.delete(id: first.id) }
    #expect(try repository.deleteAll(for: CivilDate(year: 2026, month: 11, day: 22)!) == 1)
    #expect(try repository.fetch(id: second.id) == nil)
    #expect(journal.load().errorCount == 0)
  }

  @Test func dailyTotals() throws {
    let journal = TemporaryJournal()
    let entries = FoodEntryRepository(journal: journal.path)
    try entries.create(try entry("00000000-0000-4000-8000-000000000001", calories: 100))
    try entries.create(
      try entry("00000000-0000-4000-8000-000000000002", "2026-11-21T12:00:00-05:00", calories: 50.5))
    try entries.create(try entry("00000000-0000-4000-8000-000000000003", "2026-11-23T12:00:00Z"))
    let totals = DailyTotalRepository(journal: journal.path)
    let day = CivilDate(year: 2026, month: 11, day: 21)!
    #expect(try totals.fetch(for: day)?.totalCalories == 150.5)
    #expect(try totals.fetch(for: day.adding(days: 1)) == nil)
    #expect(try totals.getOrCreate(for: day.adding(days: 1)).hasEntries == false)
    let week = try totals.fetch(in: Period(first: day, last: day.adding(days: 6)))
    #expect(week.map(\.dateString) == ["2026-11-21", "2026-11-23"])
  }

  @Test func appendEndsAPartialLastLineFirstAndKeepsOldBytes() throws {
    let journal = TemporaryJournal()
    let old =
      "\u{FEFF}" + EntryLine(id: "00000000-0000-4000-8000-000000000001").text + "\r\n\n"
      + EntryLine(id: "00000000-0000-4000-8000-000000000002").text
    let path = journal.write("2026/2026-11-21.jsonl", old)
    let added = try entry("00000000-0000-4000-8000-000000000003")
    try FoodEntryRepository(journal: journal.path).create(added)
    #expect(contents(path) == Array((old + "\n" + EntryLineEncoder.line(for: added) + "\n").utf8))
    #expect(journal.load().table.count == 3)
  }

  @Test func newDayFilesFollowTheJournalLayout() {
    let date = CivilDate(year: 2027, month: 1, day: 2)!
    let writer = DayFileWriter(journal: "/j")
    func file(_ path: String) -> DayFile {
      DayFile(path: path, date: DayFileFinder.date(fromFileName: String(path.split(separator: "/").last!)))
    }
    #expect(writer.dayFilePath(for: date, existing: []) == "/j/2027-01-02.jsonl")
    #expect(
      writer.dayFilePath(for: date, existing: [file("/j/2026/2026-12-31.jsonl")])
        == "/j/2027/2027-01-02.jsonl")
    #expect(
      writer.dayFilePath(for: date, existing: [file("/j/2026/12/2026-12-31.jsonl")])
        == "/j/2027/01/2027-01-02.jsonl")
    #expect(
      writer.dayFilePath(for: date, existing: [file("/j/old/2027-01-02.jsonl")]) == "/j/old/2027-01-02.jsonl")
  }

  @Test func updateAndDeleteKeepOtherLinesByteIdentical() throws {
    let journal = TemporaryJournal()
    let lines = [
      EntryLine(id: "00000000-0000-4000-8000-000000000001").setting("fat", "13.40").text + "\r",
      EntryLine(id: "00000000-0000-4000-8000-000000000002").setting("mystery", "[1, 2]").text,
      "",
      EntryLine(id: "00000000-0000-4000-8000-000000000003").text,
    ]
    let path = journal.write("2026-11-21.jsonl", lines: lines)
    let repository = FoodEntryRepository(journal: journal.path)
    try repository.update(id: "00000000-0000-4000-8000-000000000002") { $0.calories = 1 }
    var after = lineTexts(path)
    #expect(after.count == 5)
    #expect(after[0] == lines[0] && after[2] == lines[2] && after[3] == lines[3])
    #expect(after[1].contains(#""calories":1,"#) && after[1].hasSuffix(#","mystery":[1,2]}"#))
    try repository.delete(id: "00000000-0000-4000-8000-000000000001")
    after = lineTexts(path)
    #expect(after.count == 4 && after[1] == lines[2] && after[2] == lines[3])
  }
}

/// `JournalLock`: one holder at a time, across threads of one process as across processes.
@Suite struct WritingLockTests {
  @Test func secondHolderWaitsForTheFirst() throws {
    let journal = TemporaryJournal()
    let events = EventLog()
    let first = try JournalLock(journal: journal.path)
    let done = DispatchSemaphore(value: 0)
    let path = journal.path
    Thread.detachNewThread {
      let second = try? JournalLock(journal: path)
      events.append("second acquired")
      second?.release()
      done.signal()
    }
    events.append("first releasing")
    first.release()
    done.wait()
    #expect(events.all == ["first releasing", "second acquired"])
    #expect(FileManager.default.fileExists(atPath: journal.url(".demeter/lock")))
  }

  /// The holder's process id is in the lock file while it holds the lock (`flock` does not say).
  @Test func holderWritesItsProcessIDIntoTheLockFile() throws {
    let journal = TemporaryJournal()
    let lock = try JournalLock(journal: journal.path)
    #expect(try String(contentsOfFile: lock.path, encoding: .utf8) == "\(getpid())\n")
    lock.release()
    #expect(try String(contentsOfFile: lock.path, encoding: .utf8) == "")
  }

  /// A waiter says whom it waits for after a second, and gives up at its time limit.
  @Test func waiterReportsTheHolderThenGivesUp() throws {
    let journal = TemporaryJournal()
    let holder = try JournalLock(journal: journal.path)
    defer { holder.release() }
    let events = EventLog()
    let waiting = JournalLock.Waiting(timeout: TimeLimit(seconds: 1.5)) { pid in
      events.append("waiting for \(pid.map(String.init) ?? "nil")")
    }
    #expect(
      throws: ModelError.persistenceError(
        "the journal lock '\(holder.path)' is still held by PID \(getpid()) after waiting 1.5 s; try again "
          + "when "
          + "that write is done, or wait longer with --lock-timeout SECONDS")
    ) {
      try JournalLock(journal: journal.path, waiting: waiting)
    }
    #expect(events.all == ["waiting for \(getpid())"])
    // The waiter left the holder's record alone.
    #expect(try String(contentsOfFile: holder.path, encoding: .utf8) == "\(getpid())\n")
  }

  /// With no time to wait, one try; nobody is told about a wait.
  @Test func zeroTimeoutTriesOnce() throws {
    let journal = TemporaryJournal()
    let holder = try JournalLock(journal: journal.path)
    let events = EventLog()
    let waiting = JournalLock.Waiting(timeout: TimeLimit(seconds: 0)) { _ in events.append("waiting") }
    #expect(throws: ModelError.self) { try JournalLock(journal: journal.path, waiting: waiting) }
    holder.release()
    let taken = try JournalLock(journal: journal.path, waiting: waiting)
    taken.release()
    #expect(events.all == [])
  }
}

private final class EventLog: @unchecked Sendable {
  private let lock = NSLock()
  private var events: [String] = []

  func append(_ event: String) { lock.withLock { events.append(event) } }
  var all: [String] { lock.withLock { events } }
}
