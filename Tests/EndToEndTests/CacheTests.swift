import Foundation
import ReportFormats
import Testing

/// The parse cache seen from the command line: reports print the same bytes (stdout, stderr, exit
/// status) with and without it, cold and warm, after every kind of change to the journal or damage
/// to the cache, `check` too (its warnings are kept under its own settings); `--no-cache` writes
/// nothing; a journal the cache cannot be written into still gets its report.
@Suite struct CacheTests {
  static let fixtures = [ToolRun.sampleJournal, ToolRun.badJournal, ToolRun.hostileJournal]

  /// Reports compared in every format, and more in CSV only.
  static let reports: [[String]] =
    BuiltInFormats.names.flatMap { format in
      [["week", "all", "-f", format], ["entries", "all", "-f", format]]
    } + [
      ["day", "all", "-f", "csv"], ["month", "all", "-f", "csv"], ["ingredients", "all", "-f", "csv"],
      ["week", "all", "--low-confidence", "0.6", "--decimals", "4", "-f", "csv"],
      ["week", "all", "--tz", "+09:00", "-f", "csv"], ["week", "all", "--strict"],
      ["ingredients", "popular"], ["check"], ["check", "--strict"], ["check", "-f", "json"],
    ]

  struct Output: Equatable, CustomStringConvertible {
    var status: Int32
    var stdout: String
    var stderr: String
    var description: String { "exit \(status)\n--- stdout\n\(stdout.prefix(400))\n--- stderr\n\(stderr)" }
  }

  /// The tool's environment with the cache allowed (`ToolRun` turns it off for other tests).
  static let environment = ["DEMETER_NO_CACHE": ""]

  static func run(_ report: [String], journal: URL, cache: Bool = true, binary: Bool = false) throws -> Output {
    let run = try ToolRun.run(
      report + ["--journal", journal.path, "--today", "2026-11-21"] + (cache ? [] : ["--no-cache"]),
      environment: environment, binary: binary)
    return Output(status: run.status, stdout: run.stdout, stderr: run.stderr)
  }

  /// A copy of a fixture journal in a new temporary folder, its day files made an hour old (so a
  /// warm run trusts size and time) unless `fresh`.
  static func copy(_ fixture: String, fresh: Bool = false) throws -> (folder: URL, journal: URL) {
    let folder = try ToolRun.makeTemporaryDirectory()
    let journal = folder.appendingPathComponent("journal")
    try FileManager.default.copyItem(at: ToolRun.packageRoot.appendingPathComponent(fixture), to: journal)
    if !fresh { try age(journal) }
    return (folder, journal)
  }

  static func dayFiles(_ journal: URL) throws -> [URL] {
    let enumerator = FileManager.default.enumerator(
      at: journal, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
    return (enumerator?.allObjects as? [URL] ?? []).filter {
      $0.lastPathComponent.wholeMatch(of: /[0-9]{4}-[0-9]{2}-[0-9]{2}\.jsonl/) != nil
    }
  }

  /// Dates the day files, the ingredient file and the folders holding them `seconds` back, out of
  /// the window in which a just-written file or folder is not trusted on size and time (whose end
  /// would change the cache's key). A first run that makes `.demeter/` changes the journal folder's
  /// time: age the journal again after it.
  static func age(_ journal: URL, seconds: TimeInterval = 3600) throws {
    let ingredients = journal.appendingPathComponent("ingredients.jsonl")
    let extra = FileManager.default.fileExists(atPath: ingredients.path) ? [ingredients] : []
    let days = try dayFiles(journal)
    let folders = Set(days.map { $0.deletingLastPathComponent().standardizedFileURL.path } + [journal.path])
    for file in days + extra + folders.sorted().map(URL.init(fileURLWithPath:)) {
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSinceNow: -seconds)], ofItemAtPath: file.path)
    }
  }

  static func cacheFolder(_ journal: URL) -> URL { journal.appendingPathComponent(".demeter/cache") }

  static func entries(_ journal: URL) -> [URL] {
    let folder = cacheFolder(journal)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasPrefix("digests-") }.map { folder.appendingPathComponent($0) }
  }

  /// Every report, without the cache, then with it cold (no cache folder) and warm.
  static func expectIdentical(_ journal: URL, _ comment: String) throws {
    var references: [Output] = []
    for report in reports {
      references.append(try run(report, journal: journal, cache: false))
    }
    #expect(!FileManager.default.fileExists(atPath: cacheFolder(journal).path), "--no-cache wrote a cache")
    for (report, reference) in zip(reports, references) {
      try? FileManager.default.removeItem(at: cacheFolder(journal))
      let cold = try run(report, journal: journal)
      #expect(cold == reference, "\(comment) cold: \(report.joined(separator: " "))")
      let warm = try run(report, journal: journal)
      #expect(warm == reference, "\(comment) warm: \(report.joined(separator: " "))")
    }
    _ = try run(["week", "all"], journal: journal)
    #expect(!entries(journal).isEmpty)
  }

  @Test(arguments: fixtures, [false, true])
  func sameOutputWithAndWithoutTheCache(fixture: String, fresh: Bool) throws {
    let (folder, journal) = try Self.copy(fixture, fresh: fresh)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.expectIdentical(journal, "\(fixture)\(fresh ? " (fresh files)" : "")")
  }

  /// The bad journal's errors reach stderr the same way from the cache (the check above covers the
  /// one-line summary and `--strict`'s full list; this pins that they are there at all).
  @Test func badJournalDiagnosticsComeFromTheCache() throws {
    let (folder, journal) = try Self.copy(ToolRun.badJournal)
    defer { try? FileManager.default.removeItem(at: folder) }
    let report = ["week", "all", "--strict"]
    let reference = try Self.run(report, journal: journal, cache: false)
    #expect(reference.status == 1)
    #expect(reference.stderr.contains("2026-11-21.jsonl:"))
    _ = try Self.run(report, journal: journal)
    #expect(Self.entries(journal).count == 1)
    #expect(try Self.run(report, journal: journal) == reference)
  }

  // MARK: - Changes to the journal

  @Test(arguments: ["same size", "other size", "touch", "delete", "add", "rename"])
  func changedJournalGivesTheFreshResult(change: String) throws {
    let (folder, journal) = try Self.copy(ToolRun.sampleJournal)
    defer { try? FileManager.default.removeItem(at: folder) }
    let report = ["week", "all", "-f", "csv"]
    _ = try Self.run(report, journal: journal)
    let before = try Self.run(report, journal: journal)
    let file = journal.appendingPathComponent("2026-11-20.jsonl")
    let text = try String(contentsOf: file, encoding: .utf8)
    switch change {
    case "same size":
      let target = try #require(text.range(of: "\"calories\":"))
      let digit = text[target.upperBound]
      let replaced = text.replacingCharacters(
        in: target.upperBound...target.upperBound, with: digit == "9" ? "8" : "9")
      #expect(replaced.utf8.count == text.utf8.count && replaced != text)
      try Data(replaced.utf8).write(to: file)
    case "other size":
      try Data((text + text.split(separator: "\n")[0].replacingOccurrences(of: "-4", with: "-5") + "\n").utf8)
        .write(to: file)
    case "touch":
      try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: file.path)
    case "delete":
      try FileManager.default.removeItem(at: file)
    case "add":
      try Data(text.replacingOccurrences(of: "-4", with: "-6").utf8).write(
        to: journal.appendingPathComponent("2026/11/2026-11-23.jsonl"), createFolders: true)
    default:
      try FileManager.default.moveItem(at: file, to: journal.appendingPathComponent("old-2026-11-20.jsonl"))
    }
    let reference = try Self.run(report, journal: journal, cache: false)
    #expect(try Self.run(report, journal: journal) == reference, "first run after: \(change)")
    #expect(try Self.run(report, journal: journal) == reference, "second run after: \(change)")
    #expect((change == "touch") == (reference == before))
    #expect(Self.entries(journal).count == 1)
  }

  // MARK: - Damaged cache

  @Test(arguments: ["truncate", "flip", "garbage", "empty", "swap", "other options"])
  func damagedCacheIsIgnored(damage: String) throws {
    let (folder, journal) = try Self.copy(ToolRun.sampleJournal)
    defer { try? FileManager.default.removeItem(at: folder) }
    let report = ["week", "all", "-f", "json"]
    let reference = try Self.run(report, journal: journal, cache: false)
    _ = try Self.run(report, journal: journal)
    let entries = Self.entries(journal)
    #expect(entries.count == 1)
    if damage == "other options" {
      _ = try Self.run(["week", "all", "--tz", "+14:00"], journal: journal)
    } else {
      for (index, entry) in entries.enumerated() {
        var bytes = [UInt8](try Data(contentsOf: entry))
        switch damage {
        case "truncate": bytes.removeLast(1 + index % (bytes.count - 1))
        case "flip": bytes[(index * 7919) % bytes.count] ^= UInt8(1 << (index % 8))
        case "garbage": bytes = (0..<bytes.count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index) }
        case "empty": bytes = []
        default: bytes = Array(bytes[(bytes.count / 2)...] + bytes[..<(bytes.count / 2)])
        }
        try Data(bytes).write(to: entry)
      }
    }
    #expect(try Self.run(report, journal: journal) == reference, "\(damage)")
    #expect(try Self.run(report, journal: journal) == reference, "\(damage), rewritten")
  }

  /// Several processes filling the same cold cache at once all print the right report, and so does
  /// the next run from what they left.
  @Test func concurrentRunsAgree() throws {
    let (folder, journal) = try Self.copy(ToolRun.badJournal)
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.copyItem(
      at: ToolRun.packageRoot.appendingPathComponent(ToolRun.sampleJournal),
      to: journal.appendingPathComponent("sample"))
    try Self.age(journal)
    let report = ["week", "all", "-f", "json"]
    let reference = try Self.run(report, journal: journal, cache: false)
    let outputs = Outputs(count: 4)
    DispatchQueue.concurrentPerform(iterations: 4) { index in
      outputs.set(index, try? Self.run(report, journal: journal))
    }
    for output in outputs.all {
      #expect(output == reference)
    }
    #expect(Self.entries(journal).count == 1)
    #expect(try Self.run(report, journal: journal) == reference)
  }

  final class Outputs: @unchecked Sendable {
    private var values: [Output?]
    private let lock = NSLock()
    init(count: Int) { values = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ output: Output?) { lock.withLock { values[index] = output } }
    var all: [Output?] { lock.withLock { values } }
  }

  // MARK: - Where the cache is written

  /// `--no-cache`, `$DEMETER_NO_CACHE` and the built-in sample write no cache.
  @Test func noCacheWritesNothing() throws {
    let (folder, journal) = try Self.copy(ToolRun.sampleJournal)
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try Self.run(["week", "all", "-f", "csv"], journal: journal, cache: false)
    _ = try Self.run(["ingredients", "popular"], journal: journal, cache: false)
    let check = try ToolRun.run(
      ["check", "--no-cache", "--journal", journal.path], environment: Self.environment)
    #expect(check.status == 0)
    let variable = try ToolRun.run(
      ["week", "all", "--journal", journal.path], environment: ["DEMETER_NO_CACHE": "1"])
    #expect(variable.status == 0)
    #expect(!FileManager.default.fileExists(atPath: journal.appendingPathComponent(".demeter").path))
    let sample = try ToolRun.run(
      ["week", "--sample", "--today", "2026-11-21"], in: folder, environment: Self.environment)
    #expect(sample.status == 0)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["journal"])
  }

  /// The report never writes beside the cache: day files stay byte-identical and nothing but
  /// `.demeter/cache/` appears.
  @Test func cacheWritesOnlyItsFolder() throws {
    let (folder, journal) = try Self.copy(ToolRun.sampleJournal)
    defer { try? FileManager.default.removeItem(at: folder) }
    func snapshot() throws -> [String: Data] {
      var files: [String: Data] = [:]
      for file in try Self.dayFiles(journal) { files[file.lastPathComponent] = try Data(contentsOf: file) }
      return files
    }
    let before = try snapshot()
    _ = try Self.run(["week", "all"], journal: journal)
    #expect(try snapshot() == before)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: journal.appendingPathComponent(".demeter").path).sorted()
        == [".gitignore", "cache"])
    let names = try FileManager.default.contentsOfDirectory(atPath: Self.cacheFolder(journal).path)
    #expect(
      Set(names) == Set([".gitignore", "CACHEDIR.TAG"] + Self.entries(journal).map(\.lastPathComponent)))
  }

  @Test func unwritableCacheStillReports() throws {
    let (folder, journal) = try Self.copy(ToolRun.badJournal)
    defer { try? FileManager.default.removeItem(at: folder) }
    let report = ["week", "all", "-f", "csv"]
    let reference = try Self.run(report, journal: journal, cache: false)
    try Data("in the way".utf8).write(to: journal.appendingPathComponent(".demeter"))
    #expect(try Self.run(report, journal: journal) == reference)
    try FileManager.default.removeItem(at: journal.appendingPathComponent(".demeter"))
    try FileManager.default.createDirectory(
      at: journal.appendingPathComponent(".demeter"), withIntermediateDirectories: true)
    try Data("in the way".utf8).write(to: Self.cacheFolder(journal))
    #expect(try Self.run(report, journal: journal) == reference)
  }

  /// A read-only journal folder (the cache cannot be created; checked when not running as root,
  /// who may write anyway) still gets its report.
  @Test func readOnlyJournalStillReports() throws {
    let (folder, journal) = try Self.copy(ToolRun.sampleJournal)
    defer {
      chmod(journal.path, 0o755)
      try? FileManager.default.removeItem(at: folder)
    }
    let report = ["week", "all", "-f", "csv"]
    let reference = try Self.run(report, journal: journal, cache: false)
    #expect(chmod(journal.path, 0o555) == 0)
    #expect(try Self.run(report, journal: journal) == reference)
    if getuid() != 0 {
      #expect(!FileManager.default.fileExists(atPath: journal.appendingPathComponent(".demeter").path))
    }
  }

  @Test func noCacheIsDeclared() throws {
    for command in ["week", "day", "entries", "ingredients", "ingredients popular", "check"] {
      let help = try ToolRun.run(["help"] + command.split(separator: " ").map(String.init))
      #expect(help.stdout.contains("--no-cache"), "\(command)")
    }
  }
}

extension Data {
  func write(to url: URL, createFolders: Bool) throws {
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try write(to: url)
  }
}
