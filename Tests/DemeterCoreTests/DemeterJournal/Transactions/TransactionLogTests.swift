import Foundation
import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// `JournalTransaction` and its `TransactionLog` (manual: writing): a commit lands whole, and a record a
/// killed writer left is rolled forward or back by the next writer or reader, once, whatever state
/// the kill left.
@Suite struct TransactionLogTests {
  static let days = ["2026-11-20.jsonl", "2026-11-21.jsonl", "2026-11-22.jsonl"]

  /// A journal with one entry in each of `days`.
  static func journal() -> TemporaryJournal {
    let journal = TemporaryJournal()
    for (index, name) in days.enumerated() {
      journal.write(
        name,
        lines: [
          EntryLine(
            id: "00000000-0000-4000-8000-00000000000\(index)",
            timestamp: "\(name.prefix(10))T08:15:00-05:00"
          ).text
        ])
    }
    return journal
  }

  /// A second line for each day file: the new contents a transaction stages.
  static func newContents(of journal: TemporaryJournal) -> [String: [UInt8]] {
    var contents: [String: [UInt8]] = [:]
    for (index, name) in days.enumerated() {
      let old = (try? FileBytes.read(journal.url(name), limit: .dayFile)) ?? []
      let line = EntryLine(
        id: "00000000-0000-4000-8000-00000000010\(index)", timestamp: "\(name.prefix(10))T12:00:00-05:00")
      contents[name] = old + Array((line.text + "\n").utf8)
    }
    return contents
  }

  /// Stages `contents` and writes their record, as a writer killed just after that would leave them.
  static func stageAndRecord(_ contents: [String: [UInt8]], in journal: TemporaryJournal) throws
    -> TransactionLog
  {
    var renames: [TransactionLog.Rename] = []
    for name in days {
      let bytes = contents[name]!
      let staged = try AtomicFileWriter.stage(bytes, for: journal.url(name))
      renames.append(
        TransactionLog.Rename(
          staged: staged, final: journal.url(name), size: bytes.count, hash: ContentHash.hash(bytes)))
    }
    let log = TransactionLog(renames: renames)
    try log.write(journal: journal.path)
    return log
  }

  static func files(of journal: TemporaryJournal) -> [String: [UInt8]] {
    Dictionary(
      uniqueKeysWithValues: days.map { ($0, (try? FileBytes.read(journal.url($0), limit: .dayFile)) ?? []) })
  }

  /// Every hidden file left beside the day files (staged files).
  static func leftovers(in journal: TemporaryJournal) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: journal.path)) ?? []).filter {
      $0.hasPrefix(".") && $0 != ".demeter"
    }
  }

  @Test func aCommitReplacesEveryFileAndLeavesNoRecord() throws {
    let journal = Self.journal()
    let new = Self.newContents(of: journal)
    try JournalLock.withLock(journal: journal.path) { () throws(ModelError) in
      let transaction = JournalTransaction(journal: journal.path)
      for name in Self.days { try transaction.replace(journal.url(name), with: new[name]!) }
      try transaction.commit()
    }
    #expect(Self.files(of: journal) == new)
    #expect(!TransactionLog.isPending(journal: journal.path))
    #expect(Self.leftovers(in: journal).isEmpty)
    #expect(journal.load().table.count == 6)
  }

  @Test func aTransactionNotCommittedChangesNothing() throws {
    let journal = Self.journal()
    let old = Self.files(of: journal)
    try JournalLock.withLock(journal: journal.path) { () throws(ModelError) in
      let transaction = JournalTransaction(journal: journal.path)
      for (name, bytes) in Self.newContents(of: journal) {
        try transaction.replace(journal.url(name), with: bytes)
      }
    }
    #expect(Self.files(of: journal) == old)
    #expect(Self.leftovers(in: journal).isEmpty)
  }

  @Test func removingSeveralIDsIsOneTransactionAndAnUnknownIDRemovesNone() throws {
    let journal = Self.journal()
    let repository = FoodEntryRepository(journal: journal.path)
    let old = Self.files(of: journal)
    #expect(
      throws: ModelError.notFound(
        "entry with id 00000000-0000-4000-8000-000000000009 in journal '\(journal.path)'")
    ) {
      try repository.delete(ids: [
        "00000000-0000-4000-8000-000000000000", "00000000-0000-4000-8000-000000000009",
      ])
    }
    #expect(Self.files(of: journal) == old)
    try repository.delete(ids: [
      "00000000-0000-4000-8000-000000000000", "00000000-0000-4000-8000-000000000002",
    ])
    #expect(journal.load().table.ids.count == 1)
    #expect(Self.files(of: journal)[Self.days[1]] == old[Self.days[1]])
    #expect(!TransactionLog.isPending(journal: journal.path))
  }

  @Test func theNextWriterRollsARecordForward() throws {
    let journal = Self.journal()
    let new = Self.newContents(of: journal)
    let log = try Self.stageAndRecord(new, in: journal)
    // Killed after the first rename.
    #expect(rename(log.renames[0].staged, log.renames[0].final) == 0)
    try JournalLock(journal: journal.path).release()
    #expect(Self.files(of: journal) == new)
    #expect(!TransactionLog.isPending(journal: journal.path))
    #expect(Self.leftovers(in: journal).isEmpty)
  }

  @Test func theNextReaderRollsARecordForwardBeforeReading() throws {
    let journal = Self.journal()
    let new = Self.newContents(of: journal)
    let log = try Self.stageAndRecord(new, in: journal)
    #expect(rename(log.renames[1].staged, log.renames[1].final) == 0)
    let load = journal.load()
    #expect(load.diagnostics.isEmpty, "\(load.diagnostics)")
    #expect(load.table.count == 6)
    #expect(Self.files(of: journal) == new)
    #expect(!TransactionLog.isPending(journal: journal.path))
  }

  @Test func aRecordWithAStagedFileMissingAndNoRenameDoneIsRolledBack() throws {
    let journal = Self.journal()
    let old = Self.files(of: journal)
    let log = try Self.stageAndRecord(Self.newContents(of: journal), in: journal)
    #expect(unlink(log.renames[2].staged) == 0)
    #expect(try log.complete(journal: journal.path) == .rolledBack)
    #expect(Self.files(of: journal) == old)
    #expect(!TransactionLog.isPending(journal: journal.path))
    #expect(Self.leftovers(in: journal).isEmpty)
  }

  @Test func completingIsIdempotent() throws {
    let journal = Self.journal()
    let new = Self.newContents(of: journal)
    let log = try Self.stageAndRecord(new, in: journal)
    // A completion killed half-way: two renames done, the record still there.
    for step in log.renames.prefix(2) { #expect(rename(step.staged, step.final) == 0) }
    #expect(try log.complete(journal: journal.path) == .rolledForward)
    #expect(Self.files(of: journal) == new)
    // Completing again (the same record written back, every rename done) changes nothing.
    try log.write(journal: journal.path)
    #expect(try log.complete(journal: journal.path) == .rolledForward)
    #expect(try TransactionLog.complete(journal: journal.path) == nil)
    #expect(Self.files(of: journal) == new)
    #expect(!TransactionLog.isPending(journal: journal.path))
  }

  @Test func aGarbageRecordIsALocatedErrorForWritersAndReaders() throws {
    let journal = Self.journal()
    let old = Self.files(of: journal)
    let record = journal.write(".demeter/transaction", "{\"transaction\":1,\"renames\":[{\"staged\":")
    #expect(throws: (any Error).self) { try TransactionLog.read(journal: journal.path) }
    do {
      _ = try TransactionLog.read(journal: journal.path)
    } catch {
      #expect(error.location == SourceLocation(path: record, line: 1, column: 39))
    }
    do {
      try JournalLock(journal: journal.path).release()
      Issue.record("a writer went ahead with a garbage record")
    } catch {
      #expect(error.message.contains("\(record):1:39: error: not a whole transaction record"))
      #expect(error.message.contains("remove it to write again"))
    }
    let load = journal.load()
    #expect(load.table.count == 3)
    #expect(load.diagnostics.map(\.location.path) == [record])
    #expect(load.diagnostics.first?.message.contains("could not be completed here") == true)
    #expect(Self.files(of: journal) == old)
  }

  @Test func aRecordThatIsNotARecordIsLocatedAtItsValue() throws {
    let journal = Self.journal()
    let record = journal.write(
      ".demeter/transaction", "{\"transaction\":1,\n \"renames\":[{\"staged\":\"a\",\"final\":\"b\"}]}")
    do {
      _ = try TransactionLog.read(journal: journal.path)
      Issue.record("read a record without sizes")
    } catch {
      #expect(error.location == SourceLocation(path: record, line: 2, column: 12))
      #expect(error.message.contains("\"size\""))
    }
  }

  @Test func aReaderThatCannotCompleteARecordReadsWithAMessage() throws {
    let journal = Self.journal()
    let log = try Self.stageAndRecord(Self.newContents(of: journal), in: journal)
    #expect(rename(log.renames[0].staged, log.renames[0].final) == 0)
    // The writers' lock cannot be taken (as in a read-only journal; a folder in its place stops root too).
    #expect(unlink(journal.url(".demeter/lock")) == 0 || errno == ENOENT)
    journal.makeFolder(".demeter/lock")
    let load = journal.load()
    #expect(load.table.count == 4)
    #expect(load.diagnostics.count == 1)
    #expect(load.diagnostics.first?.location.path == TransactionLog.path(journal: journal.path))
    #expect(load.diagnostics.first?.message.contains("fmt --check") == true)
    #expect(TransactionLog.isPending(journal: journal.path))
  }

  @Test func recordedPathsAreRelativeToTheJournal() throws {
    let journal = Self.journal()
    let rename = TransactionLog.Rename(
      staged: journal.url(".2026-11-21.jsonl.tmp"), final: journal.url("2026-11-21.jsonl"), size: 3,
      hash: 0xAB)
    let outside = TransactionLog.Rename(
      staged: "/elsewhere/.x.jsonl.tmp", final: "/elsewhere/x.jsonl", size: 0, hash: 1)
    let log = TransactionLog(renames: [rename, outside])
    let text = String(decoding: log.encoded(journal: journal.path), as: UTF8.self)
    #expect(text.contains("\"final\":\"2026-11-21.jsonl\""))
    #expect(text.contains("\"hash\":\"00000000000000ab\""))
    #expect(
      try TransactionLog.decode(log.encoded(journal: journal.path), path: "t", journal: journal.path + "/")
        == log)
  }
}
