import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// External generators never outlive the tool nor run or grow without bound (issue 13): a signal
/// to the tool, even SIGKILL, ends the generator and what it started; `--plugin-timeout` stops a
/// generator that runs too long; one that writes too much is stopped with an error.
@Suite struct GeneratorLifetimeTests {
  static let week = PluginTests.week + ["--journal", ToolRun.sampleJournal]

  /// A generator that starts `sleep 1000`, writes its own and the sleep's process ids to `pids`
  /// (`PID PID\n`, all at once), and waits; with `stubborn`, both ignore SIGTERM, SIGINT and SIGHUP.
  static func sleeper(writingTo pids: URL, stubborn: Bool = false) -> String {
    (stubborn ? "trap '' TERM INT HUP\n" : "")
      + "sleep 1000 &\necho \"$$ $!\" > '\(pids.path).tmp' && mv '\(pids.path).tmp' '\(pids.path)'\nwait\n"
  }

  @Test func generatorOverTheTimeoutIsStoppedWithWhatItStarted() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let pids = folder.appendingPathComponent("pids")
    let bin = try PluginTests.generators(["sleepy": Self.sleeper(writingTo: pids)], in: folder)

    // 2 s: long enough for the generator to start and write its ids on a busy machine.
    let run = try ToolRun.run(
      Self.week + ["-f", "sleepy", "--plugin-timeout", "2"],
      environment: ["PATH": bin.path + ":/usr/bin:/bin"])
    #expect(run.status == 3)
    #expect(run.stdout == "")
    #expect(
      run.stderr.contains(
        "external generator 'sleepy' (\(bin.path)/demeter-report-sleepy) did not finish within 2 s and was "
          + "stopped "
          + "(allow more with --plugin-timeout SECONDS)"))
    let started = try #require(ProcessLiveness.pids(writtenTo: pids.path))
    #expect(started.count == 2)
    #expect(ProcessLiveness.stillRunning(started) == [])
  }

  /// 256 MiB of output at most: a generator that never stops writing is stopped, and the tool stays
  /// within a data limit it would pass while collecting all of it.
  @Test(.enabled(if: Self.prlimit != nil)) func floodingGeneratorIsStoppedAtTheOutputLimit() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let bin = try PluginTests.generators(["flood": "exec cat /dev/zero\n"], in: folder)
    let environment = [
      "PATH": bin.path + ":/usr/bin:/bin", "LANG": "C", "TZ": "Pacific/Chatham", "DEMETER_NO_CACHE": "1",
    ]
    let run = try ToolRun.launch(
      Self.prlimit!, ["--data=\(Self.dataLimit)", "--", ToolRun.binary.path] + Self.week + ["-f", "flood"],
      in: ToolRun.packageRoot, environment: environment)
    #expect(run.status == 3, "\(run.stderr.prefix(300))")
    #expect(run.stdout == "")
    #expect(run.stderr.contains("external generator 'flood'"))
    #expect(run.stderr.contains("wrote more than 256 MiB to standard output and was stopped"))
  }

  /// `prlimit`, to run the tool with a data limit.
  static let prlimit = ToolRun.findExecutable("prlimit")
  /// 768 MiB: room for the 256 MiB of output (and the array growing to it), not for much more.
  static let dataLimit = 768 << 20

  /// Whatever signal ends the tool — one a generator can catch or ignore, or SIGKILL — the
  /// generator and what it started end too, and the tool ends by that signal.
  @Test(arguments: [SIGTERM, SIGINT, SIGHUP, SIGKILL])
  func killedToolLeavesNoGeneratorRunning(signal: Int32) throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let pids = folder.appendingPathComponent("pids")
    let bin = try PluginTests.generators(
      ["stubborn": Self.sleeper(writingTo: pids, stubborn: true)], in: folder)

    let errPath = folder.appendingPathComponent("stderr").path
    let tool = try BoundedRun.spawn(
      [ToolRun.binary.path] + Self.week + ["-f", "stubborn"], stdout: "/dev/null", stderr: errPath,
      environment: BoundedRun.environment.map {
        $0.hasPrefix("PATH=") ? "PATH=\(bin.path):/usr/bin:/bin" : $0
      })
    let started = ProcessLiveness.pids(writtenTo: pids.path)
    kill(tool, signal)
    let (status, timedOut) = try BoundedRun.wait(for: tool, timeout: 30)
    let stderr = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
    let running = try #require(started, "the generator did not start: \(stderr)")
    #expect(running.count == 2)
    #expect(!timedOut)
    // Ended by the signal: a shell reports 128 + the signal.
    #expect(status & 0x7F == signal, "wait status \(status): \(stderr)")
    #expect(ProcessLiveness.stillRunning(running) == [])
  }
}
