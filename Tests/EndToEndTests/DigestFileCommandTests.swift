import BuiltInIngredients
import Foundation
import Testing

/// Digest files end to end (manual: many-journals): `digest`, `merge` and `--digest` against the
/// journals themselves, on generated journals: reports from digest files equal the journals' in
/// every format, merges of shuffled groupings give the same bytes, and what does not go together
/// is refused.
@Suite(.serialized) struct DigestFileCommandTests {
  static let formats = ["text", "json", "csv", "markdown", "html"]
  static let week = ["week", "all", "--today", "2026-03-01"]

  /// Three small generated journals `p1`…`p3` under `people/` of a new folder, or nil (an issue
  /// recorded) without python3.
  static func generatedCohort() throws -> URL? {
    let folder = try ToolRun.makeTemporaryDirectory()
    for seed in 1...3 {
      let arguments = [
        "--out", folder.appendingPathComponent("people/p\(seed)").path, "--days", "50", "--per-day", "5",
        "--start", "2026-01-0\(seed)", "--seed", "\(seed)", "--jobs", "1",
      ]
      guard let generated = try ToolRun.python("gen_journal.py", arguments) else {
        Issue.record("python3 is not on PATH; the digest file tests need gen_journal.py")
        return nil
      }
      try #require(generated.status == 0, "gen_journal.py failed: \(generated.stderr)")
    }
    return folder
  }

  /// Runs the tool in `folder`, expecting success.
  static func run(_ arguments: [String], in folder: URL) throws -> ToolRun {
    let run = try ToolRun.run(arguments, in: folder)
    #expect(run.status == 0, "\(arguments): \(run.stderr)")
    return run
  }

  static func bytes(_ path: String, in folder: URL) throws -> Data {
    try Data(contentsOf: folder.appendingPathComponent(path))
  }

  @Test func cohortReportsFromMergedDigestsEqualTheJournalsInEveryFormat() throws {
    guard let folder = try Self.generatedCohort() else { return }
    defer { try? FileManager.default.removeItem(at: folder) }
    let people = folder.appendingPathComponent("people")
    for seed in 1...3 {
      _ = try Self.run(["digest", "--journal", "p\(seed)", "-o", "../p\(seed).dg"], in: people)
    }
    _ = try Self.run(["digest", "--journals", "people", "-o", "all.dg"], in: folder)
    _ = try Self.run(["merge", "p1.dg", "p2.dg", "--cohort", "-o", "p12.dg"], in: folder)
    _ = try Self.run(["merge", "p12.dg", "p3.dg", "--cohort", "-o", "left.dg"], in: folder)
    _ = try Self.run(["merge", "p3.dg", "p2.dg", "--cohort", "-o", "p32.dg"], in: folder)
    _ = try Self.run(["merge", "p32.dg", "p1.dg", "--cohort", "-o", "right.dg"], in: folder)
    _ = try Self.run(["merge", "p2.dg", "p3.dg", "p1.dg", "--cohort", "-o", "flat.dg"], in: folder)
    let whole = try Self.bytes("all.dg", in: folder)
    for merged in ["left.dg", "right.dg", "flat.dg"] {
      #expect(try Self.bytes(merged, in: folder) == whole, "\(merged)")
    }
    for format in Self.formats {
      let journals = try Self.run(Self.week + ["--journals", "people", "-f", format], in: folder)
      let digest = try Self.run(Self.week + ["--digest", "left.dg", "-f", format], in: folder)
      let parts = try Self.run(
        Self.week + ["--digest", "p3.dg", "--digest", "p12.dg", "-f", format], in: folder)
      #expect(digest.stdout == journals.stdout, "\(format)")
      #expect(parts.stdout == journals.stdout, "\(format)")
    }
  }

  @Test func cohortDigestsAreSmallAndGiveTheJournalsCohortReportInEveryFormat() throws {
    guard let folder = try Self.generatedCohort() else { return }
    defer { try? FileManager.default.removeItem(at: folder) }
    let people = folder.appendingPathComponent("people")
    for seed in 1...3 {
      _ = try Self.run(["digest", "--cohort", "--journal", "p\(seed)", "-o", "../p\(seed).dg"], in: people)
    }
    _ = try Self.run(["digest", "--journals", "people", "--cohort", "-o", "all.dg"], in: folder)
    _ = try Self.run(["digest", "--journals", "people", "-o", "full.dg"], in: folder)
    _ = try Self.run(["merge", "p3.dg", "p1.dg", "p2.dg", "--cohort", "-o", "merged.dg"], in: folder)
    _ = try Self.run(["digest", "--journal", "p1", "-o", "../p1-full.dg"], in: people)
    _ = try Self.run(["merge", "p1-full.dg", "p3.dg", "p2.dg", "--cohort", "-o", "mixed.dg"], in: folder)
    let whole = try Self.bytes("all.dg", in: folder)
    #expect(try Self.bytes("merged.dg", in: folder) == whole)
    #expect(try Self.bytes("mixed.dg", in: folder) == whole)
    // Small past the settings both forms carry whole, mostly the foods' alcohol with their names.
    let settings = BuiltInIngredients.alcohol.text.utf8.count
    #expect((whole.count - settings) * 10 < (try Self.bytes("full.dg", in: folder)).count - settings)
    // A day file in both files is refused, whatever their forms.
    let twice = try ToolRun.run(["merge", "full.dg", "p2.dg", "--cohort", "-o", "twice.dg"], in: folder)
    #expect(twice.status == 2 && twice.stderr.contains("counted twice"), "\(twice.stderr)")
    for format in Self.formats {
      let journals = try Self.run(Self.week + ["--journals", "people", "-f", format], in: folder)
      let digest = try Self.run(Self.week + ["--digest", "all.dg", "-f", format], in: folder)
      #expect(digest.stdout == journals.stdout, "\(format)")
    }
    // One journal's cohort digest gives the cohort report --journals gives of it alone.
    let solo = folder.appendingPathComponent("solo")
    try FileManager.default.createDirectory(at: solo, withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: people.appendingPathComponent("p1"), to: solo.appendingPathComponent("p1"))
    let alone = try Self.run(Self.week + ["--journals", "solo", "-f", "csv"], in: folder)
    #expect(try Self.run(Self.week + ["--digest", "p1.dg", "-f", "csv"], in: folder).stdout == alone.stdout)
    #expect(alone.stdout.contains(",cohort,"))
    let compare = try ToolRun.run(
      ["compare", "2026-01", "2026-02", "--today", "2026-03-01", "--digest", "all.dg"], in: folder)
    #expect(compare.status == 2)
    #expect(compare.stderr.contains("'digest --cohort'"), "\(compare.stderr)")
  }

  @Test func oneJournalsReportsFromItsDigestEqualItsOwnInEveryFormat() throws {
    guard let folder = try Self.generatedCohort() else { return }
    defer { try? FileManager.default.removeItem(at: folder) }
    let people = folder.appendingPathComponent("people")
    _ = try Self.run(["digest", "--journal", "p2", "-o", "p2.dg"], in: people)
    // The bytes do not depend on how the journal's path was given.
    _ = try Self.run(
      ["digest", "--journal", people.appendingPathComponent("p2/").path, "-o", "abs.dg"], in: folder)
    #expect(try Self.bytes("abs.dg", in: folder) == Self.bytes("people/p2.dg", in: folder))
    for format in Self.formats {
      for (report, extra) in [
        (Self.week, ["--limit", "3"]), (["month", "all", "--today", "2026-03-01"], []),
      ] {
        let journal = try Self.run(report + ["--journal", "p2", "-f", format] + extra, in: people)
        let digest = try Self.run(report + ["--digest", "p2.dg", "-f", format] + extra, in: people)
        #expect(digest.stdout == journal.stdout, "\(report) \(format)")
      }
    }
    let compare = ["compare", "2026-01", "2026-02", "--today", "2026-03-01"]
    let journal = try Self.run(compare + ["--journal", "p2"], in: people)
    #expect(try Self.run(compare + ["--digest", "p2.dg"], in: people).stdout == journal.stdout)
  }

  @Test func partsOfOneJournalMergeIntoItsDigest() throws {
    guard let folder = try Self.generatedCohort() else { return }
    defer { try? FileManager.default.removeItem(at: folder) }
    // p1 split into two journals of the same name, by day file.
    let files = try FileManager.default.contentsOfDirectory(
      atPath: folder.appendingPathComponent("people/p1").path
    )
    .filter { $0.hasSuffix(".jsonl") && $0 != "ingredients.jsonl" }.sorted()
    for (index, name) in files.enumerated() {
      let part = folder.appendingPathComponent("part\(index % 2)/p1")
      try FileManager.default.createDirectory(at: part, withIntermediateDirectories: true)
      try FileManager.default.copyItem(
        at: folder.appendingPathComponent("people/p1/\(name)"), to: part.appendingPathComponent(name))
    }
    for part in ["part0", "part1", "people"] {
      let ingredients = folder.appendingPathComponent("people/p1/ingredients.jsonl")
      if part != "people" {
        try FileManager.default.copyItem(
          at: ingredients, to: folder.appendingPathComponent("\(part)/p1/ingredients.jsonl"))
      }
      _ = try Self.run(
        ["digest", "--journal", "p1", "-o", "../\(part).dg"], in: folder.appendingPathComponent(part))
    }
    _ = try Self.run(["merge", "part1.dg", "part0.dg", "-o", "sum.dg"], in: folder)
    _ = try Self.run(["merge", "part0.dg", "part1.dg", "--cohort", "-o", "same.dg"], in: folder)
    #expect(try Self.bytes("sum.dg", in: folder) == Self.bytes("people.dg", in: folder))
    #expect(try Self.bytes("same.dg", in: folder) == Self.bytes("people.dg", in: folder))
    let again = try ToolRun.run(["merge", "sum.dg", "part0.dg", "-o", "twice.dg"], in: folder)
    #expect(again.status == 2)
    #expect(again.stderr.contains("counted twice"))
  }

  @Test func mismatchedDamagedAndRowNeedingUsesAreRefusedWithTheirReason() throws {
    guard let folder = try Self.generatedCohort() else { return }
    defer { try? FileManager.default.removeItem(at: folder) }
    let people = folder.appendingPathComponent("people")
    _ = try Self.run(["digest", "--journal", "p1", "-o", "../a.dg"], in: people)
    _ = try Self.run(["digest", "--journal", "p2", "--low-confidence", "0.6", "-o", "../b.dg"], in: people)
    let mixed = try ToolRun.run(["merge", "a.dg", "b.dg", "--cohort", "-o", "m.dg"], in: folder)
    #expect(mixed.status == 2)
    #expect(mixed.stderr.contains("'a.dg'") && mixed.stderr.contains("'b.dg'"))
    #expect(mixed.stderr.contains("low-confidence threshold"))
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("m.dg").path))
    let asked = try ToolRun.run(Self.week + ["--digest", "a.dg", "--low-confidence", "0.6"], in: folder)
    #expect(asked.status == 2)
    #expect(asked.stderr.contains("low-confidence threshold 0.5"))
    let bytes = try Self.bytes("a.dg", in: folder)
    try bytes.prefix(bytes.count / 2).write(to: folder.appendingPathComponent("cut.dg"))
    let cut = try ToolRun.run(Self.week + ["--digest", "cut.dg"], in: folder)
    #expect(cut.status == 3)
    #expect(cut.stderr.contains("'cut.dg' is damaged or truncated"))
    for (command, says) in [
      (["entries", "all"], "entries lists the entries"), (["day", "2026-01-05"], "lists the entries eaten"),
      (["ingredients", "all"], "ingredient database"),
    ] {
      let refused = try ToolRun.run(command + ["--today", "2026-03-01", "--digest", "a.dg"], in: folder)
      #expect(refused.status == 2, "\(command)")
      #expect(refused.stderr.contains(says), "\(command): \(refused.stderr)")
    }
  }
}
