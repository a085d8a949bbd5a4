import DemeterCore

/// `entries` as journal lines (`-f jsonl`): every entry of the period as its journal line (manual: output), in canonical
/// key order with every key it has (tags, micronutrients, note, schemaVersion, unknown keys) and
/// its values as written, so `entries -f jsonl | demeter-report add -` into an empty journal
/// rebuilds the journal. Only `entries` has this format: it is the journal's own, not a report's.
/// The lines are joined a date at a time on every processor as they are read and written in date order
/// (`JournalDigests.forEachDate(ofExportedEntriesIn:keepingLines:making:_:)`).
enum EntryLinesExport {
  static let format = "jsonl"

  /// Writes the lines of the entries of `period` (the report's entries, in its order) to the file
  /// `destination` (nil or `-`: standard output).
  /// - Throws: an I/O error when the output cannot be written.
  static func write(
    _ digests: JournalDigests, period: Period, destination: String?, _ console: inout Console
  ) throws(CommandError) {
    func produce(_ write: ([UInt8]) throws(OutputError) -> Void) throws(OutputError) {
      // Each date's lines joined on any processor, written in date order.
      try digests.forEachDate(ofExportedEntriesIn: period, keepingLines: true) { entries, _ in
        var bytes: [UInt8] = []
        bytes.reserveCapacity(entries.reduce(0) { $0 + $1.canonicalLine.count + 1 })
        for entry in entries {
          bytes += entry.canonicalLine
          bytes.append(UInt8(ascii: "\n"))
        }
        return bytes
      } _: { bytes throws(OutputError) in
        try write(bytes)
      }
    }
    do {
      guard let output = destination, output != "-" else {
        try produce { console.write($0) }
        return
      }
      try AtomicFileWriter.write(to: output, target: .userOutput) { file throws(OutputError) in
        try produce { bytes throws(OutputError) in try file.write(bytes) }
      }
    } catch {
      throw .io(error.description)
    }
  }
}
