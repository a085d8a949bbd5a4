import DemeterCommandLine
import DemeterReports
import Foundation
import TestSupport
import Testing

/// Runs `demeter-report` (in-process, or the built binary) and captures what it did.
struct ToolRun {
  var status: Int32
  var stdout: String
  var stderr: String

  /// The package's root folder (for fixtures).
  static let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static let fixtures = packageRoot.appendingPathComponent("Tests/Fixtures")

  /// The 28-day sample journal (2026-10-26 … 2026-11-22), relative to `packageRoot`.
  static let sampleJournal = "Tests/Fixtures/sample-journal"
  /// One day file with 7 errors and 2 warnings, relative to `packageRoot`.
  static let badJournal = "Tests/Fixtures/bad-journal"
  /// 14 valid entries (2026-11-16 … 2026-11-18) whose strings attack every output format, relative to
  /// `packageRoot`; `HostileStrings.all` lists them.
  static let hostileJournal = "Tests/Fixtures/hostile-journal"

  /// Three journals of three people (`ana`, `bob`, `=eve|<b>&`), each with its own settings, over
  /// 2026-11-16 … 2026-11-25, relative to `packageRoot`.
  static let cohortJournals = "Tests/Fixtures/cohort"

  /// The `demeter-report` binary built next to the test bundle.
  static var binary: URL { binary(named: "demeter-report") }

  /// The package's executable `name` (`demeter-report`, `demeter-bench`) built next to the test bundle.
  static func binary(named name: String) -> URL {
    var directory = Bundle.main.bundleURL
    for _ in 0..<4 {
      let candidate = directory.appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory = directory.deletingLastPathComponent()
    }
    return packageRoot.appendingPathComponent(".build/debug/\(name)")
  }

  /// Runs the tool (or another of the package's executables) with `arguments` in `directory`, with a
  /// clean environment plus `environment` (`PATH=/usr/bin:/bin`, `LANG=C`, `TZ=Pacific/Chatham`, no
  /// `HOME`: no user templates; `DEMETER_NO_CACHE=1`: reports on the fixtures write no parse cache
  /// into the source tree, and `CacheTests` turn it back on with `DEMETER_NO_CACHE=""` on copies).
  ///
  /// `demeter-report` runs in-process (`inProcess`) when it runs in the package's folder, which is
  /// the test process's working folder, and does not set `TZ` of its own (the machine's zone is the
  /// whole process's, read once); otherwise, or with `binary`, the built binary runs. Suites that need the real binary
  /// (exit by signal, locks between processes, memory caps, the binary's own output) pass
  /// `binary: true`.
  static func run(
    _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
    executable: String = "demeter-report", binary runsBinary: Bool = false
  ) throws -> ToolRun {
    var base = ["PATH": "/usr/bin:/bin", "LANG": "C", "TZ": defaultZone, "DEMETER_NO_CACHE": "1"]
    base.merge(environment) { _, new in new }
    let directory = directory ?? packageRoot
    if executable == "demeter-report", !runsBinary, base["TZ"] == defaultZone, directory == packageRoot,
      runsInPackageFolder
    {
      return inProcess(arguments, environment: base)
    }
    return try launch(binary(named: executable), arguments, in: directory, environment: base)
  }

  /// The `TZ` every run has unless it sets its own.
  static let defaultZone = "Pacific/Chatham"

  /// Whether this process works in the package's folder (as under `swift test`), where in-process
  /// runs find the paths the tests give relative to it. Never changed here: the working folder is
  /// the whole process's.
  static let runsInPackageFolder =
    URL(fileURLWithPath: FileManager.default.currentDirectoryPath).resolvingSymlinksInPath().path
    == packageRoot.resolvingSymlinksInPath().path

  /// Runs `CommandLineTool` in this process with `environment` in place of the process's, empty
  /// standard input, and a console that keeps what it writes.
  static func inProcess(_ arguments: [String], environment: [String: String]) -> ToolRun {
    var console = Console.capturing()
    let status = CommandLineTool.run(arguments, console: &console, environment: environment)
    return ToolRun(
      status: status, stdout: String(decoding: console.capturedOutput, as: UTF8.self),
      stderr: String(decoding: console.capturedErrors, as: UTF8.self))
  }

  /// Runs `python3 script arguments…` with the test process's own environment (to find `python3`
  /// on its `PATH`); nil when there is no `python3`.
  static func python(_ script: String, _ arguments: [String]) throws -> ToolRun? {
    guard let python3 = findExecutable("python3") else { return nil }
    let scriptPath = packageRoot.appendingPathComponent("Tests/Tools/\(script)").path
    return try launch(
      python3, [scriptPath] + arguments, in: packageRoot, environment: ProcessInfo.processInfo.environment)
  }

  /// Whether `python3 -c 'import MODULE'` works.
  static func pythonImports(_ module: String) -> Bool {
    guard let python3 = findExecutable("python3") else { return false }
    let probe = try? launch(
      python3, ["-c", "import " + module], in: packageRoot, environment: ProcessInfo.processInfo.environment)
    return probe?.status == 0
  }

  /// `name` on the test process's `PATH`.
  static func findExecutable(_ name: String) -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return nil
  }

  /// A new empty folder under the temporary directory; the caller removes it.
  static func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "demeter-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Copies the sample journal into a new temporary folder (`<folder>/journal`); the caller removes
  /// the folder.
  static func copyOfSampleJournal() throws -> (folder: URL, journal: URL) {
    let folder = try makeTemporaryDirectory()
    let journal = folder.appendingPathComponent("journal")
    try FileManager.default.copyItem(at: fixtures.appendingPathComponent("sample-journal"), to: journal)
    return (folder, journal)
  }

  /// stdout as CSV rows (RFC 4180), or an empty list (and a recorded issue) when it is not CSV.
  func csvRows(sourceLocation: SourceLocation = #_sourceLocation) -> [[String]] {
    do {
      return try CSVReader.rows(stdout)
    } catch {
      Issue.record("stdout is not CSV (\(error)): \(stdout.prefix(200))", sourceLocation: sourceLocation)
      return []
    }
  }

  /// stderr split into lines (without the final empty one).
  var stderrLines: [String] {
    stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
  }

  /// Runs `executable` with standard input closed, capturing its output through files (no pipe can
  /// fill up and block it).
  static func launch(
    _ executable: URL, _ arguments: [String], in directory: URL, environment: [String: String]
  ) throws -> ToolRun {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.environment = environment
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "demeter-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let outURL = scratch.appendingPathComponent("stdout")
    let errURL = scratch.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let out = try FileHandle(forWritingTo: outURL)
    let err = try FileHandle(forWritingTo: errURL)
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    try out.close()
    try err.close()
    return ToolRun(
      status: process.terminationStatus, stdout: try String(contentsOf: outURL, encoding: .utf8),
      stderr: try String(contentsOf: errURL, encoding: .utf8))
  }
}
