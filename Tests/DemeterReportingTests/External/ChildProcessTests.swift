import Foundation
import Testing

@testable import DemeterReporting

/// `ChildProcess` (posix_spawn, pipes, one poll loop), for what the external generator tests do not
/// show: what the child inherits, and input and output sizes at the edges.
@Suite struct ChildProcessTests {
  private func script(_ body: String, in folder: OutputTestFolder) throws -> String {
    try folder.file("bin/child", "#!/bin/sh\n" + body, mode: 0o755)
  }

  @Test func passesEnvironmentAndArgumentZeroOnly() throws {
    let folder = try OutputTestFolder()
    let path = try script("printf '%s|%s|%s' \"$0\" \"$#\" \"$ONLY_THIS\"\n", in: folder)
    let result = try ChildProcess.run(path, input: [], environment: ["ONLY_THIS=yes", "PATH=/usr/bin:/bin"])
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
    let result = try ChildProcess.run(path, input: [], environment: ["PATH=/usr/bin:/bin"])
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
    let result = try ChildProcess.run(path, input: [], environment: ["PATH=/usr/bin:/bin"])
    let group = Int32(
      String(decoding: result.standardOutput, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    #expect(group != nil && group != getpgrp())
  }

  @Test(arguments: [0, 1, 65_535, 65_536, 65_537, 3_000_000])
  func echoesInputOfAnySize(size: Int) throws {
    let folder = try OutputTestFolder()
    let path = try script("cat\n", in: folder)
    let input = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    let result = try ChildProcess.run(path, input: input, environment: ["PATH=/usr/bin:/bin"])
    #expect(result.termination == .exit(0))
    #expect(result.standardOutput == input)
    #expect(result.standardError.isEmpty)
  }

  @Test func reportsExitStatusAndSignal() throws {
    let folder = try OutputTestFolder()
    let exits = try folder.file("bin/exits", "#!/bin/sh\nexit 255\n", mode: 0o755)
    #expect(try ChildProcess.run(exits, input: [], environment: []).termination == .exit(255))
    // SIGKILL: the child inherits this thread's signal mask, as from Foundation's Process, and a
    // test runner may block other signals.
    let killed = try folder.file("bin/killed", "#!/bin/sh\nkill -KILL $$\n", mode: 0o755)
    #expect(try ChildProcess.run(killed, input: [], environment: []).termination == .signal(SIGKILL))
  }

  @Test func startErrorsCarryErrno() throws {
    let folder = try OutputTestFolder()
    #expect(throws: ChildProcess.StartError(code: ENOENT)) {
      try ChildProcess.run(folder.join("missing"), input: [], environment: [])
    }
    #expect(throws: ChildProcess.StartError(code: EACCES)) {
      try ChildProcess.run(folder.path, input: [], environment: [])
    }
    #expect(ChildProcess.describe(ChildProcess.StartError(code: ENOENT)) == "No such file or directory")
  }
}
