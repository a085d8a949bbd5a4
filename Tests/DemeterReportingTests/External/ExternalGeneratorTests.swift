import DemeterCore
import DemeterReporting
import Foundation
import Testing

/// External generators (manual: output): the JSON report model on standard input, the report on standard
/// output, no shell, failure is the command's failure.
@Suite struct ExternalGeneratorTests {
  private let report = ReportFixtures.model(kind: .week, rows: [ReportFixtures.row("2026-W47")])

  /// Installs `demeter-report-NAME` with `body` in a fresh PATH folder and finds it there.
  private func install(_ name: String, _ body: String, in folder: OutputTestFolder) throws
    -> ExternalGenerator
  {
    try folder.file("bin/demeter-report-\(name)", "#!/bin/sh\n" + body, mode: 0o755)
    let found = ExternalGeneratorFinder.find(path: folder.join("bin"))
    return try #require(found.first { $0.name == name })
  }

  private func render(_ generator: ExternalGenerator, _ model: ReportModel? = nil) throws -> String {
    String(decoding: try generator.render(model ?? report, options: RenderOptions()), as: UTF8.self)
  }

  @Test func describesItself() {
    let generator = ExternalGenerator(name: "pdf", executablePath: "/opt/bin/demeter-report-pdf")
    #expect(generator.name == "pdf")
    #expect(generator.fileExtension == "pdf")
    #expect(generator.mediaType == "application/octet-stream")
    #expect(generator.summary == "external program /opt/bin/demeter-report-pdf")
  }

  @Test func receivesTheJSONModelOnStandardInput() throws {
    let folder = try OutputTestFolder()
    let generator = try install("echo", "cat\n", in: folder)
    #expect(try render(generator) == report.jsonText + "\n")
  }

  @Test func getsItsFormatInTheEnvironmentAndNoArguments() throws {
    let folder = try OutputTestFolder()
    let generator = try install(
      "env-check",
      "cat >/dev/null\nprintf '%s|%s|%s' \"$DEMETER_REPORT_FORMAT\" \"$#\" \"${PATH:+has-path}\"\n",
      in: folder)
    #expect(try render(generator) == "env-check|0|has-path")
  }

  @Test func describesItselfLikeABuiltInGenerator() throws {
    let folder = try OutputTestFolder()
    let generator = try install("upper", "tr 'a-z' 'A-Z'\n", in: folder)
    #expect(generator.name == "upper")
    #expect(generator.fileExtension == "upper")
    let output = try generator.render(report, options: RenderOptions())
    #expect(String(decoding: output, as: UTF8.self) == report.jsonText.uppercased() + "\n")
  }

  /// 100 KB on standard error before 1 MB on standard output, both more than a pipe holds, and only
  /// then reading standard input: this deadlocks unless all three are handled at once.
  @Test func largeOutputOnBothStreamsDoesNotDeadlock() throws {
    let folder = try OutputTestFolder()
    let generator = try install(
      "chatty",
      """
      head -c 102400 /dev/zero | tr '\\0' 'e' >&2
      head -c 1048576 /dev/zero | tr '\\0' 'o'
      cat >/dev/null

      """, in: folder)
    let output = try generator.render(report, options: RenderOptions())
    #expect(output.count == 1_048_576)
    #expect(output.allSatisfy { $0 == UInt8(ascii: "o") })
  }

  /// A large model for a program that never reads it: the broken pipe neither kills this process
  /// nor fails the render; the exit status decides.
  @Test func programThatIgnoresItsInputStillSucceeds() throws {
    let folder = try OutputTestFolder()
    let rows = (0..<3000).map { ReportFixtures.row("2026-W\($0)") }
    let large = ReportFixtures.model(kind: .week, rows: rows)
    #expect(large.jsonText.utf8.count > 256 * 1024)
    let generator = try install("ignore", "printf 'done'\n", in: folder)
    #expect(try render(generator, large) == "done")
  }

  @Test func nonZeroExitIsAnErrorWithItsStatusAndStandardError() throws {
    let folder = try OutputTestFolder()
    let generator = try install(
      "broken", "cat >/dev/null\necho 'partial output'\necho 'no template for week' >&2\nexit 3\n", in: folder
    )
    #expect(
      throws: ReportRenderError(
        "external generator 'broken' (\(generator.executablePath)) failed with exit status 3: "
          + "no template for week")
    ) {
      try generator.render(self.report, options: RenderOptions())
    }
  }

  @Test func messageShowsOnlyTheFirstLinesOfStandardErrorMadeSafe() throws {
    let folder = try OutputTestFolder()
    let generator = try install(
      "noisy", "for i in 1 2 3 4 5 6 7; do printf 'line %s\\033[31m\\n\\n' $i >&2; done\nexit 1\n", in: folder
    )
    let error = #expect(throws: ReportRenderError.self) {
      try generator.render(self.report, options: RenderOptions())
    }
    #expect(
      error?.message
        == "external generator 'noisy' (\(generator.executablePath)) failed with exit status 1: "
        + "line 1\\u{1b}[31m; line 2\\u{1b}[31m; line 3\\u{1b}[31m; line 4\\u{1b}[31m; line 5\\u{1b}[31m; …")
  }

  @Test func exitWithoutStandardErrorHasNoExcerpt() throws {
    let folder = try OutputTestFolder()
    let generator = try install("quiet", "exit 42\n", in: folder)
    #expect(
      throws: ReportRenderError(
        "external generator 'quiet' (\(generator.executablePath)) failed with exit status 42")
    ) {
      try generator.render(self.report, options: RenderOptions())
    }
  }

  @Test func killedBySignalIsAnError() throws {
    let folder = try OutputTestFolder()
    let generator = try install("crash", "echo 'about to crash' >&2\nkill -9 $$\n", in: folder)
    #expect(
      throws: ReportRenderError(
        "external generator 'crash' (\(generator.executablePath)) failed: killed by signal 9: about to crash")
    ) {
      try generator.render(self.report, options: RenderOptions())
    }
  }

  @Test func programOverTheTimeLimitIsStoppedWithAMessage() throws {
    let folder = try OutputTestFolder()
    let generator = try install("slow", "echo 'thinking' >&2\nexec sleep 1000\n", in: folder)
    // Long enough for the shell to start and write to stderr on a busy machine.
    let options = RenderOptions(pluginTimeout: TimeLimit(seconds: 2.5))
    #expect(
      throws: ReportRenderError(
        "external generator 'slow' (\(generator.executablePath)) did not finish within 2.5 s and was stopped "
          + "(allow more with --plugin-timeout SECONDS): thinking")
    ) {
      try generator.render(self.report, options: options)
    }
  }

  @Test func programThatCannotStartIsAnError() throws {
    let folder = try OutputTestFolder()
    let missing = ExternalGenerator(name: "gone", executablePath: folder.join("bin/demeter-report-gone"))
    #expect(
      throws: ReportRenderError(
        "external generator 'gone' (\(missing.executablePath)) could not be started: No such file or "
          + "directory"
      )
    ) {
      try missing.render(self.report, options: RenderOptions())
    }
  }

  /// A file without execute permission (even root needs one execute bit to run a file).
  @Test func programWithoutExecutePermissionIsAnError() throws {
    let folder = try OutputTestFolder()
    let path = try folder.file("bin/demeter-report-plain", "#!/bin/sh\ncat\n", mode: 0o644)
    let plain = ExternalGenerator(name: "plain", executablePath: path)
    #expect(
      throws: ReportRenderError(
        "external generator 'plain' (\(path)) could not be started: Permission denied")
    ) {
      try plain.render(self.report, options: RenderOptions())
    }
  }

  /// A program still open for writing cannot be executed (`ETXTBSY`); the start is retried, so one
  /// that is closed a moment later runs.
  @Test func programBusyForAMomentIsRetried() throws {
    let folder = try OutputTestFolder()
    let generator = try install("fresh", "cat >/dev/null\nprintf 'ran'\n", in: folder)
    let writer = open(generator.executablePath, O_WRONLY | O_APPEND | O_CLOEXEC)
    try #require(writer >= 0)
    Thread.detachNewThread {
      usleep(5000)
      close(writer)
    }
    #expect(try render(generator) == "ran")
  }

  @Test func programBusyForLongIsAnError() throws {
    let folder = try OutputTestFolder()
    let generator = try install("busy", "cat\n", in: folder)
    let writer = open(generator.executablePath, O_WRONLY | O_APPEND | O_CLOEXEC)
    try #require(writer >= 0)
    defer { close(writer) }
    #expect(
      throws: ReportRenderError(
        "external generator 'busy' (\(generator.executablePath)) could not be started: Text file busy")
    ) {
      try generator.render(self.report, options: RenderOptions())
    }
  }

  /// No shell: a program name with shell syntax is run as a file, never interpreted.
  @Test func pathWithShellSyntaxIsNotInterpreted() throws {
    let folder = try OutputTestFolder()
    let marker = folder.join("marker")
    let generator = ExternalGenerator(
      name: "x", executablePath: folder.join("bin/demeter-report-x; touch \(marker)"))
    #expect(throws: ReportRenderError.self) {
      try generator.render(self.report, options: RenderOptions())
    }
    #expect(!FileManager.default.fileExists(atPath: marker))
  }
}
