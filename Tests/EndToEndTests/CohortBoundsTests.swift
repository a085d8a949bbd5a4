import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A cohort folder is read as far as it reaches and no further (issue 48): a member reached
/// through a link must lie inside the folder, one real journal is one person however many names
/// lead to it, what is left out is said, and no journal is the file system's root.
@Suite struct CohortBoundsTests {
  /// A copy of the cohort fixture (`ana`, `bob`, `=eve|<b>&`); the caller removes `folder`.
  static func cohort() throws -> (folder: URL, cohort: String) {
    let folder = try ToolRun.makeTemporaryDirectory()
    let cohort = folder.appendingPathComponent("cohort")
    try FileManager.default.copyItem(
      at: ToolRun.packageRoot.appendingPathComponent(CohortTests.cohort), to: cohort)
    return (folder, cohort.path)
  }

  /// Links to `/`, to the cohort folder itself and to a member under a second name: the report is
  /// the one without them, and stderr says each was left out and why.
  @Test func linksLeavingTheFolderOrReachingAMemberAgainAreLeftOutAndSaid() throws {
    let (folder, cohort) = try Self.cohort()
    defer { try? FileManager.default.removeItem(at: folder) }
    let alone = try ToolRun.run(CohortTests.week + ["--journals", cohort])
    #expect(alone.status == 0, "\(alone.stderr)")
    for (name, target) in [("zroot", "/"), ("up", cohort), ("twin", "ana")] {
      try FileManager.default.createSymbolicLink(atPath: cohort + "/" + name, withDestinationPath: target)
    }
    let run = try ToolRun.run(CohortTests.week + ["--journals", cohort])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout == alone.stdout)
    #expect(
      run.stderrLines == [
        "demeter-report: warning: '\(cohort)/twin' is left out: it is the same journal as '\(cohort)/ana'",
        "demeter-report: warning: '\(cohort)/up' is left out: it links to '\(cohort)', which is not inside "
          + "'\(cohort)'; name it with --journal to include it",
        "demeter-report: warning: '\(cohort)/zroot' is left out: it links to '/', which is not inside "
          + "'\(cohort)'; name it with --journal to include it",
      ])
    // Named with --journal, a journal outside the folder is read; one journal named twice is one.
    let named = try ToolRun.run(
      CohortTests.week + [
        "--journal", cohort + "/ana", "--journal", cohort + "/twin", "--journal", cohort + "/bob",
      ])
    #expect(named.status == 0, "\(named.stderr)")
    #expect(CohortTests.people(named) == ["ana", "bob", "(cohort)"])
    #expect(
      named.stderrLines == [
        "demeter-report: warning: '\(cohort)/twin' is left out: it is the same journal as '\(cohort)/ana'"
      ])
  }

  /// A member folder that cannot be read is counted, as a person with nothing read, and said on
  /// stderr, instead of leaving the cohort silently.
  @Test(.enabled(if: BoundedRun.canRunUnprivileged)) func anUnreadableMemberIsCountedAndSaid() throws {
    let (folder, cohort) = try Self.cohort()
    defer {
      chmod(cohort + "/locked", 0o755)
      try? FileManager.default.removeItem(at: folder)
    }
    try FileManager.default.copyItem(atPath: cohort + "/bob", toPath: cohort + "/locked")
    #expect(chmod(cohort + "/locked", 0) == 0)
    let run = try BoundedRun.run(CohortTests.week + ["--journals", cohort], unprivileged: true)
    #expect(run.status == 0, "\(run.stderr)")
    let rows = (try? CSVReader.rows(run.stdout)) ?? []
    #expect(CSVReader.column("journal", of: rows) == ["'=eve|<b>&", "ana", "bob", "locked", "(cohort)"])
    #expect(
      run.stderrLines.first
        == "demeter-report: journal 'locked': \(cohort)/locked:1:1: error: cannot read folder: Permission denied",
      "\(run.stderr)")
  }

  /// The file system's root is never a journal, named or found.
  @Test func theRootIsNotAJournal() throws {
    for arguments in [["--journal", "/"], ["--journal", "/", "--journal", ToolRun.sampleJournal]] {
      let run = try ToolRun.run(["week", "2026-W47"] + arguments)
      #expect(run.status == 2, "\(arguments): \(run.stderr)")
      #expect(
        run.stderr.contains("'/' is the file system's root, not a journal"), "\(arguments): \(run.stderr)")
    }
  }
}
