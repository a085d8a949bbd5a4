/// A small, strict RFC 4180 reader for checking the tool's CSV, shared by the end-to-end and the
/// reporting tests: comma separators, `"` quoting with `""` for a quote, CRLF or LF between records,
/// any character (including line breaks) inside quotes.
public enum CSVReader {
  public struct Malformed: Error, CustomStringConvertible {
    public var description: String
  }

  /// The records of `text` as cells. The final line break is optional; a quote or a carriage return
  /// (but in CRLF) inside an unquoted cell, text after a closing quote, an unclosed quote or rows of
  /// different widths are errors.
  public static func rows(_ text: String) throws(Malformed) -> [[String]] {
    var rows: [[String]] = []
    var row: [String] = []
    var cell = String.UnicodeScalarView()
    var quoted = false
    var afterClosingQuote = false
    var cellStarted = false
    let scalars = Array(text.unicodeScalars)
    var index = 0
    func endCell() {
      row.append(String(cell))
      cell = String.UnicodeScalarView()
      afterClosingQuote = false
      cellStarted = false
    }
    while index < scalars.count {
      let scalar = scalars[index]
      index += 1
      if quoted {
        if scalar == "\"" {
          if index < scalars.count && scalars[index] == "\"" {
            cell.append("\"")
            index += 1
          } else {
            quoted = false
            afterClosingQuote = true
          }
        } else {
          cell.append(scalar)
        }
        continue
      }
      switch scalar {
      case ",":
        endCell()
      case "\r":
        // RFC 4180 allows CR outside quotes only as part of a CRLF record end.
        guard index < scalars.count && scalars[index] == "\n" else {
          throw Malformed(description: "carriage return outside quotes in record \(rows.count + 1)")
        }
        continue
      case "\n":
        endCell()
        rows.append(row)
        row = []
      case "\"":
        guard !cellStarted else {
          throw Malformed(description: "quote inside an unquoted cell in record \(rows.count + 1)")
        }
        quoted = true
        cellStarted = true
      default:
        guard !afterClosingQuote else {
          throw Malformed(description: "text after a closing quote in record \(rows.count + 1)")
        }
        cell.append(scalar)
        cellStarted = true
      }
    }
    if quoted { throw Malformed(description: "unclosed quote in record \(rows.count + 1)") }
    if cellStarted || afterClosingQuote || !row.isEmpty {
      endCell()
      rows.append(row)
    }
    if let width = rows.first?.count, let bad = rows.firstIndex(where: { $0.count != width }) {
      throw Malformed(description: "record \(bad + 1) has \(rows[bad].count) cells, the header \(width)")
    }
    return rows
  }

  /// The cells of `column` (by header name) in the records after the header; nil without that column.
  public static func column(_ name: String, of rows: [[String]]) -> [String]? {
    guard let index = rows.first?.firstIndex(of: name) else { return nil }
    return rows.dropFirst().map { $0[index] }
  }
}
