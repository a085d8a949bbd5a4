import Foundation
import TestSupport
import Testing

/// Standard input gets the limits of the files it stands for (manual: reliability): `/dev/zero`
/// on stdin, with the tool's address space capped by `prlimit --as`, is refused at the file-size
/// limit with a clear message and the exit code of the same file given by name, never an
/// allocation failure (issue 48).
@Suite(.serialized, .tags(.slow), .slowSuite) struct StandardInputLimitTests {
  /// The address space the issue reproduced the allocation failure under.
  static let addressSpace = 1 << 30

  /// A command reading stdin, the status a file over the limit gives it, and the file's kind.
  struct Case: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    var status: Int32
    var says: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let dayFileLimit = "over the limit of 256 MiB for a day file"

  static let cases = [
    Case(arguments: ["add", "-"], status: 3, says: dayFileLimit),
    Case(
      arguments: ["import", "--from", "csv", "-"], status: 3,
      says: "over the limit of 256 MiB for an import file"),
    Case(
      arguments: ["check", "--stdin-name", "journal/2026-11-21.jsonl", "-"], status: 1,
      says: "journal/2026-11-21.jsonl:1:1: error: standard input is " + dayFileLimit),
    Case(arguments: ["fmt", "--check", "-"], status: 3, says: dayFileLimit),
  ]

  @Test(arguments: cases) func endlessStandardInputIsRefusedAtTheFileLimit(_ test: Case) throws {
    guard BoundedRun.prlimit != nil else {
      print("skipped: prlimit (util-linux) is not installed, so the address space cannot be capped")
      return
    }
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try BoundedRun.run(
      test.arguments + ["--journal", folder.path], addressSpace: Self.addressSpace, stdin: "/dev/zero")
    #expect(!run.timedOut, "hung (killed after 60 s)")
    #expect(run.signal == nil, "ended by signal \(run.signal ?? 0): \(run.stderr.prefix(500))")
    #expect(run.status == test.status, "\(run.stderr.prefix(500))")
    #expect(run.stderr.contains(test.says), "\(run.stderr.prefix(500))")
    #expect(run.stderr.utf8.count < 4 << 10, "stderr of \(run.stderr.utf8.count) bytes")
  }
}
