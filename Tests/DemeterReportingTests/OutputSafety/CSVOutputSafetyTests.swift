import DemeterCore
import TestSupport
import Testing

@testable import CSVReport
@testable import DemeterReporting

/// CSV (manual: output, reliability): every cell, whatever it holds, reads back through a strict RFC 4180
/// reader as exactly one cell with exactly its text — except that text a spreadsheet would run as
/// a formula gets the documented leading `'`.
@Suite struct CSVOutputSafetyTests {
  static let strings = HostileStringGenerator.make(400, seed: 0xC5_F0)

  /// What `CSVField` documents: a cell whose first scalar after any leading white space (spaces,
  /// tabs, line breaks: some spreadsheets skip them) is `=`, `+`, `-` or `@`, and whose rest is not
  /// a plain decimal number (sign, digits with at most one `.`, optional exponent), is written with
  /// a `'` in front; leading white space alone changes nothing (issue 13 §4).
  static func expectedCell(_ text: String) -> String {
    let rest = String(String.UnicodeScalarView(text.unicodeScalars.drop { $0.properties.isWhitespace }))
    guard let first = rest.unicodeScalars.first, "=+-@".unicodeScalars.contains(first) else {
      return text
    }
    return isPlainNumber(rest) ? text : "'" + text
  }

  static func isPlainNumber(_ text: String) -> Bool {
    let number = /[+\-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+\-]?[0-9]+)?/.matchingSemantics(.unicodeScalar)
    return (try? number.wholeMatch(in: text)) != nil
  }

  /// Fixed cases of the formula guard: formulas (also behind white space) and things that only look
  /// like numbers get the `'`; numbers keep their sign; text starting with another character, or
  /// white space before anything but a formula, does not.
  @Test(arguments: [
    ("=SUM(A1:A2)", "'=SUM(A1:A2)"), ("+1+1", "'+1+1"), ("-2+3", "'-2+3"), ("@SUM(1)", "'@SUM(1)"),
    ("=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"), ("\t=1", "'\t=1"), ("\r=1", "'\r=1"), ("-", "'-"),
    ("+", "'+"),
    ("-inf", "'-inf"), ("-nan", "'-nan"), ("+0x1p3", "'+0x1p3"), ("-1\u{301}", "'-1\u{301}"),
    ("-2.5", "-2.5"), ("+1", "+1"), ("-1.5e3", "-1.5e3"), ("-.5", "-.5"), ("-1.", "-1."),
    (" =1", "' =1"), ("  @x", "'  @x"), ("\r\n+1+1", "'\r\n+1+1"), (" -2.5", " -2.5"), ("\rX", "\rX"),
    ("\tTAB", "\tTAB"), ("a=1", "a=1"), ("", ""),
  ])
  func formulaGuard(text: String, cell: String) throws {
    #expect(sameScalars(Self.expectedCell(text), cell))
    let rows = try CSVReader.rows(CSVField.escape(text) + "\n")
    #expect(rows.count == 1 && rows[0].count == 1)
    expectSame(rows.first?.first ?? "", cell, "the cell of \(shown(text))")
  }

  @Test func everyCellRoundTrips() throws {
    for text in Self.strings {
      let rows = try CSVReader.rows(CSVField.escape(text) + "\n")
      #expect(
        rows.count == 1 && rows.first?.count == 1, "\(shown(text)) is not one cell: \(rows.count) records")
      expectSame(rows.first?.first ?? "", Self.expectedCell(text), "the cell of \(shown(text))")
    }
  }

  /// Records of five random cells keep their cell count, and the file its record count, with LF
  /// and with CRLF between records.
  @Test func recordsKeepTheirShape() throws {
    let width = 5
    let records = stride(from: 0, to: Self.strings.count - width + 1, by: width).map {
      Array(Self.strings[$0..<($0 + width)])
    }
    for lineEnd in ["\n", "\r\n"] {
      let text = records.map { $0.map(CSVField.escape).joined(separator: ",") + lineEnd }.joined()
      let read = try CSVReader.rows(text)
      #expect(read.count == records.count)
      for (record, expected) in zip(read, records) {
        #expect(record.count == width)
        for (cell, text) in zip(record, expected) {
          expectSame(cell, Self.expectedCell(text), "the cell of \(shown(text))")
        }
      }
    }
  }

  /// Whole reports: a header of the column ids and one record per row but totals, each cell the
  /// model's text; for the journals, the food, unit, meal and description columns are the journal's.
  @Test func reportsReadBackExactly() throws {
    for (name, report, _) in HostileReports.all {
      let output = String(
        decoding: try CSVGenerator().render(report, options: RenderOptions()), as: UTF8.self)
      let table = try #require(report.primaryTable)
      let rows: [[String]]
      do {
        rows = try CSVReader.rows(output)
      } catch {
        Issue.record("\(name): not RFC 4180: \(error)")
        continue
      }
      let records = table.rows.filter { $0.role != .total }
      #expect(rows.count == 1 + records.count, "\(name)")
      let width = rows.allSatisfy { $0.count == table.columns.count }
      #expect(width, "\(name)")
      guard rows.count == 1 + records.count else { continue }
      for (cell, column) in zip(rows[0], table.columns) {
        expectSame(cell, Self.expectedCell(column.id), "\(name): the header \(shown(column.id))")
      }
      for (record, row) in zip(rows.dropFirst(), records) {
        for (cell, expected) in zip(record, row.cells) {
          let text = expected.text(decimals: nil)
          expectSame(cell, Self.expectedCell(text), "\(name): the cell of \(shown(text))")
        }
      }
    }
    for journal in HostileReports.journals {
      let output = try CSVGenerator().render(journal.entriesReport, options: RenderOptions())
      let rows = try CSVReader.rows(String(decoding: output, as: UTF8.self))
      #expect(rows.count == 1 + journal.rows.count)
      let columns: [(String, (Entry) -> String)] = [
        ("food", \.foodName), ("raw_description", \.rawDescription), ("unit", \.unit),
        ("meal", { $0.meal ?? "" }),
        ("id", \.id), ("source", { "\(journal.path):\($0.line)" }),
      ]
      for (column, field) in columns {
        let read = try #require(CSVReader.column(column, of: rows))
        let written = journal.rows.map { Self.expectedCell(field($0)) }
        let same =
          read.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
          == written.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
        #expect(same, "column \(column) differs from the journal")
      }
    }
  }
}
