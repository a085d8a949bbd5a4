import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// `CSVTable`: the CSV reader of `import` (quoting, BOM, line ends, widths, located errors).
@Suite struct CSVTableTests {
  private func table(_ text: String) throws(Diagnostic) -> CSVTable {
    try CSVTable.read(Array(text.utf8), path: "in.csv")
  }

  private func problem(_ text: String) -> Diagnostic? {
    do {
      _ = try table(text)
      return nil
    } catch {
      return error
    }
  }

  @Test func quotedDelimitersDoubledQuotesAndLineBreaks() throws {
    let read = try table("Name,Note\n\"Oats, rolled\",\"a \"\"big\"\" bowl\"\n\"two\nlines\",x\nlast,y\n")
    #expect(read.header == ["Name", "Note"])
    #expect(
      read.records.map(\.cells) == [
        ["Oats, rolled", "a \"big\" bowl"], ["two\nlines", "x"], ["last", "y"],
      ])
    #expect(read.records.map(\.line) == [2, 3, 5])
  }

  @Test func bomCRLFBlankLinesAndEmptyCells() throws {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("A,B,C\r\n1,,3\r\n\r\n4,5\r\n".utf8)
    let read = try CSVTable.read(bytes, path: "in.csv")
    #expect(read.header == ["A", "B", "C"])
    #expect(read.records.map(\.cells) == [["1", "", "3"], ["4", "5"]])
    #expect(read.records[1][2] == "")
    #expect(read.records.map(\.line) == [2, 4])
    #expect(try read.column(named: ["b"], path: "in.csv") == 1)
  }

  @Test func delimiterIsTheOneTheHeaderUses() throws {
    #expect(try table("A;B\n1,5;2\n").records[0].cells == ["1,5", "2"])
    #expect(try table("A\tB\n1\t2\n").delimiter == UInt8(ascii: "\t"))
    #expect(try table("\"A;B\",C\n1,2\n").header == ["A;B", "C"])
  }

  @Test func malformedInputIsLocated() {
    let unclosed = problem("A,B\n1,2\n3,\"open\n")
    #expect(unclosed?.location == SourceLocation(path: "in.csv", line: 3, column: 2))
    #expect(unclosed?.message == "a quoted cell is never closed")
    let after = problem("A,B\n\"x\"y,2\n")
    #expect(after?.location == SourceLocation(path: "in.csv", line: 2, column: 1))
    let wide = problem("A,B\n1,2,3\n")
    #expect(wide?.location == SourceLocation(path: "in.csv", line: 2, column: 3))
    #expect(problem("")?.message == "no header row: the file is empty")
    let notUTF8 = (try? CSVTable.read(Array("A,B\n1,".utf8) + [0xFF], path: "in.csv")) == nil
    #expect(notUTF8)
  }

  @Test func trailingEmptyCellsPastTheHeaderAreDropped() throws {
    #expect(try table("A,B\n1,2,,\n").records[0].cells == ["1", "2"])
  }
}
