import DemeterCore

/// `entries -f jsonl`: every entry of the period as its journal line (SPEC §9 export), in canonical
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
  /// else to stdout. The lines are read again from their day files.
  /// - Throws: a usage error for the built-in sample (it has no day files), an I/O error when a file
  ///   cannot be read or changed since the journal was read.
  static func write(
    _ rows: [Int], of table: EntryTable, journal: String?, _ arguments: ParsedArguments, _ console: inout Console
  ) throws(CLIError) {
    guard journal != nil else { throw .usage("-f jsonl exports a journal's own lines; --sample has none") }
    var files: [String: [Int: JournalEntryLine]] = [:]
    var bytes: [UInt8] = []
    for row in rows {
      let location = table.location(ofRow: row)
      if files[location.path] == nil {
        do throws(ModelError) {
          let contents = try DayFileContents.read(location.path)
          var byNumber: [Int: JournalEntryLine] = [:]
          for line in contents.lines { byNumber[line.number] = line.outcome.line }
          files[location.path] = byNumber
        } catch {
          throw .io(error.message)
        }
      }
      guard let line = files[location.path]?[location.line], line.entry.id == table.ids[row] else {
        throw .io("\(location.path) changed while it was exported; run the export again")
      }
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
}
