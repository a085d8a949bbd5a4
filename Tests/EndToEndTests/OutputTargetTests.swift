import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `-o` replaces only regular files (issue 13 §3): a link is followed and its target replaced, a
/// device, FIFO or socket is written in place, a folder is an error; a replaced report and every
/// rewritten day file keep their mode.
@Suite struct OutputTargetTests {
  static let week = ["week", "2026-11-16", "--journal", ToolRun.sampleJournal]

  static func mode(_ path: String) -> mode_t {
    var info = stat()
    return lstat(path, &info) == 0 ? info.st_mode : 0
  }

  @Test func linkIsFollowedAndItsTargetReplacedKeepingItsMode() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let target = folder.appendingPathComponent("target.txt").path
    let link = folder.appendingPathComponent("report.txt").path
    try Data("old".utf8).write(to: URL(fileURLWithPath: target))
    #expect(chmod(target, 0o600) == 0)
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.txt")
    let run = try ToolRun.run(Self.week + ["-o", link])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(Self.mode(link) & S_IFMT == S_IFLNK)
    #expect(Self.mode(target) == S_IFREG | 0o600)
    #expect(try String(contentsOfFile: target, encoding: .utf8).hasPrefix("Week 2026-W47"))
  }

  @Test func folderIsAnError() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try ToolRun.run(Self.week + ["-o", folder.path])
    #expect(run.status == 3)
    #expect(run.stderr.contains("it is a folder"))
  }

  /// A character device made with `mknod` (root only), then `/dev/null` itself once that held.
  @Test(.enabled(if: geteuid() == 0, "mknod and /dev/null need root"))
  func deviceIsWrittenInPlace() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let device = folder.appendingPathComponent("null").path
    // Device 1:3, /dev/null's numbers (major 1 in bits 8–19, minor 3 in bits 0–7).
    #expect(mknod(device, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0)
    let run = try ToolRun.run(Self.week + ["-o", device])
    #expect(run.status == 0, "\(run.stderr)")
    try #require(Self.mode(device) & S_IFMT == S_IFCHR, "the device was replaced")
    let null = try ToolRun.run(Self.week + ["-o", "/dev/null", "-f", "html"])
    #expect(null.status == 0)
    #expect(Self.mode("/dev/null") & S_IFMT == S_IFCHR)
  }

  @Test func fifoIsWrittenInPlace() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appendingPathComponent("pipe").path
    try #require(mkfifo(fifo, 0o644) == 0)
    let reader = Thread.detachNewThreadReading(fifo)
    let run = try ToolRun.run(Self.week + ["-o", fifo])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(Self.mode(fifo) & S_IFMT == S_IFIFO)
    #expect(String(decoding: reader.wait(), as: UTF8.self).hasPrefix("Week 2026-W47"))
  }

  /// `-o /dev/stdout` and `-o /dev/stderr` into a pipe: links to a pipe that has no path, written
  /// through the path given (the built binary, its streams real pipes).
  @Test(arguments: [("/dev/stdout", ""), ("/dev/stderr", "2>&1 >/dev/null")])
  func standardStreamIntoAPipeIsWrittenInPlace(path: String, redirect: String) throws {
    let journal = ToolRun.packageRoot.appendingPathComponent(ToolRun.sampleJournal).path
    let words =
      ["'\(ToolRun.binary.path)'"] + Self.week.dropLast() + ["'\(journal)'", "-f", "md", "-o", path]
    let command = words.joined(separator: " ")
    let run = try ToolRun.launch(
      URL(fileURLWithPath: "/bin/sh"), ["-c", "\(command) \(redirect) | cat"], in: ToolRun.packageRoot,
      environment: ["PATH": "/usr/bin:/bin", "LANG": "C", "DEMETER_NO_CACHE": "1"])
    #expect(run.status == 0)
    #expect(run.stderr == "")
    #expect(run.stdout.hasPrefix("# Week 2026-W47\n"), "\(run.stdout.prefix(200))")
  }

  @Test func socketIsWrittenInPlace() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("s").path
    let listener = try UnixListener(path: path)
    let received = Thread.detachNewThreadAccepting(listener)
    let run = try ToolRun.run(Self.week + ["-o", path])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(Self.mode(path) & S_IFMT == S_IFSOCK)
    #expect(String(decoding: received.wait(), as: UTF8.self).hasPrefix("Week 2026-W47"))
  }

  /// `fmt` and `add` rewrite a 0600 day file as 0600.
  @Test func rewrittenDayFilesKeepTheirMode() throws {
    let (folder, journal) = try ToolRun.copyOfSampleJournal()
    defer { try? FileManager.default.removeItem(at: folder) }
    let day = journal.appendingPathComponent("2026-11-21.jsonl").path
    #expect(chmod(day, 0o600) == 0)
    var text = try String(contentsOfFile: day, encoding: .utf8)
    text = "\n" + text
    try Data(text.utf8).write(to: URL(fileURLWithPath: day))
    #expect(try ToolRun.run(["fmt", "--journal", journal.path]).status == 0)
    #expect(Self.mode(day) == S_IFREG | 0o600)
    let add = try ToolRun.run(
      [
        "add", "--journal", journal.path, "--food", "x", "--calories", "1", "--protein", "0", "--carbs", "0",
        "--fat", "0", "--time", "2026-11-21T12:00:00-05:00",
      ])
    #expect(add.status == 0, "\(add.stderr)")
    #expect(Self.mode(day) == S_IFREG | 0o600)
  }
}

/// A Unix stream socket listening at a path.
struct UnixListener {
  let fd: Int32

  init(path: String) throws {
    #if canImport(Glibc)
      fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    #else
      fd = socket(AF_UNIX, SOCK_STREAM, 0)
    #endif
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard fd >= 0, bound == 0, listen(fd, 1) == 0 else { throw POSIXError(.EADDRINUSE) }
  }
}

/// Bytes read on another thread, handed back when it is done.
final class ReadResult: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  private var bytes: [UInt8] = []

  func finish(_ bytes: [UInt8]) {
    self.bytes = bytes
    done.signal()
  }

  /// The bytes, waiting at most a minute (a guard against a hang, not a timing assertion).
  func wait() -> [UInt8] {
    _ = done.wait(timeout: .now() + 60)
    return bytes
  }
}

extension Thread {
  /// Reads the FIFO at `path` to its end on a new thread.
  static func detachNewThreadReading(_ path: String) -> ReadResult {
    let result = ReadResult()
    Thread.detachNewThread {
      let fd = open(path, O_RDONLY)
      result.finish(readAll(fd))
    }
    return result
  }

  /// Accepts one connection on `listener` and reads it to its end on a new thread.
  static func detachNewThreadAccepting(_ listener: UnixListener) -> ReadResult {
    let result = ReadResult()
    Thread.detachNewThread {
      let fd = accept(listener.fd, nil, nil)
      result.finish(readAll(fd))
      close(listener.fd)
    }
    return result
  }

  private static func readAll(_ fd: Int32) -> [UInt8] {
    guard fd >= 0 else { return [] }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = read(fd, &buffer, buffer.count)
      if count <= 0 { return bytes }
      bytes += buffer[..<count]
    }
  }
}
