import Foundation
import TestSupport
import Testing

/// The cohort report on Apache Spark (the driver `spark-driver` writes, manual: spark): 200
/// generated journals digested by Spark tasks in local mode (`local[2]`), merged by a tree of
/// `merge --cohort` runs, give the same bytes as `--journals` on one machine and as merges of
/// shuffled groupings of the journals' digests; with `--by`, the split the driver passes to
/// `digest` and the report is the one machine's. Skipped when pyspark or Java is missing (CI
/// installs both: `pip install pyspark` and a JDK from Debian packages).
@Suite(.tags(.slow), .slowSuite) struct SparkCohortTests {
  static let journalCount = 200
  static let report = "week all --today 2026-03-01 -f csv"

  /// Whether `python3 -c 'import pyspark'` works and `java` is on the PATH.
  static let sparkAvailable = ToolRun.findExecutable("java") != nil && ToolRun.pythonImports("pyspark")

  /// `count` generated journals (gen_journal.py) in `folder`/journals; returns that folder.
  static func generate(_ count: Int, in folder: URL) throws -> URL {
    let journals = folder.appendingPathComponent("journals")
    // All journals from one Python process (gen_journal.py's main, once per seed).
    let generate = """
      import sys
      tools, out, manifests = sys.argv[1:4]
      sys.path.insert(0, tools)
      import gen_journal
      for seed in range(1, \(count) + 1):
          sys.argv = ["gen_journal.py", "--out", "%s/p%03d" % (out, seed), "--days", "20", "--per-day", "3",
                      "--start", "2026-01-%02d" % (1 + seed % 28), "--seed", str(seed), "--jobs", "1",
                      "--manifest", "%s/p%03d.json" % (manifests, seed)]
          gen_journal.main()
      """
    let generated = try ToolRun.launch(
      try #require(ToolRun.findExecutable("python3")),
      [
        "-c", generate, ToolRun.packageRoot.appendingPathComponent("Tests/Tools").path, journals.path,
        folder.path,
      ],
      in: folder, environment: ProcessInfo.processInfo.environment)
    try #require(generated.status == 0, "generating journals failed: \(generated.stderr)")
    return journals
  }

  @Test(.enabled(if: sparkAvailable, "needs pyspark and java (pip install pyspark; a JDK): skipped"))
  func sparkLocalModeGivesTheOneMachineReportAndTheShuffledMergesBytes() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let journals = try Self.generate(Self.journalCount, in: folder)

    let driver = folder.appendingPathComponent("cohort_spark.py").path
    let written = try ToolRun.run(["spark-driver", "-o", driver])
    try #require(written.status == 0, "spark-driver failed: \(written.stderr)")
    let spark = try ToolRun.launch(
      try #require(ToolRun.findExecutable("python3")),
      [
        driver, "--binary", ToolRun.binary.path, "--journals", journals.path, "--report", Self.report,
        "--out", folder.appendingPathComponent("spark.csv").path,
        "--digest-out", folder.appendingPathComponent("spark.digest").path, "--partitions", "7",
      ], in: folder, environment: ProcessInfo.processInfo.environment)
    try #require(spark.status == 0, "spark_cohort.py failed: \(spark.stderr)")
    let oneMachine = try ToolRun.run(
      Self.report.split(separator: " ").map(String.init) + ["--journals", journals.path])
    #expect(oneMachine.status == 0)
    #expect(
      try String(contentsOf: folder.appendingPathComponent("spark.csv"), encoding: .utf8) == oneMachine.stdout
    )
    #expect(oneMachine.csvRows().count > Self.journalCount)

    // Digests of shuffled groups of journals, merged in another grouping, give Spark's bytes.
    var names = try FileManager.default.contentsOfDirectory(atPath: journals.path).sorted()
    var random = SystemRandomNumberGenerator()
    names.shuffle(using: &random)
    var parts: [String] = []
    for (index, start) in stride(from: 0, to: names.count, by: 37).enumerated() {
      let part = folder.appendingPathComponent("part\(index).digest").path
      let group = names[start..<min(start + 37, names.count)].flatMap { ["--journal", $0] }
      let digest = try ToolRun.run(["digest", "--cohort"] + group + ["-o", part, "--quiet"], in: journals)
      try #require(digest.status == 0, "\(digest.stderr)")
      parts.append(part)
    }
    parts.shuffle(using: &random)
    let half = parts.count / 2
    let merged = folder.appendingPathComponent("merged.digest").path
    for (inputs, output) in [
      (Array(parts[..<half]), merged + ".a"), (Array(parts[half...]), merged + ".b"),
      ([merged + ".b", merged + ".a"], merged),
    ] {
      let run = try ToolRun.run(["merge"] + inputs + ["--cohort", "-o", output])
      try #require(run.status == 0, "\(run.stderr)")
    }
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: merged))
        == Data(contentsOf: folder.appendingPathComponent("spark.digest")))
  }

  @Test(.enabled(if: sparkAvailable, "needs pyspark and java (pip install pyspark; a JDK): skipped"))
  func theDriverPassesBySoTheSplitIsTheOneMachinesBytes() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let journals = try Self.generate(12, in: folder)
    let driver = folder.appendingPathComponent("cohort_spark.py").path
    let written = try ToolRun.run(["spark-driver", "-o", driver])
    try #require(written.status == 0, "spark-driver failed: \(written.stderr)")
    let out = folder.appendingPathComponent("spark.csv")
    let spark = try ToolRun.launch(
      try #require(ToolRun.findExecutable("python3")),
      [
        driver, "--binary", ToolRun.binary.path, "--journals", journals.path, "--report", Self.report,
        "--by", "meal", "--out", out.path, "--partitions", "3",
      ], in: folder, environment: ProcessInfo.processInfo.environment)
    try #require(spark.status == 0, "spark_cohort.py failed: \(spark.stderr)")
    let oneMachine = try ToolRun.run(
      Self.report.split(separator: " ").map(String.init) + ["--by", "meal", "--journals", journals.path])
    #expect(oneMachine.status == 0)
    #expect(oneMachine.csvRows().first?.contains("value") == true)
    #expect(try String(contentsOf: out, encoding: .utf8) == oneMachine.stdout)
  }
}
