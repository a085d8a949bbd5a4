import DemeterCore
import DemeterReporting
import DemeterReports

/// `spark-driver`: writes the Apache Spark driver of cohort reports (`Scripts/cohort_spark.py`,
/// compiled into the binary) for `spark-submit` or `python3` to run (manual: spark).
enum SparkDriverCommand {
  static let fileName = "cohort_spark.py"

  static let output = OptionSpec.value(
    "output", short: "o", "FILE", help: "Write the driver to FILE (atomically) instead of standard output.")

  static let command = Command(
    name: "spark-driver",
    abstract: "Write the Apache Spark driver that runs cohort reports on a cluster.",
    positionals: [],
    discussion: """
      The driver (a PySpark program) spreads the journal folders under --journals over Spark tasks;
      each task runs this binary to write the digest file of its journals, the digests are merged by a
      tree of 'merge --cohort' runs, and the report is made from the merged digest: byte-identical to
      'REPORT --journals DIR' on one machine, whatever the partitioning. Run it with python3 (local
      mode) or spark-submit; 'demeter-report help spark' says how.
      """,
    examples: [
      ("spark-driver -o \(fileName)", "Write the driver, then run it with spark-submit or python3."),
      ("spark-driver | head -20", "Read its description."),
    ],
    options: [output],
    run: run)

  static func run(_ arguments: ParsedArguments, _ console: inout Console) throws(CommandError) -> Int32 {
    guard arguments.positionals.isEmpty else {
      throw .usage("spark-driver takes no arguments (got '\(TextEscaping.terminal(arguments.positionals[0]))')")
    }
    let bytes = Array((EmbeddedScripts.files[fileName] ?? "").utf8)
    guard let path = arguments.value(output), path != "-" else {
      console.write(bytes)
      return 0
    }
    do {
      try AtomicFileWriter.writeOutputIfChanged(bytes, to: path)
    } catch {
      throw .io(error.description)
    }
    return 0
  }
}
