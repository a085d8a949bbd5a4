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

/// Finding day files (manual: journal "Files"): `YYYY-MM-DD.jsonl` at any depth, hidden folders skipped,
/// other files ignored, links followed once, problems located instead of crashes or hangs.
@Suite struct JournalDayFileFinderTests {
  @Test(arguments: [
    ("2026-11-21.jsonl", CivilDate(year: 2026, month: 11, day: 21)),
    ("2024-02-29.jsonl", CivilDate(year: 2024, month: 2, day: 29)),
    ("0001-01-01.jsonl", CivilDate(year: 1, month: 1, day: 1)),
    ("2026-02-30.jsonl", nil),
    ("2025-02-29.jsonl", nil),
    ("2026-13-01.jsonl", nil),
    ("2026-00-10.jsonl", nil),
    ("2026-11-00.jsonl", nil),
    ("2026-1-21.jsonl", nil),
    ("2026-11-21.json", nil),
    ("2026-11-21.JSONL", nil),
    ("2026_11_21.jsonl", nil),
    ("x2026-11-21.jsonl", nil),
    ("2026-11-21.jsonl.bak", nil),
    ("２026-11-21.jsonl", nil),
    ("ingredients.jsonl", nil),
  ])
  func dateFromFileName(name: String, date: CivilDate?) {
    #expect(DayFileFinder.date(fromFileName: name) == date)
  }

  @Test(arguments: [
    ("2026-11-21.jsonl", true), ("2026-02-30.jsonl", true), ("9999-99-99.jsonl", true),
    ("2026-11-2a.jsonl", false), ("2026-11-21.jsonx", false), ("ingredients.jsonl", false),
    ("2026-11-21", false),
  ])
  func looksLikeADayFile(name: String, looks: Bool) {
    #expect(DayFileFinder.looksLikeDayFile(name) == looks)
  }

  static func relativePaths(_ files: [DayFile], in journal: TemporaryJournal) -> [String] {
    files.map { String($0.path.dropFirst(journal.path.count + 1)) }
  }

  @Test func dayFilesAtAnyDepthSortedByPath() {
    let journal = TemporaryJournal()
    for relative in [
      "2026-11-21.jsonl", "2026/2026-11-22.jsonl", "2026/11/2026-11-23.jsonl", "a/b/c/d/e/f/2026-11-24.jsonl",
      "2025/2025-12-31.jsonl",
    ] {
      journal.write(relative, "")
    }
    let found = DayFileFinder.find(in: journal.path)
    #expect(found.problems.isEmpty)
    #expect(
      Self.relativePaths(found.files, in: journal)
        == [
          "2025/2025-12-31.jsonl", "2026/11/2026-11-23.jsonl", "2026/2026-11-22.jsonl", "2026-11-21.jsonl",
          "a/b/c/d/e/f/2026-11-24.jsonl",
        ].sorted())
    #expect(
      found.files.map(\.date)
        == found.files.map { DayFileFinder.date(fromFileName: String($0.path.suffix(16))) })
  }

  @Test func journalPathWithTrailingSlash() {
    let journal = TemporaryJournal()
    journal.write("2026/2026-11-22.jsonl", "")
    let found = DayFileFinder.find(in: journal.path + "/")
    #expect(found.files.map(\.path) == [journal.path + "/2026/2026-11-22.jsonl"])
  }

  @Test func hiddenFoldersAndOtherFilesAreIgnored() {
    let journal = TemporaryJournal()
    journal.write("2026-11-21.jsonl", "")
    for relative in [
      ".git/2026-11-22.jsonl", ".demeter/2026-11-23.jsonl", ".hidden/deep/2026-11-24.jsonl",
      "ingredients.jsonl",
      "notes.txt", "2026-11-25.jsonl.bak", "2026-11-26.json", "2026-11-27.JSONL", "2026/README.md",
      ".2026-11-28.jsonl",
      ".demeter.json",
    ] {
      journal.write(relative, "{not json\n")
    }
    let found = DayFileFinder.find(in: journal.path)
    #expect(found.problems.isEmpty)
    #expect(Self.relativePaths(found.files, in: journal) == ["2026-11-21.jsonl"])
    let load = journal.load()
    #expect(load.diagnostics.isEmpty)
    #expect(load.fileCount == 1)
  }

  @Test func impossibleDateFileIsReadWithAWarning() {
    let journal = TemporaryJournal()
    let path = journal.write("2026-02-30.jsonl", lines: [EntryLine(timestamp: "2026-02-28T12:00:00Z").text])
    let found = DayFileFinder.find(in: journal.path)
    #expect(found.files == [DayFile(path: path, date: nil)])
    #expect(journal.load().diagnostics.isEmpty)
    let load = journal.load(JournalLoadOptions(collectWarnings: true))
    #expect(load.table.count == 1)
    #expect(
      load.diagnostics == [
        .warning(
          .fileNameNotDate, SourceLocation(path: path, line: 1, column: 1),
          "file name is not a real date (YYYY-MM-DD.jsonl); its entries are read anyway")
      ])
  }

  /// A folder named like a day file is searched like any folder (its day files load), with a warning
  /// at its path: it is easily taken for a day file whose entries are missing.
  @Test func folderNamedLikeADayFileIsSearchedAsAFolder() {
    let journal = TemporaryJournal()
    journal.makeFolder("2026-11-21.jsonl")
    journal.write(
      "2026-11-22.jsonl/2026-11-23.jsonl", lines: [EntryLine(timestamp: "2026-11-23T09:00:00Z").text])
    let found = DayFileFinder.find(in: journal.path)
    let warnings = ["2026-11-21.jsonl", "2026-11-22.jsonl"].map { name in
      Diagnostic(
        .warning, SourceLocation(path: journal.url(name), line: 1, column: 1),
        "a folder named like a day file; searched like any other folder, not read as a day file")
    }
    #expect(found.problems == warnings)
    #expect(Self.relativePaths(found.files, in: journal) == ["2026-11-22.jsonl/2026-11-23.jsonl"])
    let load = journal.load(JournalLoadOptions(collectWarnings: true))
    #expect(load.diagnostics == warnings)
    #expect(load.errorCount == 0)
    #expect(load.table.count == 1)
  }

  @Test func symbolicLinkLoopIsReportedNotFollowedForever() {
    let journal = TemporaryJournal()
    journal.write("2026/2026-11-21.jsonl", lines: [EntryLine().text])
    journal.link("2026/loop", to: "..")
    journal.link("self", to: ".")
    let found = DayFileFinder.find(in: journal.path)
    #expect(Self.relativePaths(found.files, in: journal) == ["2026/2026-11-21.jsonl"])
    #expect(
      Set(found.problems.map { String($0.location.path.dropFirst(journal.path.count + 1)) }) == [
        "2026/loop", "self",
      ])
    #expect(
      found.problems.allSatisfy {
        $0.message == "folder already searched through another path (a symbolic link?); skipped"
      })
    #expect(found.problems.allSatisfy { $0.severity == .warning })
    let load = journal.load()
    #expect(load.table.count == 1)
    #expect(load.errorCount == 0)
    #expect(load.warningCount == 2)
  }

  @Test func linkedFolderOutsideTheJournalIsFollowed() {
    let outside = TemporaryJournal()
    outside.write("2026-11-21.jsonl", lines: [EntryLine().text])
    let journal = TemporaryJournal()
    journal.link("elsewhere", to: outside.path)
    let found = DayFileFinder.find(in: journal.path)
    #expect(found.problems.isEmpty)
    #expect(Self.relativePaths(found.files, in: journal) == ["elsewhere/2026-11-21.jsonl"])
  }

  @Test func danglingLinkNamedLikeADayFileIsReported() {
    let journal = TemporaryJournal()
    journal.link("2026-11-21.jsonl", to: "missing.jsonl")
    journal.link("other-link", to: "missing-too")
    let found = DayFileFinder.find(in: journal.path)
    #expect(found.files.isEmpty)
    #expect(
      found.problems == [
        .unreadableFile(journal.url("2026-11-21.jsonl"), "cannot read file: No such file or directory")
      ])
  }

  @Test func missingJournalIsReported() {
    let journal = TemporaryJournal()
    let missing = journal.url("nothing-here")
    let load = JournalLoader.load(journal: missing)
    #expect(load.fileCount == 0)
    #expect(
      load.diagnostics == [
        Diagnostic.searchProblem(
          missing,
          "cannot read folder: No such file or directory")
      ])
  }

  @Test func foldersDeeperThanTheLimitAreReported() {
    let journal = TemporaryJournal()
    let depth = DayFileFinder.maximumDepth
    let deepest = (1...depth).map { "d\($0)" }.joined(separator: "/")
    journal.write(deepest + "/2026-11-21.jsonl", "")
    journal.write(deepest + "/too-deep/2026-11-22.jsonl", "")
    let found = DayFileFinder.find(in: journal.path)
    #expect(Self.relativePaths(found.files, in: journal) == [deepest + "/2026-11-21.jsonl"])
    #expect(
      found.problems == [
        Diagnostic.searchProblem(
          journal.url(deepest + "/too-deep"),
          "folder nested deeper than \(depth) levels; skipped")
      ])
  }

  @Test func namedPipeIsReportedWithoutBlocking() {
    let journal = TemporaryJournal()
    journal.write("2026-11-20.jsonl", lines: [EntryLine(timestamp: "2026-11-20T08:00:00Z").text])
    let pipe = journal.url("2026-11-21.jsonl")
    #expect(mkfifo(pipe, 0o644) == 0)
    let load = journal.load()
    #expect(load.table.count == 1)
    #expect(
      load.diagnostics == [
        .unreadableFile(pipe, "a named pipe (FIFO), not a regular file; not read")
      ])
  }

  /// A day file name on a character device (here /dev/zero, which never ends) is refused, not read.
  @Test func deviceNamedLikeADayFileIsReportedWithoutReading() {
    let journal = TemporaryJournal()
    journal.write("2026-11-20.jsonl", lines: [EntryLine(timestamp: "2026-11-20T08:00:00Z").text])
    journal.link("2026-11-21.jsonl", to: "/dev/zero")
    // Removed before the journal's clean-up, which resets modes through links.
    defer { unlink(journal.url("2026-11-21.jsonl")) }
    let load = journal.load()
    #expect(load.table.count == 1)
    #expect(
      load.diagnostics == [
        .unreadableFile(journal.url("2026-11-21.jsonl"), "a character device, not a regular file; not read")
      ])
  }

  @Test(.enabled(if: getuid() != 0, "root can read a file whatever its mode, so chmod 000 proves nothing"))
  func unreadableFileIsReportedAndTheOthersLoad() {
    let journal = TemporaryJournal()
    journal.write("2026-11-20.jsonl", lines: [EntryLine(timestamp: "2026-11-20T08:00:00Z").text])
    let locked = journal.write(
      "2026-11-21.jsonl", lines: [EntryLine(id: "0b1c2d3e-4f50-4617-8283-949596979899").text])
    #expect(chmod(locked, 0) == 0)
    let load = journal.load()
    #expect(load.table.count == 1)
    #expect(
      load.diagnostics == [
        .unreadableFile(locked, "cannot open file: Permission denied")
      ])
  }

  @Test(.enabled(if: getuid() != 0, "root can read a folder whatever its mode, so chmod 000 proves nothing"))
  func unreadableFolderIsReportedAndTheOthersLoad() {
    let journal = TemporaryJournal()
    journal.write("2026-11-20.jsonl", lines: [EntryLine(timestamp: "2026-11-20T08:00:00Z").text])
    journal.write(
      "locked/2026-11-21.jsonl", lines: [EntryLine(id: "0b1c2d3e-4f50-4617-8283-949596979899").text])
    #expect(chmod(journal.url("locked"), 0) == 0)
    let load = journal.load()
    #expect(load.table.count == 1)
    #expect(
      load.diagnostics == [
        Diagnostic.searchProblem(
          journal.url("locked"),
          "cannot read folder: Permission denied")
      ])
  }

  /// A search that lists `folderLimit` folders without a day file stops with a located error at the
  /// journal; one that found a day file first goes on.
  @Test func aSearchWithoutDayFilesStopsAtTheFolderLimit() {
    let journal = TemporaryJournal()
    for number in 0..<12 { journal.write("f\(number)/readme.txt", "") }
    let stopped = DayFileFinder.find(in: journal.path, folderLimit: 5)
    #expect(stopped.files.isEmpty)
    #expect(
      stopped.problems.map(\.message) == [
        "searched 5 folders without finding a day file (YYYY-MM-DD.jsonl); stopped: is this the journal's "
          + "folder? Name it with --journal DIR"
      ])
    #expect(stopped.problems.first?.location.path == journal.path)
    journal.write("f0/2026-11-21.jsonl", "")
    let found = DayFileFinder.find(in: journal.path, folderLimit: 5)
    #expect(found.files.map(\.path) == [journal.url("f0/2026-11-21.jsonl")])
    #expect(found.problems.isEmpty)
  }
}
