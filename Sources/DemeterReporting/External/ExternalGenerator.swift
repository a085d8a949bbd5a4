import DemeterCore

/// An external generator (manual: output): an executable `demeter-report-NAME` that reads the JSON report
/// model on its standard input and writes the report on its standard output (the git/hledger add-on
/// convention). It is started without a shell and without arguments, with the environment of this
/// process plus `DEMETER_REPORT_FORMAT=NAME`; its failure is the command's failure. It runs at most
/// `RenderOptions.pluginTimeout` and may write at most `outputLimit` bytes; its process group ends
/// with it, and with this process (`ChildProcess`).
public struct ExternalGenerator: ReportGenerator, Hashable {
  /// The prefix of an external generator's file name.
  public static let programPrefix = "demeter-report-"

  /// `NAME`, the `--format` name.
  public var name: String
  /// Where the program is (the PATH folder joined with its file name).
  public var executablePath: String

  public init(name: String, executablePath: String) {
    self.name = name
    self.executablePath = executablePath
  }

  public var fileExtension: String { name }
  public var mediaType: String { "application/octet-stream" }
  public var summary: String { "external program \(executablePath)" }

  /// At most this many lines of the program's standard error go into a failure message.
  static let stderrLinesInMessage = 5
  /// How long a generator may run by default.
  public static let defaultTimeout = TimeLimit(seconds: 60)
  /// The most a generator may write to its standard output (256 MiB): a larger report is an error.
  public static let outputLimit = 256 << 20
  /// How much of a generator's standard error is kept (1 MiB; only its first lines are shown).
  static let errorLimit = 1 << 20

  public func render(_ report: ReportModel, options: RenderOptions) throws(ReportRenderError) -> [UInt8] {
    let environment =
      ProcessEnvironment.entries().filter { !$0.hasPrefix("DEMETER_REPORT_FORMAT=") }
      + ["DEMETER_REPORT_FORMAT=\(name)"]
    let input = Array((report.jsonText + "\n").utf8)
    let result: ChildProcess.Result
    do {
      result = try ChildProcess.run(
        executablePath, input: input, environment: environment,
        limits: ChildProcess.Limits(
          time: options.pluginTimeout, outputBytes: Self.outputLimit, errorBytes: Self.errorLimit))
    } catch {
      throw ReportRenderError("\(label) could not be started: \(ChildProcess.describe(error))")
    }
    switch result.stopped {
    case .timedOut:
      throw ReportRenderError(
        "\(label) did not finish within \(options.pluginTimeout) and was stopped (allow more with "
          + "--plugin-timeout SECONDS)\(excerpt(result.standardError))")
    case .outputTooLarge:
      throw ReportRenderError(
        "\(label) wrote more than \(Self.outputLimit >> 20) MiB to standard output and was stopped")
    case nil:
      break
    }
    switch result.termination {
    case .exit(0):
      return result.standardOutput
    case .exit(let status):
      throw ReportRenderError("\(label) failed with exit status \(status)\(excerpt(result.standardError))")
    case .signal(let signal):
      throw ReportRenderError("\(label) failed: killed by signal \(signal)\(excerpt(result.standardError))")
    }
  }

  private var label: String {
    "external generator '\(name)' (\(AtomicFileWriter.quoted(executablePath).dropFirst().dropLast()))"
  }

  /// `: ` and the first non-empty lines of `standardError` joined by `; `, control characters made
  /// visible; nothing when it is empty.
  private func excerpt(_ standardError: [UInt8]) -> String {
    let text = String(decoding: standardError, as: UTF8.self)
    let lines = text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
      .map { $0.trimmingSpaces() }
      .filter { !$0.isEmpty }
    if lines.isEmpty { return "" }
    var shown = lines.prefix(Self.stderrLinesInMessage).map {
      String(AtomicFileWriter.quoted($0).dropFirst().dropLast())
    }
    if lines.count > Self.stderrLinesInMessage { shown.append("…") }
    return ": " + shown.joined(separator: "; ")
  }
}
