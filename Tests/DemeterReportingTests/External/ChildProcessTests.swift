import DemeterCore
import Foundation
import TestSupport
import Testing

@testable import DemeterReporting

/// `ChildProcess` (posix_spawn, pipes, one poll loop), for what the external generator tests do not
/// show: what the child inherits, input and output sizes at the edges, and the limits.
@Suite struct ChildProcessTests {
  /// Limits no test here reaches unless it sets its own.
  static let generous = ChildProcess.Limits(
    time: TimeLimit(seconds: 600), outputBytes: 1 << 30, errorBytes: 1 << 20)

  private func script(_ body: String, in folder: OutputTestFolder) throws -> String {
    try folder.file("bin/child", "#!/bin/sh\n" + body, mode: 0o755)
  }

  private func run(
    _ path: String, input: [UInt8] = [], environment: [String] = [], limits: ChildProcess.Limits = generous
  )
    throws(ChildProcess.StartError) -> ChildProcess.Result
  {
    try ChildProcess.run(path, input: input, environment: environment, limits: limits)
  }

  @Test func passesEnvironmentAndArgumentZeroOnly() throws {
    let folder = try OutputTestFolder()
    let path = try script("printf '%s|%s|%s' \"$0\" \"$#\" \"$ONLY_THIS\"\n", in: folder)
    let result = try run(path, environment: ["ONLY_THIS=yes", "PATH=/usr/bin:/bin"])
    #expect(result.termination == .exit(0))
    #expect(String(decoding: result.standardOutput, as: UTF8.self) == "\(path)|0|yes")
  }

  /// Descriptors of this process that are not close-on-exec stay here, as with Foundation's Process.
  @Test func inheritsOnlyTheThreeStandardStreams() throws {
    let folder = try OutputTestFolder()
    let leaked = open("/dev/null", O_RDONLY)  // deliberately without O_CLOEXEC
    defer { close(leaked) }
    try #require(leaked > 2)
    let path = try script("ls /proc/self/fd\n", in: folder)
    let result = try run(path, environment: ["PATH=/usr/bin:/bin"])
    let descriptors = String(decoding: result.standardOutput, as: UTF8.self).split(separator: "\n").compactMap
    {
      Int($0)
    }
    // 0, 1, 2 and the one `ls` opens to read the folder.
    #expect(!descriptors.contains(Int(leaked)))
    #expect(descriptors.filter { $0 > 2 }.count <= 1)
  }

  /// Its own process group, as Foundation's Process started it: a terminal's Ctrl-C goes to the tool.
  @Test func runsInItsOwnProcessGroup() throws {
    let folder = try OutputTestFolder()
    let path = try script("ps -o pgid= -p $$ | tr -d ' '\n", in: folder)
    let result = try run(path, environment: ["PATH=/usr/bin:/bin"])
    let group = Int32(
      String(decoding: result.standardOutput, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    #expect(group != nil && group != getpgrp())
  }

  @Test(arguments: [0, 1, 65_535, 65_536, 65_537, 3_000_000])
  func echoesInputOfAnySize(size: Int) throws {
    let folder = try OutputTestFolder()
    let path = try script("cat\n", in: folder)
    let input = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    let result = try run(path, input: input, environment: ["PATH=/usr/bin:/bin"])
    #expect(result.termination == .exit(0))
    #expect(result.standardOutput == input)
    #expect(result.standardError.isEmpty)
  }

  @Test func reportsExitStatusAndSignal() throws {
    let folder = try OutputTestFolder()
    let exits = try folder.file("bin/exits", "#!/bin/sh\nexit 255\n", mode: 0o755)
    #expect(try run(exits).termination == .exit(255))
    // SIGKILL: the child inherits this thread's signal mask, as from Foundation's Process, and a
    // test runner may block other signals.
    let killed = try folder.file("bin/killed", "#!/bin/sh\nkill -KILL $$\n", mode: 0o755)
    #expect(try run(killed).termination == .signal(SIGKILL))
  }

  @Test func startErrorsCarryErrno() throws {
    let folder = try OutputTestFolder()
    #expect(throws: ChildProcess.StartError(code: ENOENT)) {
      try run(folder.join("missing"))
    }
    #expect(throws: ChildProcess.StartError(code: EACCES)) {
      try run(folder.path)
    }
    #expect(ChildProcess.describe(ChildProcess.StartError(code: ENOENT)) == "No such file or directory")
  }

  // MARK: limits and lifetime

  /// A child that never ends (nor its own child) is stopped at the time limit, with its group.
  @Test func childOverTheTimeLimitIsStoppedWithItsGroup() throws {
    let folder = try OutputTestFolder()
    let pids = folder.join("pids")
    let path = try script(
      "sleep 1000 &\necho \"$$ $!\" > '\(pids).tmp' && mv '\(pids).tmp' '\(pids)'\nwait\n", in: folder)
    // Long enough for the shell to start and write the ids on a busy machine.
    var limits = Self.generous
    limits.time = TimeLimit(seconds: 3)
    let result = try run(path, environment: ["PATH=/usr/bin:/bin"], limits: limits)
    #expect(result.stopped == .timedOut)
    #expect(result.termination == .signal(SIGKILL))
    let started = try #require(ProcessLiveness.pids(writtenTo: pids))
    #expect(started.count == 2)
    #expect(ProcessLiveness.stillRunning(started) == [])
  }

  /// A child that keeps writing a little, never reaching the output limit, is stopped in time too.
  @Test func childThatKeepsWritingIsStoppedAtTheTimeLimit() throws {
    let folder = try OutputTestFolder()
    let path = try script("while :; do echo tick; echo tock >&2; sleep 0.05; done\n", in: folder)
    var limits = Self.generous
    limits.time = TimeLimit(seconds: 1)
    let result = try run(path, environment: ["PATH=/usr/bin:/bin"], limits: limits)
    #expect(result.stopped == .timedOut)
    #expect(result.termination == .signal(SIGKILL))
    #expect(String(decoding: result.standardOutput, as: UTF8.self).hasPrefix("tick\n"))
  }

  /// A child that has closed its output but not ended is stopped at the time limit too.
  @Test func childThatClosesItsOutputButStaysIsStopped() throws {
    let folder = try OutputTestFolder()
    let path = try script("exec >&- 2>&- <&-\nexec sleep 1000\n", in: folder)
    var limits = Self.generous
    limits.time = TimeLimit(seconds: 0.5)
    let result = try run(path, environment: ["PATH=/usr/bin:/bin"], limits: limits)
    #expect(result.stopped == .timedOut)
    #expect(result.termination == .signal(SIGKILL))
  }

  @Test func outputPastTheLimitStopsTheChild() throws {
    let folder = try OutputTestFolder()
    let path = try script("exec yes\n", in: folder)
    var limits = Self.generous
    limits.outputBytes = 100_000
    let result = try run(path, environment: ["PATH=/usr/bin:/bin"], limits: limits)
    #expect(result.stopped == .outputTooLarge)
    #expect(result.standardOutput.count <= 100_000)
  }

  /// Standard error past its limit is dropped, not an error: only its first lines are ever shown.
  @Test func standardErrorPastTheLimitIsDropped() throws {
    let folder = try OutputTestFolder()
    let path = try script("head -c 300000 /dev/zero >&2\necho done\n", in: folder)
    var limits = Self.generous
    limits.errorBytes = 1_000
    let result = try run(path, environment: ["PATH=/usr/bin:/bin"], limits: limits)
    #expect(result.stopped == nil)
    #expect(result.termination == .exit(0))
    #expect(result.standardError == [UInt8](repeating: 0, count: 1_000))
    #expect(result.standardOutput == Array("done\n".utf8))
  }

  /// What the child started and left running in its group ends with it.
  @Test func whatTheChildLeftRunningEndsWithIt() throws {
    let folder = try OutputTestFolder()
    let path = try script("sleep 1000 >/dev/null 2>&1 &\necho $!\n", in: folder)
    let result = try run(path, environment: ["PATH=/usr/bin:/bin"])
    #expect(result.stopped == nil)
    #expect(result.termination == .exit(0))
    let left = try #require(pid_t(String(decoding: result.standardOutput, as: UTF8.self).dropLast()))
    #expect(ProcessLiveness.stillRunning([left]) == [])
  }
}
