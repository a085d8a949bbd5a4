import DemeterCore

/// `entries -f jsonl`: every entry of the period as its journal line (manual: output), in canonical
/// key order with every key it has (tags, micronutrients, note, schemaVersion, unknown keys) and
/// its values as written, so `entries -f jsonl | demeter-report add -` into an empty journal
/// rebuilds the journal. Only `entries` has this format: it is the journal's own, not a report's.
enum EntryLinesExport {
  static let format = "jsonl"

  /// Whether the options ask for it: `-f jsonl`, or no `-f` and `-o` naming a `.jsonl` file.
  static func isAsked(_ arguments: ParsedArguments) -> Bool {
    guard let format = arguments.value("format") else {
      return arguments.value("output")?.hasSuffix("." + Self.format) ?? false
    }
    return format == Self.format
  }

  /// Writes the lines of `rows` of `table` (the report's entries, in its order) where `-o` says,
  /// else to stdout.
  /// - Throws: an I/O error when a file cannot be read or changed since the journal was read.
  static func write(
    _ rows: [Int], of table: EntryTable, journal: JournalSource, _ arguments: ParsedArguments,
    _ console: inout Console
  ) throws(CLIError) {
    var bytes: [UInt8] = []
    for line in try lines(rows, of: table, journal: journal) {
      bytes += Array(EntryLineEncoder.line(line.object).utf8) + [UInt8(ascii: "\n")]
    }
    guard let output = arguments.value("output"), output != "-" else {
      console.write(bytes)
      return
    }
    do {
      _ = try AtomicFileWriter.writeOutputIfChanged(bytes, to: output)
    } catch {
      throw .io(error.description)
    }
  }

  /// The journal lines of `rows` of `table`, read again from their day files in `journal`.
  /// - Throws: an I/O error when a file cannot be read or has changed since the table was made.
  static func lines(_ rows: [Int], of table: EntryTable, journal: JournalSource) throws(CLIError)
    -> [JournalEntryLine]
  {
    let locations = rows.map(table.location(ofRow:))
    let files = try journal.dayFiles(at: Set(locations.map(\.path))).mapValues { contents in
      Dictionary(contents.lines.map { ($0.number, $0.outcome.line) }, uniquingKeysWith: { first, _ in first })
    }
    var lines: [JournalEntryLine] = []
    for (row, location) in zip(rows, locations) {
      guard let line = files[location.path]?[location.line] ?? nil, line.entry.id == table.id(ofRow: row)
      else {
        throw .io("\(location.path) changed while it was exported; run the export again")
      }
      lines.append(line)
    }
    return lines
  }
}
