import DemeterCore

/// `entries` as journal lines (`-f jsonl`): every entry of the period as its journal line (manual: output), in canonical
/// key order with every key it has (tags, micronutrients, note, schemaVersion, unknown keys) and
/// its values as written, so `entries -f jsonl | demeter-report add -` into an empty journal
/// rebuilds the journal. Only `entries` has this format: it is the journal's own, not a report's.
/// Each line is made as it is read (`JournalLineRenderer`), a few runs of dates at a time on every
/// processor, and written in date order (`JournalDigests.forEachDate(ofRecordsIn:renderer:_:)`).
enum EntryLinesExport {
  static let format = "jsonl"

  /// Writes the lines of the entries of `period` (the report's entries, in its order: those the
  /// digests' query matches, when they have one) to the file `destination` (nil or `-`: standard
  /// output).
  /// - Throws: an I/O error when the output cannot be written.
  static func write(_ digests: JournalDigests, period: Period, destination: String?, _ console: inout Console)
    throws(CommandError)
  {
    func produce(_ write: ([UInt8]) throws(OutputError) -> Void) throws(OutputError) {
      let renderer = JournalLineRenderer(limits: digests.loadOptions.limits)
      try digests.forEachDate(ofRecordsIn: period, renderer: renderer) { lines, _ throws(OutputError) in
        try write(lines)
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
