import Foundation
import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// The POSIX replacements of `ProcessInfo`, `Date`, `FileManager` and `String(contentsOfFile:)`,
/// each against the Foundation call it replaces.
@Suite struct SystemTests {
  @Test func environmentMatchesProcessInfo() {
    let foundation = ProcessInfo.processInfo.environment
    for (name, value) in foundation {
      #expect(ProcessEnvironment.value(name) == value)
      #expect(ProcessEnvironment.nonEmptyValue(name) == (value.isEmpty ? nil : value))
    }
    #expect(ProcessEnvironment.value("DEMETER_SURELY_NOT_SET_\(UInt64.random(in: 0...UInt64.max))") == nil)
    var entries: [String: String] = [:]
    for entry in ProcessEnvironment.entries() {
      let equals = entry.firstIndex(of: "=")!
      entries[String(entry[..<equals])] =
        entries[String(entry[..<equals])] ?? String(entry[entry.index(after: equals)...])
    }
    #expect(entries == foundation)
  }

  @Test func clockMatchesDate() {
    let before = Int(Date().timeIntervalSince1970.rounded(.down))
    let now = SystemClock.unixSeconds()
    let after = Int(Date().timeIntervalSince1970.rounded(.down))
    #expect(before <= now && now <= after)
  }

  @Test func fileStatusMatchesFileManager() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("demeter-system-\(UUID())")
      .path
    try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    _ = FileManager.default.createFile(atPath: folder + "/file", contents: Data("x".utf8))
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/link-to-sub", withDestinationPath: folder + "/sub")
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/dangling", withDestinationPath: folder + "/none")
    for name in ["sub", "file", "link-to-sub", "dangling", "none", ""] {
      let path = folder + "/" + name
      var isFolder: ObjCBool = false
      let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
      #expect(FileBytes.exists(path) == exists, "\(name)")
      #expect(FileStatus.isFolder(path) == (exists && isFolder.boolValue), "\(name)")
    }
  }

  @Test func textFileReadsLikeStringContentsOfFile() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("demeter-text-\(UUID())").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let cases: [[UInt8]] = [
      Array("plain {{x}}\n".utf8), [0xEF, 0xBB, 0xBF] + Array("with BOM".utf8), [0xEF, 0xBB, 0xBF], [],
      Array("café ✓".utf8), [0x61, 0xFF, 0x62], [0xEF, 0xBB], Array("a\u{0}b".utf8),
      [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Array("two BOMs".utf8),
    ]
    for (index, bytes) in cases.enumerated() {
      let path = folder + "/\(index).mustache"
      _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
      #expect(TextFile.read(path) == (try? String(contentsOfFile: path, encoding: .utf8)), "\(bytes)")
    }
    #expect(TextFile.read(folder + "/missing") == nil)
    #expect(TextFile.read(folder) == nil)
  }
}
