import Foundation
import ReportFormats
import Testing

/// The format an `-o` file's extension picks is honest (issue 15): `.htm` is HTML, an extension no
/// format claims is a usage error listing the formats (the file is not written), unless `-f` names one.
@Suite struct FormatFromExtensionTests {
  static let week = ["week", "2026-W47", "--journal", ToolRun.sampleJournal]

  @Test func htmIsHTML() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("week.htm").path
    let run = try ToolRun.run(Self.week + ["-o", path])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
  }

  @Test func unclaimedExtensionIsAUsageError() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("week.pdf").path
    let run = try ToolRun.run(Self.week + ["-o", path])
    #expect(run.status == 2)
    #expect(run.stderr.contains("no format writes .pdf files"))
    #expect(run.stderr.contains("formats: \(BuiltInFormats.names.joined(separator: ", "))"))
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test func formatOptionWinsOverAnyExtension() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("week.pdf").path
    let run = try ToolRun.run(Self.week + ["-o", path, "-f", "text"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("Week 2026-W47"))
  }
}
