import Foundation
import Testing

@testable import DemeterCore

/// The journal's parse cache: the same load with and without it, each way a day file can change, and
/// every way its entries can go bad.
@Suite struct JournalCacheTests {
  static let cached = JournalLoadOptions(cache: .journalFolder(toolVersion: "test"))

  // MARK: - Helpers

  /// Sets the modification time of `path` to `seconds` seconds ago (nanoseconds kept).
  static func setModified(_ path: String, secondsAgo seconds: Int64, nanoseconds: Int = 123_456_789) {
    let now = FileStatus.now() / 1_000_000_000
    var times = [
      timespec(tv_sec: Int(now - seconds), tv_nsec: nanoseconds),
      timespec(tv_sec: Int(now - seconds), tv_nsec: nanoseconds),
    ]
    #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
  }

  /// Makes every day file of `journal` look an hour old, so entries written now are not racy.
  static func age(_ journal: TemporaryJournal) {
    for file in DayFileFinder.find(in: journal.path).files {
      setModified(file.path, secondsAgo: 3600)
    }
  }

  static func cache(_ journal: TemporaryJournal, _ options: JournalLoadOptions = cached) -> JournalCache {
    JournalCache(journal: journal.path, options: options)!
  }

  /// How each day file of the journal is obtained through a fresh cache value (as a new run would).
  static func outcomes(_ journal: TemporaryJournal, _ options: JournalLoadOptions = cached)
    -> [JournalCache.Outcome]
  {
    let cache = cache(journal, options)
    let parser = DayFileParser(options: options)
    return DayFileFinder.find(in: journal.path).files.map { cache.lookUp($0, with: parser).outcome }
  }

  static func expectSame(
    _ load: JournalLoad, _ reference: JournalLoad, _ comment: Comment? = nil,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    #expect(load.diagnostics == reference.diagnostics, comment, sourceLocation: sourceLocation)
    #expect(
      JournalDeterminismTests.TableSnapshot(load.table)
        == JournalDeterminismTests.TableSnapshot(reference.table),
      comment, sourceLocation: sourceLocation)
    #expect(load.skippedLines == reference.skippedLines, comment, sourceLocation: sourceLocation)
    #expect(load.fileCount == reference.fileCount, comment, sourceLocation: sourceLocation)
  }

  static func entryNames(_ journal: TemporaryJournal) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: journal.url(".demeter/cache"))) ?? [])
      .filter { JournalCache.isEntryName($0) }.sorted()
  }

  static func entryPath(_ journal: TemporaryJournal, _ relative: String) -> String {
    journal.url(".demeter/cache/" + JournalCache.entryName(relative))
  }

  static func twoDays() -> TemporaryJournal {
    let journal = TemporaryJournal()
    journal.write("2026/2026-11-21.jsonl", lines: [EntryLine().text])
    journal.write(
      "2026/2026-11-22.jsonl",
      lines: [
        EntryLine(id: "7f0c9a52-3c1e-4a57-9a52-0d7f1d0e7b12", timestamp: "2026-11-22T12:00:00Z").text,
        "{broken",
      ])
    age(journal)
    return journal
  }

  // MARK: - Same result

  @Test(arguments: [false, true])
  func coldAndWarmLoadsEqualAnUncachedOne(checking: Bool) {
    let journal = JournalDeterminismTests.troubledJournal()
    Self.age(journal)
    var options = JournalLoadOptions(collectWarnings: checking, reportUnknownKeys: checking, threads: 3)
    let reference = journal.load(options)
    #expect(reference.errorCount >= 6)
    options.cache = Self.cached.cache
    Self.expectSame(journal.load(options), reference, "cold")
    #expect(Self.outcomes(journal, options).allSatisfy { $0 == .reused })
    Self.expectSame(journal.load(options), reference, "warm")
    #expect(Self.entryNames(journal).count == reference.fileCount)
  }

  /// Racy entries (day files modified just now) are checked by hash, and give the same result.
  @Test func freshFilesAreVerifiedByHash() {
    let journal = JournalDeterminismTests.troubledJournal()
    let reference = journal.load()
    Self.expectSame(journal.load(Self.cached), reference, "cold")
    #expect(Self.outcomes(journal).allSatisfy { $0 == .verified })
    Self.expectSame(journal.load(Self.cached), reference, "warm")
  }

  /// The journal named another way (`./`, a trailing slash) reuses the entries, with its own paths.
  @Test func journalSpelledDifferentlyReusesEntries() {
    let journal = Self.twoDays()
    _ = journal.load(Self.cached)
    let folder = journal.path.split(separator: "/").last.map(String.init)!
    let parent = String(journal.path.dropLast(folder.count))
    for spelling in [journal.path + "/", parent + "./" + folder, parent + folder + "//"] {
      let cache = JournalCache(journal: spelling, options: Self.cached)!
      let parser = DayFileParser(options: Self.cached)
      for file in DayFileFinder.find(in: spelling).files {
        #expect(cache.lookUp(file, with: parser).outcome == .reused, "\(spelling)")
      }
      Self.expectSame(
        JournalLoader.load(journal: spelling, options: Self.cached), JournalLoader.load(journal: spelling),
        "\(spelling)")
    }
  }

  // MARK: - Changes to day files

  @Test func sameSizeNewContentIsParsedAgain() throws {
    let journal = Self.twoDays()
    _ = journal.load(Self.cached)
    let path = journal.url("2026/2026-11-21.jsonl")
    let before = try String(contentsOfFile: path, encoding: .utf8)
    let after = before.replacingOccurrences(of: "\"calories\":182", with: "\"calories\":183")
    #expect(after.utf8.count == before.utf8.count && after != before)
    journal.write("2026/2026-11-21.jsonl", after)
    Self.setModified(path, secondsAgo: 1800)
    #expect(Self.outcomes(journal) == [.parsed, .reused])
    let load = journal.load(Self.cached)
    Self.expectSame(load, journal.load())
    #expect(load.table.calories.contains(183_000_000_000))
  }

  /// An edit within the racy window that keeps size and time (a coarse clock) is still seen.
  @Test func racyEditWithTheSameTimeIsSeen() throws {
    let journal = TemporaryJournal()
    let path = journal.write("2026-11-21.jsonl", lines: [EntryLine().text])
    Self.setModified(path, secondsAgo: 0, nanoseconds: 0)
    let time = try #require(FileStatus.of(path)).modified
    _ = journal.load(Self.cached)
    journal.write("2026-11-21.jsonl", lines: [EntryLine(calories: "183").text])
    var times = [
      timespec(tv_sec: Int(time / 1_000_000_000), tv_nsec: 0),
      timespec(tv_sec: Int(time / 1_000_000_000), tv_nsec: 0),
    ]
    #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
    #expect(FileStatus.of(path)?.modified == time)
    #expect(Self.outcomes(journal) == [.parsed])
    #expect(journal.load(Self.cached).table.calories == [183_000_000_000])
  }

  @Test func otherSizeIsParsedAgain() {
    let journal = Self.twoDays()
    _ = journal.load(Self.cached)
    journal.write(
      "2026/2026-11-22.jsonl", lines: [EntryLine(id: "7f0c9a52-3c1e-4a57-9a52-0d7f1d0e7b12").text])
    Self.setModified(journal.url("2026/2026-11-22.jsonl"), secondsAgo: 3600)
    #expect(Self.outcomes(journal) == [.reused, .parsed])
    let load = journal.load(Self.cached)
    Self.expectSame(load, journal.load())
    #expect(load.skippedLines == 0)
  }

  /// `touch` (or `git checkout`): the hash proves the content unchanged; the entry gets the new time.
  @Test func touchedFileIsVerifiedThenReused() {
    let journal = Self.twoDays()
    _ = journal.load(Self.cached)
    Self.setModified(journal.url("2026/2026-11-21.jsonl"), secondsAgo: 600)
    #expect(Self.outcomes(journal) == [.verified, .reused])
    #expect(Self.outcomes(journal) == [.reused, .reused])
    Self.expectSame(journal.load(Self.cached), journal.load())
  }

  @Test func deletedAndAddedFiles() {
    let journal = Self.twoDays()
    _ = journal.load(Self.cached)
    #expect(Self.entryNames(journal).count == 2)
    try? FileManager.default.removeItem(atPath: journal.url("2026/2026-11-22.jsonl"))
    journal.write(
      "2026/11/2026-11-23.jsonl", lines: [EntryLine(id: "8f0c9a52-3c1e-4a57-9a52-0d7f1d0e7b13").text])
    let load = journal.load(Self.cached)
    Self.expectSame(load, journal.load())
    #expect(load.table.count == 2)
    #expect(
      Self.entryNames(journal)
        == ["2026/2026-11-21.jsonl", "2026/11/2026-11-23.jsonl"].map(JournalCache.entryName).sorted())
  }

  // MARK: - Bad entries

  @Test(arguments: [
    "truncate", "flip", "garbage", "empty", "other file", "other options", "other tool", "folder",
  ])
  func badEntryIsIgnoredAndRewritten(damage: String) throws {
    let journal = Self.twoDays()
    let reference = journal.load()
    _ = journal.load(Self.cached)
    let entry = Self.entryPath(journal, "2026/2026-11-22.jsonl")
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: entry)))
    switch damage {
    case "truncate": bytes.removeLast(bytes.count / 3)
    case "flip": bytes[bytes.count / 2] ^= 0x10
    case "garbage": bytes = Array(repeating: 0x5A, count: bytes.count)
    case "empty": bytes = []
    case "other file":
      bytes = [UInt8](
        try Data(contentsOf: URL(fileURLWithPath: Self.entryPath(journal, "2026/2026-11-21.jsonl"))))
    case "other options":
      let other = JournalLoadOptions(timeZone: .fixedOffset(seconds: 3600), cache: Self.cached.cache)
      try FileManager.default.removeItem(atPath: entry)
      _ = journal.load(other)
      bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: entry)))
    case "other tool":
      try FileManager.default.removeItem(atPath: entry)
      _ = journal.load(JournalLoadOptions(cache: .journalFolder(toolVersion: "other")))
      bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: entry)))
    default:
      try FileManager.default.removeItem(atPath: entry)
      try FileManager.default.createDirectory(atPath: entry, withIntermediateDirectories: false)
    }
    if damage != "folder" { try Data(bytes).write(to: URL(fileURLWithPath: entry)) }
    // A load under other settings rewrote both entries (one entry per day file).
    let otherRun = damage == "other options" || damage == "other tool"
    #expect(Self.outcomes(journal) == [otherRun ? .parsed : .reused, .parsed])
    Self.expectSame(journal.load(Self.cached), reference, "\(damage)")
    if damage != "folder" {
      #expect(Self.outcomes(journal) == [.reused, .reused], "the entry was rewritten")
    }
  }

  /// An entry made under other settings is never used for these.
  @Test func otherOptionsDoNotReuseEntries() {
    let journal = TemporaryJournal()
    journal.write("2026-11-21.jsonl", lines: [EntryLine(timestamp: "2026-11-21T23:30:00-05:00").text])
    Self.age(journal)
    _ = journal.load(Self.cached)
    for zone in [TimeZoneRule.fixedOffset(seconds: 0), .fixedOffset(seconds: 3600), .named("Asia/Tokyo")] {
      var options = Self.cached
      options.timeZone = zone
      #expect(Self.outcomes(journal, options) == [.parsed], "\(zone)")
      Self.expectSame(journal.load(options), journal.load(JournalLoadOptions(timeZone: zone)), "\(zone)")
    }
    var warnings = Self.cached
    warnings.collectWarnings = true
    #expect(Self.outcomes(journal, warnings) == [.parsed])
  }

  @Test func fingerprintCoversEverySetting() {
    let base = JournalLoadOptions()
    func fingerprint(_ change: (inout JournalLoadOptions) -> Void, tool: String = "1") -> UInt64 {
      var options = base
      change(&options)
      return CacheFingerprint.make(options: options, toolVersion: tool)
    }
    let reference = fingerprint { _ in }
    #expect(fingerprint { $0.threads = 7 } == reference)
    #expect(fingerprint({ _ in }, tool: "2") != reference)
    let changed = [
      fingerprint { $0.timeZone = .fixedOffset(seconds: 0) }, fingerprint { $0.timeZone = .named("UTC") },
      fingerprint { $0.timeZone = .named("Europe/Berlin") }, fingerprint { $0.timeZone = .local },
      fingerprint { $0.collectWarnings = true }, fingerprint { $0.reportUnknownKeys = true },
      fingerprint { $0.limits.maxDepth = 10 }, fingerprint { $0.limits.maxStringBytes = 10 },
      fingerprint { $0.limits.maxInputBytes = 10 },
    ]
    #expect(Set(changed + [reference]).count == changed.count + 1)
  }

  @Test func racyRule() {
    var key = DayFileCacheKey(relativePath: "a", size: 10, modified: 0, contentHash: 1, readAt: 5_000_000_000)
    #expect(!key.isRacy)
    #expect(key.provesUnchanged(FileStatus(size: 10, modified: 0)))
    #expect(!key.provesUnchanged(FileStatus(size: 11, modified: 0)))
    #expect(!key.provesUnchanged(FileStatus(size: 10, modified: 1)))
    key.readAt = 1_999_999_999
    #expect(key.isRacy)
    #expect(!key.provesUnchanged(FileStatus(size: 10, modified: 0)))
    key.readAt = -1
    #expect(key.isRacy)
  }

  // MARK: - Writing the cache

  /// A cache folder that cannot be made (here `.demeter` is a file) costs nothing but the speed-up.
  @Test func unwritableCacheStillLoads() throws {
    let journal = Self.twoDays()
    journal.write(".demeter", "not a folder")
    let reference = journal.load()
    #expect(!Self.cache(journal).canWrite)
    Self.expectSame(journal.load(Self.cached), reference)
    Self.expectSame(journal.load(Self.cached), reference)
    #expect(Self.outcomes(journal) == [.parsed, .parsed])
  }

  /// A journal the process may not write to (checked when not running as root, who may write anyway).
  @Test func readOnlyJournalStillLoads() throws {
    let journal = Self.twoDays()
    let reference = journal.load()
    #expect(chmod(journal.path, 0o555) == 0)
    defer { chmod(journal.path, 0o755) }
    Self.expectSame(journal.load(Self.cached), reference)
    if getuid() != 0 {
      #expect(!FileManager.default.fileExists(atPath: journal.url(".demeter")))
    }
  }

  @Test func cacheFolderIgnoresItself() throws {
    let journal = Self.twoDays()
    _ = journal.load(Self.cached)
    #expect(try String(contentsOfFile: journal.url(".demeter/cache/.gitignore"), encoding: .utf8) == "*\n")
    #expect(
      try String(contentsOfFile: journal.url(".demeter/cache/CACHEDIR.TAG"), encoding: .utf8).hasPrefix(
        "Signature: 8a477f597d28d172789f06886806bc55\n"))
    // The finder does not search the hidden folder: the cache adds no day files.
    #expect(DayFileFinder.find(in: journal.path).files.count == 2)
  }

  @Test func withoutTheSettingNothingIsWritten() {
    let journal = Self.twoDays()
    _ = journal.load()
    #expect(!FileManager.default.fileExists(atPath: journal.url(".demeter")))
    #expect(JournalCache(journal: journal.path, options: JournalLoadOptions()) == nil)
  }

  /// In-memory files (the sample journal) and named files are never cached.
  @Test func inMemoryAndNamedFilesBypassTheCache() {
    let journal = Self.twoDays()
    let cache = Self.cache(journal)
    let parser = DayFileParser(options: Self.cached)
    let sample = DayFile(path: journal.url("2026-11-20.jsonl"), date: nil, contents: Array("{}\n".utf8))
    #expect(cache.lookUp(sample, with: parser).outcome == .bypassed)
    let outside = DayFile(path: "/nonexistent/2026-11-20.jsonl", date: nil)
    #expect(cache.lookUp(outside, with: parser).outcome == .bypassed)
    _ = JournalLoader.load(files: DayFileFinder.find(in: journal.path).files, options: Self.cached)
    #expect(Self.entryNames(journal).isEmpty)
  }

  /// Several loads at once (as from several processes) all give the right result.
  @Test func concurrentLoadsAgree() {
    let journal = JournalDeterminismTests.troubledJournal()
    let reference = journal.load()
    let results = Results(count: 6)
    let path = journal.path
    DispatchQueue.concurrentPerform(iterations: 6) { index in
      var options = Self.cached
      options.threads = 1 + index % 3
      results.set(index, JournalLoader.load(journal: path, options: options))
    }
    for load in results.all {
      Self.expectSame(load, reference)
    }
    Self.expectSame(journal.load(Self.cached), reference)
  }

  final class Results: @unchecked Sendable {
    private var loads: [JournalLoad?]
    private let lock = NSLock()
    init(count: Int) { loads = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ load: JournalLoad) { lock.withLock { loads[index] = load } }
    var all: [JournalLoad] { lock.withLock { loads.map { $0! } } }
  }
}
