import Foundation
import TestSupport
import Testing

/// Another package can use the libraries (manual: architecture): a throwaway package that depends on
/// this one by version — a clone of HEAD tagged `0.1.0`, reached through a `file://` URL, as
/// `.package(url:from:)` reaches a release — resolves (no product it uses has an unsafe build flag),
/// builds, and renders in its own process the bytes the CLI writes. Its program is
/// `Tests/Fixtures/consumer-package/main.swift`, the manual's example. One debug build of its own,
/// in the temporary folder (minutes); skipped without `git`, or outside a git work tree.
@Suite(.tags(.slow), .slowSuite) struct ConsumerPackageTests {
  static let program = ToolRun.fixtures.appendingPathComponent("consumer-package/main.swift")
  static let today = "2026-11-22"

  /// Whether `git` and `swift` are on the PATH and the package is a git work tree (HEAD is what the
  /// consumer gets).
  static let canClone =
    ToolRun.findExecutable("git") != nil && ToolRun.findExecutable("swift") != nil
    && FileManager.default.fileExists(atPath: ToolRun.packageRoot.appendingPathComponent(".git").path)

  @Test(.enabled(if: canClone, "needs git, swift and a git work tree to clone HEAD from: skipped"))
  func packageDependingOnThisOneByVersionRendersTheCLIsWeekReportInProcess() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let release = folder.appendingPathComponent("demeter-report")
    try Self.run(
      "git", ["clone", "--quiet", "--no-tags", ToolRun.packageRoot.path, release.path], in: folder)
    try Self.run("git", ["tag", "0.1.0"], in: release)

    let consumer = folder.appendingPathComponent("consumer")
    let sources = consumer.appendingPathComponent("Sources/consumer")
    try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
    try Self.manifest(dependingOn: release).write(
      to: consumer.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
    try FileManager.default.copyItem(at: Self.program, to: sources.appendingPathComponent("main.swift"))
    // Its own scratch and cache folders: nothing from this package's build or the user's cache.
    try Self.run(
      "swift",
      [
        "build", "--package-path", consumer.path, "--scratch-path",
        consumer.appendingPathComponent(".build").path,
        "--cache-path", folder.appendingPathComponent("cache").path,
      ], in: consumer)

    let binary = consumer.appendingPathComponent(".build/debug/consumer")
    for format in ["csv", "html", "markdown", "text"] {
      let cli = try ToolRun.run(
        ["week", "all", "--journal", ToolRun.sampleJournal, "--today", Self.today, "-f", format])
      try #require(cli.status == 0, "the CLI failed: \(cli.stderr)")
      let library = try ToolRun.launch(
        binary, [ToolRun.sampleJournal, Self.today, format], in: ToolRun.packageRoot,
        environment: ["PATH": "/usr/bin:/bin", "LANG": "C", "TZ": "Pacific/Chatham"])
      try #require(library.status == 0, "the consumer failed: \(library.stderr)")
      #expect(library.stdout == cli.stdout, "\(format): the consumer's bytes differ from the CLI's")
      #expect(!cli.stdout.isEmpty)
    }
  }

  @Test func manualShowsTheConsumersProgram() throws {
    let manual = try String(
      contentsOf: ToolRun.packageRoot.appendingPathComponent(
        "Sources/DemeterCommandLine/Documentation.docc/architecture.md"), encoding: .utf8)
    let program = try String(contentsOf: Self.program, encoding: .utf8)
    #expect(
      manual.contains("```swift\n" + program + "```\n"),
      "the architecture topic's example is not \(Self.program.path)")
  }

  /// The consumer's manifest: one executable using the engine and the report maker, this package by
  /// version.
  static func manifest(dependingOn release: URL) -> String {
    """
    // swift-tools-version:6.0
    import PackageDescription

    let package = Package(
      name: "Consumer",
      platforms: [.macOS(.v15)],
      dependencies: [.package(url: "\(release.absoluteString)", from: "0.1.0")],
      targets: [
        .executableTarget(
          name: "consumer",
          dependencies: ["DemeterCore", "DemeterReports"].map {
            .product(name: $0, package: "demeter-report")
          })
      ],
      swiftLanguageModes: [.v6]
    )

    """
  }

  /// Runs `tool` (found on the test's PATH) with the test's environment; a failure ends the test with
  /// the end of its output.
  static func run(_ tool: String, _ arguments: [String], in directory: URL) throws {
    let executable = try #require(ToolRun.findExecutable(tool))
    let run = try ToolRun.launch(
      executable, arguments, in: directory, environment: ProcessInfo.processInfo.environment)
    try #require(
      run.status == 0,
      "\(tool) \(arguments.joined(separator: " ")) failed (\(run.status)):\n\(run.stdout.suffix(3000))\n\(run.stderr.suffix(3000))"
    )
  }
}
