import DemeterCore
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `AtomicFileWriter`: reports are never half-written and a failed write keeps the previous file
/// (manual: reliability).
@Suite struct OutputAtomicFileWriterTests {
  private static let isRoot = getuid() == 0

  private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  private func mode(_ path: String) -> mode_t {
    var info = stat()
    #expect(stat(path, &info) == 0)
    return info.st_mode
  }

  @Test func createsMissingFolders() throws {
    let folder = try OutputTestFolder()
    try AtomicFileWriter.write(bytes("<html></html>"), to: folder.join("Reports/2026/W47/week.html"))
    #expect(folder.contents("Reports/2026/W47/week.html") == "<html></html>")
    let created = mode(folder.join("Reports/2026"))
    #expect(created & S_IFMT == S_IFDIR)
    // 0755 minus the umask: never writable by others than the owner.
    #expect(created & 0o777 & ~0o755 == 0)
    #expect(created & 0o700 == 0o700)
  }

  @Test func newFileHasMode0644MinusUmask() throws {
    let folder = try OutputTestFolder()
    try AtomicFileWriter.write(bytes("x"), to: folder.join("week.csv"))
    let created = mode(folder.join("week.csv"))
    #expect(created & S_IFMT == S_IFREG)
    #expect(created & 0o777 & ~0o644 == 0)
    #expect(created & 0o600 == 0o600)
  }

  @Test func replacesContentAndLeavesNoTemporaryFiles() throws {
    let folder = try OutputTestFolder()
    let target = folder.join("week.md")
    try AtomicFileWriter.write(bytes("a much longer first version\n"), to: target)
    try AtomicFileWriter.write(bytes("second\n"), to: target)
    #expect(folder.contents("week.md") == "second\n")
    try AtomicFileWriter.write([], to: target)
    #expect(folder.contents("week.md") == "")
    #expect(try folder.names() == ["week.md"])
  }

  /// A killed writer's temporary file (`.NAME.tmp`, its lock free) is removed by the next write of
  /// the same file; other files are left alone.
  @Test func removesTheTemporaryFileOfAKilledWriter() throws {
    let folder = try OutputTestFolder()
    let kept = [".other.html.tmp", ".week.html.tmp-x-1", "notes"]
    for name in [".week.html.tmp"] + kept {
      try Data("partial".utf8).write(to: URL(fileURLWithPath: folder.join(name)))
    }
    try AtomicFileWriter.write(bytes("whole\n"), to: folder.join("week.html"))
    #expect(folder.contents("week.html") == "whole\n")
    #expect(try folder.names() == (kept + ["week.html"]).sorted())
  }

  /// A live writer's temporary file (its lock held) is never taken for a killed writer's nor
  /// waited for: another write of the same file uses a name of its own, and the live writer's
  /// file keeps its name until its writer renames it.
  @Test func leavesALiveWritersTemporaryFileAlone() throws {
    let folder = try OutputTestFolder()
    let temporary = folder.join(".week.html.tmp")
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    #expect(fd >= 0 && flock(fd, LOCK_EX) == 0)
    #expect(write(fd, "first", 5) == 5)
    let target = folder.join("week.html")
    try AtomicFileWriter.write(Array("second".utf8), to: target)
    #expect(folder.contents("week.html") == "second")
    #expect(try folder.names() == [".week.html.tmp", "week.html"])
    #expect(rename(temporary, target) == 0)
    #expect(close(fd) == 0)
    #expect(folder.contents("week.html") == "first")
    #expect(try folder.names() == ["week.html"])
  }

  /// Where `.NAME.tmp` cannot be used (here a folder holds the name), the temporary file gets a
  /// name of its own, and those killed writers left (`.NAME.tmp-<pid>-…` of a process that no
  /// longer exists) are removed first; a live writer's, and other files', are left alone.
  @Test func removesTemporaryFilesOfKilledWritersWithNamesOfTheirOwn() throws {
    let folder = try OutputTestFolder()
    // A child that has exited and been waited for: its pid belongs to no process.
    var child: pid_t = 0
    var arguments: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
    defer { free(arguments[0]) }
    #expect(posix_spawn(&child, "/bin/true", nil, nil, &arguments, nil) == 0)
    var status: Int32 = 0
    _ = waitpid(child, &status, 0)
    _ = try folder.folder(".week.html.tmp")
    let leftovers = [".week.html.tmp-\(child)-1f2e", ".week.html.tmp-\(child)-77"]
    let kept = [".week.html.tmp-\(getpid())-5", ".other.html.tmp-\(child)-9", ".week.html.tmp-x-1", "notes"]
    for name in leftovers + kept {
      try Data("partial".utf8).write(to: URL(fileURLWithPath: folder.join(name)))
    }
    try AtomicFileWriter.write(bytes("whole\n"), to: folder.join("week.html"))
    #expect(folder.contents("week.html") == "whole\n")
    #expect(try folder.names() == (kept + [".week.html.tmp", "week.html"]).sorted())
  }

  @Test func writesLargeContentCompletely() throws {
    let folder = try OutputTestFolder()
    let large = (0..<2_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    try AtomicFileWriter.write(large, to: folder.join("big.bin"))
    let read = try #require(FileManager.default.contents(atPath: folder.join("big.bin")))
    #expect(Array(read) == large)
    #expect(try folder.names() == ["big.bin"])
  }

  @Test func writesThroughExistingAndDottedFolders() throws {
    let folder = try OutputTestFolder()
    try folder.folder("a")
    try AtomicFileWriter.write(bytes("1"), to: folder.path + "/a/./b//c.txt")
    #expect(folder.contents("a/b/c.txt") == "1")
  }

  @Test func refusesToWriteOverAFolder() throws {
    let folder = try OutputTestFolder()
    let target = try folder.folder("week.html")
    try folder.file("week.html/inside.txt", "kept")
    #expect(throws: OutputError("cannot write '\(target)': it is a folder")) {
      try AtomicFileWriter.write(self.bytes("x"), to: target)
    }
    #expect(folder.contents("week.html/inside.txt") == "kept")
    #expect(try folder.names() == ["week.html"])
  }

  @Test(arguments: ["", "Reports/", "Reports/.", "Reports/.."])
  func refusesPathsThatNameNoFile(path: String) throws {
    let error = #expect(throws: OutputError.self) {
      try AtomicFileWriter.write(self.bytes("x"), to: path)
    }
    #expect(error?.message.contains(path.isEmpty ? "empty path" : "it is a folder") == true)
  }

  @Test func aFileInTheWayOfAFolderIsAnError() throws {
    let folder = try OutputTestFolder()
    let blocker = try folder.file("Reports", "not a folder")
    #expect(throws: OutputError("cannot create folder '\(blocker)': Not a directory")) {
      try AtomicFileWriter.write(self.bytes("x"), to: folder.join("Reports/2026/week.html"))
    }
    #expect(folder.contents("Reports") == "not a folder")
  }

  @Test(.enabled(if: !isRoot, "root ignores permission bits, so a read-only folder cannot be tested"))
  func cannotCreateAFolderInsideAReadOnlyFolder() throws {
    let folder = try OutputTestFolder()
    let reports = try folder.folder("Reports")
    #expect(chmod(reports, 0o555) == 0)
    #expect(throws: OutputError("cannot create folder '\(reports)/2026': Permission denied")) {
      try AtomicFileWriter.write(self.bytes("x"), to: reports + "/2026/week.html")
    }
  }

  @Test(.enabled(if: !isRoot, "root ignores permission bits, so a read-only folder cannot be tested"))
  func keepsThePreviousFileInAReadOnlyFolder() throws {
    let folder = try OutputTestFolder()
    let target = try folder.file("Reports/week.html", "previous")
    #expect(chmod(folder.join("Reports"), 0o555) == 0)
    let error = #expect(throws: OutputError.self) {
      try AtomicFileWriter.write(self.bytes("new"), to: target)
    }
    #expect(error?.message.hasPrefix("cannot write '\(target)': cannot create a temporary file") == true)
    #expect(error?.message.hasSuffix(": Permission denied") == true)
    #expect(folder.contents("Reports/week.html") == "previous")
    #expect(try folder.names(in: "Reports") == ["week.html"])
  }

  /// A name that is valid but too long to have a temporary file beside it: the write fails before
  /// anything is replaced, even for root.
  @Test func keepsThePreviousFileWhenNoTemporaryFileCanBeCreated() throws {
    let folder = try OutputTestFolder()
    let name = String(repeating: "w", count: 250) + ".html"
    try folder.file(name, "previous")
    let error = #expect(throws: OutputError.self) {
      try AtomicFileWriter.write(self.bytes("new"), to: folder.join(name))
    }
    #expect(error?.message.hasSuffix(": File name too long") == true)
    #expect(folder.contents(name) == "previous")
    #expect(try folder.names() == [name])
  }

  /// A failure after the temporary file is written (simulated just before the rename) removes the
  /// temporary file and keeps the previous target.
  @Test func keepsThePreviousFileWhenFailingBeforeTheRename() throws {
    let folder = try OutputTestFolder()
    let target = try folder.file("Reports/week.html", "previous")
    var temporaryPath: String?
    var temporaryContents: String?
    #expect(throws: OutputError("disk on fire")) {
      try AtomicFileWriter.write(self.bytes("new report"), to: target) {
        (temporary: String) throws(OutputError) in
        temporaryPath = temporary
        temporaryContents = FileManager.default.contents(atPath: temporary).map {
          String(decoding: $0, as: UTF8.self)
        }
        throw OutputError("disk on fire")
      }
    }
    let temporary = try #require(temporaryPath)
    #expect(temporary == folder.join("Reports/.week.html.tmp"))
    #expect(temporaryContents == "new report")
    #expect(!FileManager.default.fileExists(atPath: temporary))
    #expect(folder.contents("Reports/week.html") == "previous")
    #expect(try folder.names(in: "Reports") == ["week.html"])
  }

  @Test func replacesASymbolicLinkWithTheFileAndKeepsItsTarget() throws {
    let folder = try OutputTestFolder()
    let original = try folder.file("original.txt", "original")
    #expect(symlink(original, folder.join("link.txt")) == 0)
    try AtomicFileWriter.write(bytes("new"), to: folder.join("link.txt"))
    #expect(folder.contents("link.txt") == "new")
    #expect(folder.contents("original.txt") == "original")
    #expect(mode(folder.join("link.txt")) & S_IFMT == S_IFREG)
  }

  @Test func messagesShowControlCharactersInPaths() throws {
    let folder = try OutputTestFolder()
    let target = try folder.folder("bad\u{1B}[31mname")
    let error = #expect(throws: OutputError.self) {
      try AtomicFileWriter.write(self.bytes("x"), to: target)
    }
    #expect(error?.message == "cannot write '\(folder.path)/bad\\u{1b}[31mname': it is a folder")
  }
}
