import DemeterFoundation
import DemeterJournal

/// The valid lines of an import, in row order, held on disk (manual: importing): each line's
/// written text (`EntryLineEncoder.writtenLine`) goes to a `SpillFile` as its row is read, and memory keeps, per line, where that
/// text is, the value of its id, its date, its source row and its former id's place (48 bytes,
/// whatever the line), so an export of a million rows is read, settled and merged in bounded
/// memory. A line is read back and decoded when asked for.
public struct ImportedLines: EntryLineBatch {
  private struct Record {
    var offset: Int
    var idHigh: UInt64
    var idLow: UInt64
    var length: Int32
    var sourceLine: Int32
    var sourceColumn: Int32
    var day: Int32
    /// The former id's place in `formerIDs`, or -1.
    var formerID: Int32
    var sourcePath: UInt16
    var hasIDValue: Bool
  }

  private let spill: SpillFile
  private var records: [Record] = []
  private var sourcePaths: [String] = []
  private var formerIDTexts: [String] = []

  /// No lines yet; their text will go to a temporary file in `folder`.
  /// - Throws: when that file cannot be made.
  public init(folder: String) throws(OutputError) {
    spill = try SpillFile(folder: folder)
  }

  public var count: Int { records.count }
  public var indices: Range<Int> { 0..<records.count }

  /// Adds `line`, read from `source`, with the id an earlier importer derived for it.
  /// - Throws: when its text cannot be written to the temporary file.
  mutating func append(_ line: JournalEntryLine, source: SourceLocation, formerID: String?) throws(OutputError) {
    let text = EntryLineEncoder.writtenLine(line.object)
    let offset = try spill.append(text.utf8)
    if sourcePaths.last != source.path {
      precondition(sourcePaths.count < Int(UInt16.max), "more import files than a batch holds")
      sourcePaths.append(source.path)
    }
    if let formerID { formerIDTexts.append(formerID) }
    let value = FoodEntryRepository.idValue(line.entry.id)
    records.append(
      Record(
        offset: offset, idHigh: UInt64(truncatingIfNeeded: (value ?? 0) >> 64),
        idLow: UInt64(truncatingIfNeeded: value ?? 0), length: Int32(text.utf8.count),
        sourceLine: Int32(clamping: source.line), sourceColumn: Int32(clamping: source.column), day: Int32(clamping: line.entry.timestamp.localDate.dayNumber),
        formerID: formerID == nil ? -1 : Int32(formerIDTexts.count - 1), sourcePath: UInt16(sourcePaths.count - 1),
        hasIDValue: value != nil))
  }

  /// Leaves out the lines at `indices`; the others keep their order.
  mutating func remove(_ indices: Set<Int>) {
    guard !indices.isEmpty else { return }
    records = records.indices.filter { !indices.contains($0) }.map { records[$0] }
  }

  public func idValue(at index: Int) -> UInt128? {
    let record = records[index]
    return record.hasIDValue ? UInt128(record.idHigh) << 64 | UInt128(record.idLow) : nil
  }

  public func date(at index: Int) -> CivilDate { CivilDate(dayNumber: Int(records[index].day)) }

  /// The row the line at `index` came from.
  public func source(at index: Int) -> SourceLocation {
    let record = records[index]
    return SourceLocation(
      path: sourcePaths[Int(record.sourcePath)], line: Int(record.sourceLine), column: Int(record.sourceColumn))
  }

  /// The id an earlier version of the importer derived for the line at `index`, if any.
  public func formerID(at index: Int) -> String? {
    let place = records[index].formerID
    return place < 0 ? nil : formerIDTexts[Int(place)]
  }

  /// The former ids, by index.
  public var formerIDs: [Int: String] {
    var ids: [Int: String] = [:]
    for index in records.indices { ids[index] = formerID(at: index) }
    return ids
  }

  public func writtenText(at index: Int) throws(ModelError) -> [UInt8]? {
    let record = records[index]
    do throws(OutputError) {
      return try spill.bytes(at: record.offset, length: Int(record.length))
    } catch {
      throw .persistenceError(error.message)
    }
  }

  public func line(at index: Int) throws(ModelError) -> JournalEntryLine {
    let bytes = try writtenText(at: index)!
    let source = source(at: index)
    let outcome = bytes.withUnsafeBufferPointer {
      EntryLineReader.read($0, path: source.path, lineNumber: source.line)
    }
    guard let line = outcome.line else {
      throw .persistenceError("a line of \(source.path) read back from a temporary file is no longer valid")
    }
    return line
  }

  /// Every line with its row and former id, in order (all at once: for a small import).
  public func read() throws(ModelError) -> [ImportBatch.Line] {
    var lines: [ImportBatch.Line] = []
    for index in records.indices {
      lines.append(ImportBatch.Line(line: try line(at: index), source: source(at: index), formerID: formerID(at: index)))
    }
    return lines
  }
}
