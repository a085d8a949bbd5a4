import Foundation
import TestSupport
import Testing

/// `entries -f csv` as an export (manual: writing): absent fibre and sugar stay empty, tags joined with `;`,
/// the note, and a column per micronutrient present in the period.
@Suite struct EntryCSVExportTests {
  @Test func optionalFieldsTagsNotesAndMicronutrients() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let journal = folder.appendingPathComponent("journal")
    try FileManager.default.createDirectory(at: journal, withIntermediateDirectories: true)
    let add = try WritingTests.run(
      ["add", "-", "--journal", journal.path, "--quiet"],
      input: EntryLinesExportTests.richLines.joined(separator: "\n"),
      in: folder)
    try #require(add.status == 0, "\(add.stderr)")
    let run = try ToolRun.run(["entries", "all", "-f", "csv", "--journal", journal.path])
    #expect(run.status == 0, "\(run.stderr)")
    let rows = run.csvRows()
    let header = try #require(rows.first)
    #expect(Array(header.suffix(5)) == ["source", "tags", "note", "sodium_mg", "vitamin_d_ug"])
    func column(_ id: String) -> [String] { CSVReader.column(id, of: rows) ?? [] }
    #expect(column("fiber") == ["0", "", ""], "an absent fibre is empty, a stated 0 is 0")
    #expect(column("sugar") == ["1.5", "", ""])
    #expect(column("tags") == ["home;eggs", "", ""])
    #expect(column("note") == ["with \"butter\"\nand chives", "", ""])
    #expect(column("sodium_mg") == ["310", "", ""])
    #expect(column("vitamin_d_ug") == ["2.2", "", ""])
    // A period without micronutrients has no such columns.
    let day = try ToolRun.run(["entries", "2026-11-06", "-f", "csv", "--journal", journal.path])
    #expect(day.csvRows().first?.suffix(3) == ["source", "tags", "note"])
  }
}
