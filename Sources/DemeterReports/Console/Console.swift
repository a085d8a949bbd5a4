import DemeterCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A command's standard streams: standard output for results, standard error for messages, standard
/// input for `-`. The process's own, or captured: a test runs a command in-process with given input
/// and reads what it wrote.
public struct Console {
  /// The streams a console stands for.
  public enum Stream: Sendable {
    case input, output, error

    var descriptor: Int32 {
      switch self {
      case .input: 0
      case .output: 1
      case .error: 2
      }
    }
  }

  /// What a captured console was given and has written.
  private struct Capture {
    var output: [UInt8] = []
    var errors: [UInt8] = []
    /// Whether its standard output stands for a terminal.
    var outputIsTerminal = false
  }

  /// The width assumed for a terminal that does not say its own.
  public static let defaultWidth = 80

  /// What stands for standard input.
  public let input: StandardInput
  private var capture: Capture?

  /// The process's standard streams.
  public init() {
    input = .process
  }

  private init(capturingWith input: [UInt8], outputIsTerminal: Bool) {
    self.input = .bytes(input)
    capture = Capture(outputIsTerminal: outputIsTerminal)
  }

  /// A console that reads `input` as standard input and keeps what is written to it; none of its
  /// streams is a terminal, unless `outputIsTerminal`: then standard output stands for one (of
  /// `COLUMNS` columns, else `defaultWidth`).
  public static func capturing(input: [UInt8] = [], outputIsTerminal: Bool = false) -> Console {
    Console(capturingWith: input, outputIsTerminal: outputIsTerminal)
  }

  /// What was written to standard output (captured consoles only).
  public var capturedOutput: [UInt8] { capture?.output ?? [] }

  /// What was written to standard error (captured consoles only).
  public var capturedErrors: [UInt8] { capture?.errors ?? [] }

  /// Whether `stream` is a terminal (for a captured console, only its output when it was made so).
  public func isTerminal(_ stream: Stream) -> Bool {
    guard let capture else { return isatty(stream.descriptor) == 1 }
    return stream == .output && capture.outputIsTerminal
  }

  /// How many columns wide the terminal standard output shows on is (manual: output): `COLUMNS`
  /// when it is a whole number from 20 to 1000, else what the terminal says, else `defaultWidth`;
  /// nil when standard output is not a terminal.
  public func outputWidth() -> Int? {
    guard isTerminal(.output) else { return nil }
    if let text = EnvironmentVariable.columns.value, let columns = Int(text),
      (20...1000).contains(columns)
    {
      return columns
    }
    var size = winsize()
    if capture == nil, ioctl(Stream.output.descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
      return Int(size.ws_col)
    }
    return Self.defaultWidth
  }

  /// Writes `bytes` to standard output (all of them, unless the output fails: then the rest is lost).
  public mutating func write(_ bytes: [UInt8]) {
    if capture != nil {
      capture!.output += bytes
    } else {
      _ = bytes.withUnsafeBytes { systemWriteAll($0, to: 1) }
    }
  }

  /// Writes `text` and a newline to standard output.
  public mutating func print(_ text: String) {
    write(Array((text + "\n").utf8))
  }

  /// Writes a message to standard error. Each of its lines is escaped for the terminal
  /// (`TerminalSafeText.escapedLines`): whatever a message quotes from a journal or the environment,
  /// no control character, bidirectional control or line separator reaches the terminal raw.
  public mutating func error(_ text: String) {
    var line = TerminalSafeText.escapedLines(text) + "\n"
    if capture != nil {
      capture!.errors += Array(line.utf8)
    } else {
      _ = line.withUTF8 { systemWriteAll(UnsafeRawBufferPointer($0), to: 2) }
    }
  }
}
