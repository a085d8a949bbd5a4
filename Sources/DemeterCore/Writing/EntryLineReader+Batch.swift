import DemeterFoundation

extension EntryLineReader {
  /// Reads each non-blank line of `bytes` as an entry, as `add` reads stdin (manual: writing): a BOM, CRLF
  /// line ends and blank lines are accepted, as in day files, and a line without an id gets the one
  /// `BatchEntryIDs` derives for its place in the batch.
  /// - Returns: each non-blank line's 1-based number and what reading it gave, in line order.
  public static func read(batch bytes: [UInt8], path: String) -> [(lineNumber: Int, outcome: Outcome)] {
    bytes.withUnsafeBufferPointer { buffer in
      let lines = JournalLines(buffer).filter { !buffer.isBlank($0.range) }
      let ids = BatchEntryIDs(lines: lines.map { Array(buffer[$0.range]) })
      return lines.enumerated().map { position, line in
        let outcome = read(
          UnsafeBufferPointer(rebasing: buffer[line.range]), path: path, lineNumber: line.number,
          missingID: ids.id(at: position))
        return (line.number, outcome)
      }
    }
  }
}
