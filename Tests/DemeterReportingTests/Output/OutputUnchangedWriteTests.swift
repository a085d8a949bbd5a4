import DemeterCore
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `AtomicFileWriter.writeOutputIfChanged`: a report that would not change is left untouched (same
/// file, same time); any difference, or no file yet, writes it as `write` does.
@Suite struct OutputUnchangedWriteTests {
  private func status(_ path: String) -> stat {
    var info = stat()
    #expect(stat(path, &info) == 0)
    return info
  }

  @Test func sameBytesLeaveTheFileAndItsTimeAsTheyAre() throws {
    let folder = try OutputTestFolder()
    let target = folder.join("week.html")
    #expect(try AtomicFileWriter.writeOutputIfChanged(Array("<p>week</p>".utf8), to: target))
    let old = Date(timeIntervalSince1970: 1_000_000_000)
    try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: target)
    let before = status(target)
    #expect(try !AtomicFileWriter.writeOutputIfChanged(Array("<p>week</p>".utf8), to: target))
    let after = status(target)
    #expect(after.st_ino == before.st_ino)
    #expect(after.st_mtim.tv_sec == 1_000_000_000)
    #expect(folder.contents("week.html") == "<p>week</p>")
  }

  @Test func anyDifferenceWritesTheFile() throws {
    let folder = try OutputTestFolder()
    let target = folder.join("week.csv")
    for (text, written) in [
      ("a,b\n1,2\n", true), ("a,b\n1,3\n", true), ("a,b\n1,3\n", false), ("a,b\n", true), ("", true),
    ] {
      #expect(try AtomicFileWriter.writeOutputIfChanged(Array(text.utf8), to: target) == written)
      #expect(folder.contents("week.csv") == text)
    }
  }

  /// The `-o` path's links are followed, as `write(…, target: .userOutput)` follows them.
  @Test func followsALinkToTheReport() throws {
    let folder = try OutputTestFolder()
    try AtomicFileWriter.write(Array("same".utf8), to: folder.join("real.txt"))
    #expect(symlink(folder.join("real.txt"), folder.join("link.txt")) == 0)
    #expect(try !AtomicFileWriter.writeOutputIfChanged(Array("same".utf8), to: folder.join("link.txt")))
    #expect(try AtomicFileWriter.writeOutputIfChanged(Array("new".utf8), to: folder.join("link.txt")))
    #expect(folder.contents("real.txt") == "new")
    #expect(FileStatus.isSymbolicLink(folder.join("link.txt")))
  }
}
