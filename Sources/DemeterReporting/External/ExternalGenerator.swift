import DemeterCore

/// An external generator (SPEC §7): an executable `demeter-report-NAME` that reads the JSON report
/// model on its standard input and writes the report on its standard output (the git/hledger add-on
/// convention). It is started without a shell and without arguments, with the environment of this
/// process plus `DEMETER_REPORT_FORMAT=NAME`; its failure is the command's failure.
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

  public func render(_ report: ReportModel, options: RenderOptions) throws(ReportRenderError) -> [UInt8] {
    let environment =
      ProcessEnvironment.entries().filter { !$0.hasPrefix("DEMETER_REPORT_FORMAT=") }
      + ["DEMETER_REPORT_FORMAT=\(name)"]
    let input = Array((report.jsonText + "\n").utf8)
    let result: ChildProcess.Result
    do {
      result = try ChildProcess.run(executablePath, input: input, environment: environment)
    } catch {
      throw ReportRenderError("\(label) could not be started: \(ChildProcess.describe(error))")
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
