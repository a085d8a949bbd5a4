import DemeterCore
import Foundation
import Testing

/// `sample DIR` (manual: command-line): writes the built-in sample journal into a folder.
@Suite struct SampleCommandTests {
  static let today = "2026-11-22"

  /// The folder's files (not its folders, such as recipes and plans), its hidden `.demeter` (the
  /// journal lock) left out.
  static func files(in folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { name in
      var isFolder: ObjCBool = false
      _ = FileManager.default.fileExists(
        atPath: folder.appendingPathComponent(name).path, isDirectory: &isFolder)
      return !name.hasPrefix(".") && !isFolder.boolValue
    }.sorted()
  }

  @Test func writesTheSampleFilesFlat() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let journal = folder.appendingPathComponent("new/journal")
    let run = try ToolRun.run(["sample", journal.path, "--today", Self.today])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr == "")
    let last = try #require(try? CivilDate.parse(Self.today).get())
    let expected = SampleJournal.dayFiles(endingOn: last)
    #expect(expected.count == 28)
    let names = expected.map { ($0.path as NSString).lastPathComponent }
    #expect(try Self.files(in: journal) == (names + ["ingredients.jsonl"]).sorted())
    // The recipes and the plan for the last seven days (an ISO week here, so named for it).
    #expect(try Self.files(in: journal.appendingPathComponent("plans")) == ["2026-W47.json"])
    #expect(
      try Self.files(in: journal.appendingPathComponent("recipes"))
        == ["chicken-rice-bowl.json", "chickpea-salad.json", "oat-banana.json", "salmon-sweet-potato.json"])
    #expect(names.first == "2026-10-26.jsonl")
    #expect(names.last == "2026-11-22.jsonl")
    for (file, name) in zip(expected, names) {
      let written = try Data(contentsOf: journal.appendingPathComponent(name))
      #expect([UInt8](written) == file.contents, "\(name)")
      #expect(run.stdout.contains(journal.appendingPathComponent(name).path + "\n"))
    }
    let ingredients = try Data(contentsOf: journal.appendingPathComponent("ingredients.jsonl"))
    #expect([UInt8](ingredients) == SampleJournal.ingredientsText)
    #expect(run.stdout.contains(journal.appendingPathComponent("ingredients.jsonl").path + "\n"))
    let quiet = try ToolRun.run(["sample", folder.appendingPathComponent("quiet").path, "-q"])
    #expect(quiet.status == 0)
    #expect(quiet.stdout == "")
  }

  /// The written journal gives the same reports as `--sample`, byte for byte (entries name their
  /// source line, under the folder instead of `sample-journal/`).
  @Test(arguments: [
    ["week", "-f", "csv"], ["week", "all", "-f", "csv"], ["day", "all", "-f", "csv"],
    ["month", "all", "-f", "json"], ["ingredients", "all", "-f", "csv"], ["entries", "all", "-f", "csv"],
  ])
  func reportsEqualTheBuiltInSample(report: [String]) throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let journal = folder.appendingPathComponent("journal").path
    #expect(try ToolRun.run(["sample", journal, "--today", Self.today]).status == 0)
    let fromFolder = try ToolRun.run(report + ["--journal", journal, "--today", Self.today])
    let fromSample = try ToolRun.run(report + ["--sample", "--today", Self.today])
    #expect(fromFolder.status == 0, "\(fromFolder.stderr)")
    #expect(fromSample.status == 0, "\(fromSample.stderr)")
    #expect(!fromFolder.stdout.isEmpty)
    let sameFolder = fromFolder.stdout.replacingOccurrences(of: journal + "/", with: "sample-journal/")
    #expect((report[0] == "entries" ? sameFolder : fromFolder.stdout) == fromSample.stdout)
  }

  @Test func theWrittenJournalChecksWithoutErrors() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try ToolRun.run(["sample", folder.path, "--today", Self.today]).status == 0)
    let check = try ToolRun.run(["check", "--journal", folder.path, "--today", Self.today])
    #expect(check.status == 0, "\(check.stderr)")
    #expect(check.stdout.contains("checked 28 files"))
    let format = try ToolRun.run(["fmt", "--check", "--journal", folder.path])
    #expect(format.status == 0, "\(format.stdout)\(format.stderr)")
  }

  /// The sample's entries logged from its recipes hold what `add --recipe` logs now, so no report
  /// says their recipe changed.
  @Test func theSamplesRecipeEntriesMatchTheirRecipes() throws {
    let run = try ToolRun.run(["week", "--sample", "--today", Self.today, "-f", "json"])
    #expect(run.status == 0)
    #expect(run.stdout.contains("\"id\":\"recipes\""))
    #expect(!run.stdout.contains("recipe-entries-changed"))
  }

  @Test func refusesAFolderThatHoldsAJournal() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let mine = folder.appendingPathComponent("2026/2026-11-22.jsonl")
    try FileManager.default.createDirectory(
      at: mine.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("my own entries\n".utf8).write(to: mine)
    let run = try ToolRun.run(["sample", folder.path, "--today", Self.today])
    #expect(run.status == 2)
    #expect(run.stdout == "")
    #expect(run.stderr.contains("already holds a journal (1 day file)"))
    #expect(run.stderr.contains("--force"))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") } == [
        "2026"
      ])
    #expect(try String(contentsOf: mine, encoding: .utf8) == "my own entries\n")

    let onlyIngredients = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: onlyIngredients) }
    try Data("{}\n".utf8).write(to: onlyIngredients.appendingPathComponent("ingredients.jsonl"))
    let refused = try ToolRun.run(["sample", onlyIngredients.path])
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("ingredients.jsonl"))
  }

  @Test func forceWritesOverAnEarlierSample() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try ToolRun.run(["sample", folder.path, "--today", "2026-11-20"]).status == 0)
    let day = folder.appendingPathComponent("\(Self.today).jsonl")
    #expect(!FileManager.default.fileExists(atPath: day.path))
    let again = try ToolRun.run(["sample", folder.path, "--today", "2026-11-20"])
    #expect(again.status == 2)
    let forced = try ToolRun.run(["sample", folder.path, "--today", "2026-11-20", "--force"])
    #expect(forced.status == 0, "\(forced.stderr)")
    #expect(try Self.files(in: folder).count == 29)
    let report = ["week", "all", "-f", "csv", "--today", "2026-11-20"]
    #expect(
      try ToolRun.run(report + ["--journal", folder.path]).stdout
        == ToolRun.run(report + ["--sample"]).stdout)
  }

  /// `sample --force` writes like every writer: under the journal lock, all files or none.
  @Test func forceWaitsForTheJournalLockAndWritesNothingWithoutIt() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try ToolRun.run(["sample", folder.path, "--today", "2026-11-20"]).status == 0)
    let before = try Self.files(in: folder).map { try Data(contentsOf: folder.appendingPathComponent($0)) }
    let holder = try JournalLock(journal: folder.path)
    defer { holder.release() }
    let run = try BoundedRun.run([
      "sample", folder.path, "--today", Self.today, "--force", "--lock-timeout", "1",
    ])
    #expect(!run.timedOut)
    #expect(run.status == 3)
    #expect(run.stderr.contains("is still held by PID \(getpid()) after waiting 1 s"))
    #expect(
      try Self.files(in: folder).map { try Data(contentsOf: folder.appendingPathComponent($0)) } == before)
    #expect(
      !FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(Self.today).jsonl").path))
  }

  @Test func aFolderWithOtherFilesIsFine() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("notes\n".utf8).write(to: folder.appendingPathComponent("README"))
    let run = try ToolRun.run(["sample", folder.path, "--today", Self.today])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try Self.files(in: folder).count == 30)
  }

  @Test func badArguments() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let missing = try ToolRun.run(["sample"])
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("sample needs a folder"))
    let two = try ToolRun.run(["sample", folder.path, folder.path])
    #expect(two.status == 2)
    let badDate = try ToolRun.run(["sample", folder.path, "--today", "2026-13-01"])
    #expect(badDate.status == 2)
    let file = folder.appendingPathComponent("a-file")
    try Data().write(to: file)
    let notAFolder = try ToolRun.run(["sample", file.path])
    #expect(notAFolder.status == 3)
    #expect(notAFolder.stderr.contains("is not a folder"))
    #expect(try Self.files(in: folder) == ["a-file"])
  }
}
