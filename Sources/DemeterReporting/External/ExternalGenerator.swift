import DemeterCore
import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
    var environment = ProcessInfo.processInfo.environment
    environment["DEMETER_REPORT_FORMAT"] = name
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
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
    if lines.isEmpty { return "" }
    var shown = lines.prefix(Self.stderrLinesInMessage).map {
      String(AtomicFileWriter.quoted($0).dropFirst().dropLast())
    }
    if lines.count > Self.stderrLinesInMessage { shown.append("…") }
    return ": " + shown.joined(separator: "; ")
  }
}

/// Runs a program with Foundation's `Process` (no shell), feeding it bytes and collecting both output
/// streams at the same time so that neither side blocks on a full pipe.
enum ChildProcess {
  enum Termination: Equatable {
    case exit(Int32)
    case signal(Int32)
  }

  struct Result {
    var termination: Termination
    var standardOutput: [UInt8]
    var standardError: [UInt8]
  }

  /// How many times a start that fails with `ETXTBSY` is tried, waiting 2, 4, 8 … ms in between.
  static let textFileBusyAttempts = 10

  /// Runs the program at `path`. A program that was just written (installed while we start it, or
  /// still open for writing in a process forked by another thread) cannot be executed yet
  /// (`ETXTBSY`): that start is retried a few times before giving up.
  static func run(_ path: String, input: [UInt8], environment: [String: String]) throws -> Result {
    var attempt = 0
    while true {
      do {
        return try runOnce(path, input: input, environment: environment)
      } catch  where isTextFileBusy(error) && attempt + 1 < textFileBusyAttempts {
        usleep(UInt32(2000 << attempt))
        attempt += 1
      }
    }
  }

  private static func isTextFileBusy(_ error: any Error) -> Bool {
    let nsError = error as NSError
    let posix =
      nsError.domain == NSPOSIXErrorDomain
      ? nsError : nsError.userInfo[NSUnderlyingErrorKey] as? NSError
    return posix?.domain == NSPOSIXErrorDomain && posix?.code == Int(ETXTBSY)
  }

  private static func runOnce(_ path: String, input: [UInt8], environment: [String: String]) throws -> Result
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = []
    process.environment = environment
    let standardInput = Pipe()
    let standardOutput = Pipe()
    let standardError = Pipe()
    // Other programs started meanwhile by other threads must not inherit these pipes: a leaked write
    // end would hold back the end of file this run waits for.
    for pipe in [standardInput, standardOutput, standardError] {
      for handle in [pipe.fileHandleForReading, pipe.fileHandleForWriting] {
        _ = fcntl(handle.fileDescriptor, F_SETFD, FD_CLOEXEC)
      }
    }
    process.standardInput = standardInput
    process.standardOutput = standardOutput
    process.standardError = standardError
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    try process.run()

    let outputReader = PipeReader(standardOutput.fileHandleForReading.fileDescriptor)
    let errorReader = PipeReader(standardError.fileHandleForReading.fileDescriptor)
    writeIgnoringBrokenPipe(input, to: standardInput.fileHandleForWriting.fileDescriptor)
    try? standardInput.fileHandleForWriting.close()
    let output = outputReader.wait()
    let error = errorReader.wait()
    exited.wait()
    try? standardOutput.fileHandleForReading.close()
    try? standardError.fileHandleForReading.close()

    let termination: Termination =
      process.terminationReason == .uncaughtSignal
      ? .signal(process.terminationStatus) : .exit(process.terminationStatus)
    return Result(termination: termination, standardOutput: output, standardError: error)
  }

  /// The reason in a `Process.run()` error, without Foundation's decoration when there is an errno.
  static func describe(_ error: any Error) -> String {
    let nsError = error as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain
    {
      return AtomicFileWriter.reason(Int32(underlying.code))
    }
    if nsError.domain == NSPOSIXErrorDomain { return AtomicFileWriter.reason(Int32(nsError.code)) }
    if nsError.domain == NSCocoaErrorDomain && nsError.code == CocoaError.fileNoSuchFile.rawValue {
      return AtomicFileWriter.reason(ENOENT)
    }
    return nsError.localizedDescription
  }

  /// Writes all of `bytes` to the child's standard input. A child that exits or closes its input
  /// early is not an error here (its exit status decides), so a broken pipe ends the write quietly
  /// instead of raising `SIGPIPE` in this process.
  private static func writeIgnoringBrokenPipe(_ bytes: [UInt8], to fd: Int32) {
    #if canImport(Darwin)
      _ = fcntl(fd, F_SETNOSIGPIPE, 1)
    #else
      // SIGPIPE from a write is sent to the writing thread: block it here, and take a pending one
      // back before unblocking.
      var blocked = sigset_t()
      var previous = sigset_t()
      sigemptyset(&blocked)
      sigaddset(&blocked, SIGPIPE)
      var alreadyPending = sigset_t()
      sigpending(&alreadyPending)
      let wasPending = sigismember(&alreadyPending, SIGPIPE) == 1
      pthread_sigmask(SIG_BLOCK, &blocked, &previous)
      defer {
        if !wasPending {
          var pending = sigset_t()
          sigpending(&pending)
          if sigismember(&pending, SIGPIPE) == 1 {
            var zero = timespec(tv_sec: 0, tv_nsec: 0)
            while sigtimedwait(&blocked, nil, &zero) < 0 && errno == EINTR {}
          }
        }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
      }
    #endif
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        #if canImport(Glibc)
          let written = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
        #else
          let written = Darwin.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
        #endif
        if written < 0 {
          if errno == EINTR { continue }
          return
        }
        offset += written
      }
    }
  }
}

/// Reads a file descriptor to its end on a thread of its own.
private final class PipeReader: @unchecked Sendable {
  // Written only by the reading thread, read only after `done` has been waited for.
  private var bytes: [UInt8] = []
  private let done = DispatchSemaphore(value: 0)

  init(_ fd: Int32) {
    let thread = Thread { [self] in
      var chunk = [UInt8](repeating: 0, count: 65536)
      while true {
        let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
        if count > 0 {
          bytes.append(contentsOf: chunk[0..<count])
        } else if count == 0 || errno != EINTR {
          break
        }
      }
      done.signal()
    }
    thread.start()
  }

  func wait() -> [UInt8] {
    done.wait()
    return bytes
  }
}
