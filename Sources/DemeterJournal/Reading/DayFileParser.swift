import DemeterFoundation

/// Parses day files into an entry sink (day digests, an export's entries, …): every line through the
/// fast scanner or the strict JSON parser and entry decoder, which hand the sink the same entry
/// value, every problem located.
package struct DayFileParser {
  package var options: JournalLoadOptions

  package init(options: JournalLoadOptions) {
    self.options = options
  }

  /// About the length of a journal line, a little short (for reserving a sink's space; a guess only
  /// changes speed and memory).
  package static let typicalLineBytes = 300

  /// Parses one day file, handing its entries and problems to `partial` (a run of files may share
  /// one sink, so what it holds grows once instead of once per file).
  package func parse<Sink: EntrySink>(_ file: DayFile, into partial: inout Sink) {
    let bytes: [UInt8]
    do throws(FileBytes.ReadError) {
      if let contents = file.contents {
        bytes = contents
      } else {
        bytes = try FileBytes.read(file.path, limit: .dayFile)
      }
    } catch {
      partial.diagnostics.append(.unreadableFile(file.path, error.message))
      return
    }
    partial.beginFile(file.path, byteCount: bytes.count)
    if file.date == nil, options.collectWarnings {
      partial.diagnostics.append(
        .warning(
          .fileNameNotDate, SourceLocation(path: file.path, line: 1, column: 1),
          "file name is not a real date (YYYY-MM-DD.jsonl); its entries are read anyway"))
    }
    // Warnings and unknown keys are only reported by the strict path: the scanner declines their
    // lines, but for a line dated another day (`EntryLineScanner.misplacedDate`), warned about here.
    var scanner = EntryLineScanner()
    scanner.warnings = ScanWarnings(options, fileDate: file.date)
    // The strings of the entry of a line the strict path read, reused from line to line.
    var strings: [UInt8] = []
    // One for the file: it keeps the first few warnings of each kind where `check` asks.
    var problems = LineProblems(keptPerKind: options.warningsKeptPerKind)
    bytes.withUnsafeBufferPointer { buffer in
      let parser = JSONParser(limits: options.limits)
      var lines = JournalLines(buffer).makeIterator()
      while true {
        // The scanner finds the end of each line it reads; the others are split off here.
        if options.scansFast,
          let end = scanner.scan(
            buffer, lineStart: lines.position, lineNumber: lines.number + 1, limits: options.limits,
            timeZone: options.timeZone, into: &partial)
        {
          if let written = scanner.misplacedDate, let fileDate = file.date {
            // As the strict path reports it: at the line's first column, with the line's excerpt.
            let start = lines.position
            let contentEnd = end > start && buffer[end - 1] == UInt8(ascii: "\r") ? end - 1 : end
            problems.add(
              .warning, kind: Self.misplacedDateKind(written: written, fileDate: fileDate),
              SourceLocation(path: file.path, line: lines.number + 1, column: 1),
              Self.misplacedDateMessage(written: written, fileDate: fileDate))
            partial.diagnostics += problems.takeReported(
              line: UnsafeBufferPointer(rebasing: buffer[start..<contentEnd]), lineOffset: start)
          }
          lines.pass(lineEndingAt: end)
          continue
        }
        guard let line = lines.next() else { break }
        guard !buffer.isBlank(line.range) else { continue }
        let lineBytes = UnsafeBufferPointer(rebasing: buffer[line.range])
        let location = { (column: Int) in SourceLocation(path: file.path, line: line.number, column: column) }
        if !line.endsWithNewline, options.collectWarnings {
          problems.add(
            .warning, kind: .noFinalNewline, location(line.range.count + 1),
            "last line has no final newline (a crashed writer leaves one); `fmt` adds it")
        }
        let decoded: (row: Entry, object: JSONObject)?
        if line.range.count > options.limits.maxInputBytes {
          // Not parsed: one error at its start (its excerpt is bounded like any other).
          let limit = JSONLimits.describe(bytes: options.limits.maxInputBytes)
          problems.add(
            .error, location(1),
            "line is \(line.range.count) bytes long, over the limit of \(limit); not read")
          decoded = nil
        } else {
          decoded = parseLine(
            lineBytes, line: line, file: file, parser: parser, location: location, into: &problems)
        }
        partial.diagnostics += problems.takeReported(line: lineBytes, lineOffset: line.range.lowerBound)
        if let decoded {
          // Handed on as the scanner hands its entries on: one entry value for every sink.
          var entry = ScannedEntry(
            decoded: decoded.row, object: Sink.keepsTagsAndNote ? decoded.object : nil, strings: &strings)
          strings.withUnsafeBufferPointer {
            partial.add(&entry, line: lineBytes, decoded: $0, offset: line.range.lowerBound)
          }
        } else {
          partial.skippedLines += 1
        }
      }
    }
    partial.diagnostics += problems.leftOutOfFile()
  }

  /// The row of one line and the line's object, if it is a valid entry; its problems go to
  /// `problems` (warnings only when they are collected).
  private func parseLine(
    _ bytes: UnsafeBufferPointer<UInt8>, line: JournalLine, file: DayFile, parser: JSONParser,
    location: (Int) -> SourceLocation, into problems: inout LineProblems
  ) -> (row: Entry, object: JSONObject)? {
    let value: JSONValue
    do {
      value = try parser.parse(bytes)
    } catch {
      problems.add(.error, location(error.offset + 1), error.message)
      return nil
    }
    let decoder = EntryDecoder(path: file.path, lineNumber: line.number, timeZone: options.timeZone)
    let outcome = decoder.decode(value)
    // A line newer than the tool is warned about even where warnings are not collected: a report
    // says so once (`EntrySchema.newerVersionSummary`).
    for diagnostic in EntryDecoder.inColumnOrder(outcome.diagnostics)
    where diagnostic.severity == .error || options.collectWarnings
      || EntrySchema.isNewerVersionWarning(diagnostic)
    {
      problems.add(diagnostic)
    }
    if options.reportUnknownKeys {
      for unknown in outcome.unknownKeys {
        problems.add(
          .warning, kind: .unknownKey, location(unknown.column),
          "unknown key \"\(unknown.key)\" (kept when the line is rewritten)")
      }
      if let column = outcome.wallClockColumn {
        problems.add(
          .warning, kind: .noUTCOffset, location(column),
          "timestamp has no UTC offset, so it names no moment (--tz cannot convert it); "
            + "add one, e.g. 2026-11-21T08:15:00-05:00 or …Z")
      }
    }
    guard let row = outcome.row, case .object(let object) = value else { return nil }
    if options.collectWarnings, let fileDate = file.date, let written = outcome.writtenDate,
      written != fileDate
    {
      problems.add(
        .warning, kind: Self.misplacedDateKind(written: written, fileDate: fileDate), location(1),
        Self.misplacedDateMessage(written: written, fileDate: fileDate))
    }
    return (row, object)
  }

  /// How many days an entry's date may be from its file's date before `check` calls it a likely
  /// typo (a year, leap years included).
  static let farFromFileDays = 366

  /// The kind of warning for an entry dated `written` in the file for `fileDate` (another day).
  static func misplacedDateKind(written: CivilDate, fileDate: CivilDate) -> WarningKind {
    abs(written.dayNumber - fileDate.dayNumber) > farFromFileDays ? .farFromFileDate : .anotherDaysFile
  }

  /// The warning for an entry dated `written` in the file for `fileDate` (another day).
  static func misplacedDateMessage(written: CivilDate, fileDate: CivilDate) -> String {
    guard misplacedDateKind(written: written, fileDate: fileDate) == .farFromFileDate else {
      return "entry is dated \(written) but is stored in the file for \(fileDate)"
    }
    return "entry is dated \(written), more than a year from its file's date \(fileDate) "
      + "(a typo in its timestamp?); reports count it on \(written)"
  }
}
