import Foundation
import TestSupport
import Testing

/// Every command of the README and of the manual runs as written (manual: testing): each fenced `sh`
/// block, in order, with `sh -e` in a scratch home folder and the built binary on `PATH` as
/// `demeter-report`. Left out: `swift build`/`swift test` lines (`swift run demeter-report` runs the
/// binary), lines marked `needs a cluster`, and lines marked `needs pyspark` when pyspark or Java is
/// missing; blocks fenced `sh checkout` are for a repository checkout and are not run.
@Suite(.tags(.slow), .slowSuite) struct DocumentationCommandsTests {
  static let manualFolder = ToolRun.packageRoot.appendingPathComponent(
    "Sources/DemeterCommandLine/Documentation.docc")

  /// `README.md` and each topic of the manual, as files to run one after the other.
  static let documents: [String] =
    ["README.md"]
    + ((try? FileManager.default.contentsOfDirectory(atPath: manualFolder.path)) ?? [])
    .filter { $0.hasSuffix(".md") }.sorted().map { "Sources/DemeterCommandLine/Documentation.docc/\($0)" }

  @Test(arguments: documents)
  func everyShellBlockRunsAsWritten(_ document: String) throws {
    let text = try String(
      contentsOf: ToolRun.packageRoot.appendingPathComponent(document), encoding: .utf8)
    let script = Self.script(of: text, spark: SparkCohortTests.sparkAvailable)
    guard !script.isEmpty else { return }
    let home = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let bin = home.appendingPathComponent(".demeter-test-bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      at: bin.appendingPathComponent("demeter-report"), withDestinationURL: ToolRun.binary)
    let systemPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    let run = try ToolRun.launch(
      URL(fileURLWithPath: "/bin/sh"), ["-exc", "cd \"$HOME\"\n" + script], in: home,
      environment: [
        "HOME": home.path, "PATH": bin.path + ":" + systemPath, "LANG": "C", "TZ": "UTC",
        "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.org",
        "GIT_COMMITTER_NAME": "Test", "GIT_COMMITTER_EMAIL": "test@example.org",
        "JAVA_HOME": ProcessInfo.processInfo.environment["JAVA_HOME"] ?? "",
      ])
    #expect(run.status == 0, "\(document): exit \(run.status); the end of its trace:\n\(run.stderr.suffix(3000))")
  }

  /// The commands of `text`'s `sh` blocks, one script.
  static func script(of text: String, spark: Bool) -> String {
    var lines: [String] = []
    var block: [Substring]?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if block == nil {
        if line == "```sh" { block = [] }
      } else if line == "```" {
        lines += commands(of: block ?? [], spark: spark)
        block = nil
      } else {
        block?.append(line)
      }
    }
    return lines.joined(separator: "\n")
  }

  /// A block's commands: continued lines taken together, here-documents kept whole, the lines
  /// left out as the suite's summary says.
  static func commands(of block: [Substring], spark: Bool) -> [String] {
    var result: [String] = []
    var index = 0
    while index < block.count {
      var command = [String(block[index])]
      index += 1
      while command.last?.hasSuffix("\\") == true, index < block.count {
        command.append(String(block[index]))
        index += 1
      }
      if let last = command.last, last.contains("<<'EOF'") || last.contains("<<EOF") {
        while index < block.count {
          command.append(String(block[index]))
          index += 1
          if command.last == "EOF" { break }
        }
      }
      let text = command.joined(separator: "\n")
      let words = text.split(separator: " ")
      if text.contains("needs a cluster") || (text.contains("needs pyspark") && !spark)
        || words.starts(with: ["swift", "build"]) || words.starts(with: ["swift", "test"])
      {
        continue
      }
      result.append(text.replacingOccurrences(of: "swift run demeter-report", with: "demeter-report"))
    }
    return result
  }
}
