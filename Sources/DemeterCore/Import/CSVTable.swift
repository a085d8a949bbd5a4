import DemeterFoundation

/// A CSV file read for importing (`import`): a header row and records, each cell as text and each
/// record with the line it starts on, so a problem can be reported as `FILE:ROW:COLUMN`.
///
/// Lenient where trackers' exports differ and strict where data could be misread: a UTF-8 BOM, LF,
/// CRLF or CR record ends, blank lines, `"` quoting with `""` for a quote and delimiters or line
/// breaks inside quotes, and short records (missing trailing cells are empty) are accepted; an
/// unclosed quote, text after a closing quote, cells past the header's width that are not empty, and
/// text that is not UTF-8 are errors. The delimiter is the one of `,`, `;` and tab that the header
/// uses most outside quotes (`,` when it uses none).
public struct CSVTable: Sendable, Hashable {
  /// One record: its cells and the 1-based line of the file it starts on.
  public struct Record: Sendable, Hashable {
    public var line: Int
    public var cells: [String]

    /// The cell at `column` (0-based), or "" past the end of a short record.
    public subscript(column: Int) -> String { column < cells.count ? cells[column] : "" }

    /// Whether the record is a blank line (one empty or all-space cell).
    var isBlank: Bool { cells.count == 1 && cells[0].trimmingSpaces().isEmpty }
  }

  /// The header's cells, trimmed.
  public var header: [String]
  /// The line the header is on (blank lines may come first).
  public var headerLine: Int
  /// The records after the header, blank lines left out.
  public var records: [Record]
  /// The delimiter the file uses.
  public var delimiter: UInt8

  /// The 0-based column headed by one of `names` (compared as `ImportColumn.normalized` says), the
  /// first such in the file: where every importer that reads columns by name finds them.
  /// - Throws: `ImportError.unreadable` when one of the names heads two columns, located at the
  ///   second and naming both: which one holds the data cannot be told.
  public func column(named names: [String], path: String) throws(ImportError) -> Int? {
    let wanted = Set(names.map(ImportColumn.normalized))
    var seen: [String: Int] = [:]
    var first: Int?
    for (index, cell) in header.enumerated() {
      let name = ImportColumn.normalized(cell)
      guard wanted.contains(name) else { continue }
      if let earlier = seen[name] {
        throw .unreadable(
          Diagnostic(
            .error, SourceLocation(path: path, line: headerLine, column: index + 1),
            "\"\(cell)\" heads column \(earlier + 1) and column \(index + 1): which one to read cannot be "
              + "told (rename or remove one)"))
      }
      seen[name] = index
      first = first ?? index
    }
    return first
  }

  /// Reads the CSV `bytes` of the file `path` (used in the error).
  /// - Throws: a located diagnostic for the first malformed spot; a file without a header row is one.
  public static func read(_ bytes: [UInt8], path: String) throws(Diagnostic) -> CSVTable {
    var stream = try Stream(bytes, path: path)
    var table = stream.head
    while let record = try stream.next() { table.records.append(record) }
    return table
  }

  /// The records of a CSV file one at a time, checked as `read` checks them, so an export of any
  /// size is read without holding its records.
  public struct Stream {
    private var reader: Reader
    /// The header, its line and the delimiter, without records.
    public let head: CSVTable

    /// The stream of the CSV `bytes` of the file `path`, its header read.
    /// - Throws: a located diagnostic when the header is malformed or missing.
    public init(_ bytes: [UInt8], path: String) throws(Diagnostic) {
      reader = Reader(bytes: bytes, path: path)
      var first: Record?
      while first == nil, let record = try reader.nextRecord() {
        if !record.isBlank { first = record }
      }
      guard let first else {
        throw Diagnostic(
          .error, SourceLocation(path: path, line: 1, column: 1), "no header row: the file is empty")
      }
      head = CSVTable(
        header: first.cells.map { $0.trimmingSpaces() }, headerLine: first.line, records: [],
        delimiter: reader.delimiter)
    }

    /// The next record (blank lines left out), or nil at the end of the file.
    /// - Throws: a located diagnostic for a malformed record.
    public mutating func next() throws(Diagnostic) -> Record? {
      let width = head.header.count
      while let record = try reader.nextRecord() {
        guard !record.isBlank else { continue }
        var trimmed = record
        if record.cells.count > width {
          if let extra = record.cells[width...].firstIndex(where: { !$0.isEmpty }) {
            throw Diagnostic(
              .error, SourceLocation(path: reader.path, line: record.line, column: extra + 1),
              "this row has more cells than the header's \(width) (a delimiter inside an unquoted cell?)")
          }
          trimmed.cells.removeLast(record.cells.count - width)
        }
        return trimmed
      }
      return nil
    }
  }

  /// The byte-level state machine.
  private struct Reader {
    let bytes: [UInt8]
    let path: String
    var index: Int
    var line = 1
    let delimiter: UInt8

    init(bytes: [UInt8], path: String) {
      self.bytes = bytes
      self.path = path
      index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
      delimiter = Self.delimiter(of: bytes[index...])
    }

    static let quote = UInt8(ascii: "\"")
    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")

    /// The delimiter the first record uses most outside quotes.
    static func delimiter(of bytes: ArraySlice<UInt8>) -> UInt8 {
      let candidates: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "\t")]
      var counts = [0, 0, 0]
      var quoted = false
      for byte in bytes {
        if byte == quote {
          quoted.toggle()
        } else if !quoted, byte == newline || byte == carriageReturn {
          break
        } else if !quoted, let position = candidates.firstIndex(of: byte) {
          counts[position] += 1
        }
      }
      let best = counts.indices.max { counts[$0] < counts[$1] || (counts[$0] == counts[$1] && $0 > $1) }!
      return counts[best] == 0 ? candidates[0] : candidates[best]
    }

    /// The next record, or nil at the end of the file.
    mutating func nextRecord() throws(Diagnostic) -> Record? {
      guard index < bytes.count else { return nil }
      let start = line
      var cells: [String] = []
      while true {
        let (cell, ended) = try nextCell(recordLine: start, column: cells.count + 1)
        cells.append(cell)
        if ended { return Record(line: start, cells: cells) }
      }
    }

    /// The next cell and whether it ended its record (a line end or the end of the file).
    mutating func nextCell(recordLine: Int, column: Int) throws(Diagnostic) -> (String, Bool) {
      var cell: [UInt8] = []
      let quoted = index < bytes.count && bytes[index] == Self.quote
      let openedOn = line
      if quoted { index += 1 }
      while index < bytes.count {
        let byte = bytes[index]
        if quoted {
          if byte == Self.quote {
            if index + 1 < bytes.count, bytes[index + 1] == Self.quote {
              cell.append(byte)
              index += 2
              continue
            }
            index += 1
            guard
              index == bytes.count || bytes[index] == delimiter || bytes[index] == Self.newline
                || bytes[index] == Self.carriageReturn
            else {
              throw problem(recordLine, column, "text after the closing quote of a quoted cell")
            }
            return try finish(cell, recordLine, column)
          }
          if byte == Self.newline || (byte == Self.carriageReturn && bytes[safe: index + 1] != Self.newline) {
            line += 1
          }
          cell.append(byte)
          index += 1
          continue
        }
        if byte == delimiter || byte == Self.newline || byte == Self.carriageReturn { break }
        cell.append(byte)
        index += 1
      }
      if quoted {
        throw problem(openedOn, column, "a quoted cell is never closed")
      }
      return try finish(cell, recordLine, column)
    }

    /// Ends a cell at `index`: consumes the delimiter or line end after it.
    mutating func finish(_ cell: [UInt8], _ recordLine: Int, _ column: Int) throws(Diagnostic) -> (
      String, Bool
    ) {
      guard let text = String(validating: cell, as: UTF8.self) else {
        throw problem(recordLine, column, "this cell is not UTF-8 text (save the export as UTF-8)")
      }
      guard index < bytes.count else { return (text, true) }
      let byte = bytes[index]
      index += 1
      if byte == delimiter { return (text, false) }
      if byte == Self.carriageReturn, index < bytes.count, bytes[index] == Self.newline { index += 1 }
      line += 1
      return (text, true)
    }

    func problem(_ line: Int, _ column: Int, _ message: String) -> Diagnostic {
      Diagnostic(.error, SourceLocation(path: path, line: line, column: column), message)
    }
  }
}

extension Array {
  fileprivate subscript(safe index: Int) -> Element? { index < count ? self[index] : nil }
}
