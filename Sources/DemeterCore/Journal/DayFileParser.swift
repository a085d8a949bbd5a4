/// Parses day files into an entry sink (rows or day digests): every line through the fast scanner
/// or the strict JSON parser and entry decoder, every problem located.
struct DayFileParser {
  var options: JournalLoadOptions

  /// About the length of a journal line, a little short (for reserving table space; a guess only
  /// changes speed and memory).
  static let typicalLineBytes = 300

  /// Parses one day file (read from disk unless it lives in memory).
  func parse(_ file: DayFile) -> DayFileParse {
    var partial = DayFileParse()
    parse(file, into: &partial)
    return partial
  }

  /// Parses one day file, handing its entries and problems to `partial` (a run of files may share
  /// one table, so its dictionaries and columns grow once instead of once per file).
  func parse<Sink: EntrySink>(_ file: DayFile, into partial: inout Sink) {
    let bytes: [UInt8]
    do throws(FileBytes.ReadError) {
      if let contents = file.contents {
        bytes = contents
      } else {
        bytes = try FileBytes.read(file.path)
      }
    } catch {
      partial.diagnostics.append(.unreadableFile(file.path, error.message))
      return
    }
    partial.beginFile(file.path, byteCount: bytes.count)
    if file.date == nil, options.collectWarnings {
      partial.diagnostics.append(
        Diagnostic(
          .warning, SourceLocation(path: file.path, line: 1, column: 1),
          "file name is not a real date (YYYY-MM-DD.jsonl); its entries are read anyway"))
    }
    // Warnings and unknown keys are only found by the strict path.
    let scansFast = options.scansFast && !options.collectWarnings && !options.reportUnknownKeys
    var scanner = EntryLineScanner()
    bytes.withUnsafeBufferPointer { buffer in
      let parser = JSONParser(limits: options.limits)
      for line in JournalLines(buffer) where !buffer.isBlank(line.range) {
        if line.range.count > options.limits.maxInputBytes {
          tooLong(UnsafeBufferPointer(rebasing: buffer[line.range]), line: line, file: file, into: &partial)
          continue
        }
        if scansFast,
          scanner.scan(
            UnsafeBufferPointer(rebasing: buffer[line.range]), lineNumber: line.number,
            offset: line.range.lowerBound, limits: options.limits, timeZone: options.timeZone, into: &partial)
        {
          continue
        }
        let text = { String(decoding: buffer[line.range], as: UTF8.self) }
        warnIfUnterminated(line, file: file, lineText: text(), into: &partial)
        parseLine(
          UnsafeBufferPointer(rebasing: buffer[line.range]), line: line, file: file, parser: parser,
          lineText: text, into: &partial)
      }
    }
  }

  /// The warning for a last line without its final newline, when warnings are collected.
  private func warnIfUnterminated(
    _ line: JournalLine, file: DayFile, lineText: @autoclosure () -> String, into partial: inout some EntrySink
  ) {
    guard !line.endsWithNewline, options.collectWarnings else { return }
    partial.diagnostics.append(
      Diagnostic(
        .warning, SourceLocation(path: file.path, line: line.number, column: line.range.count + 1),
        "last line has no final newline (a crashed writer leaves one); `fmt` adds it", lineText: lineText()))
  }

  /// A line over the length limit is not parsed: one error at its start, showing only its beginning
  /// (a 100 MB line is neither copied into the diagnostic nor into the parse cache).
  private func tooLong(
    _ bytes: UnsafeBufferPointer<UInt8>, line: JournalLine, file: DayFile, into partial: inout some EntrySink
  ) {
    var shownEnd = Swift.min(bytes.count, Diagnostic.shownLineBytes)
    while shownEnd > 0, shownEnd < bytes.count, bytes[shownEnd] & 0xC0 == 0x80 { shownEnd -= 1 }
    let shown = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<shownEnd]), as: UTF8.self) + "…"
    warnIfUnterminated(line, file: file, lineText: shown, into: &partial)
    let limit = JSONLimits.describe(bytes: options.limits.maxInputBytes)
    partial.diagnostics.append(
      Diagnostic(
        .error, SourceLocation(path: file.path, line: line.number, column: 1),
        "line is \(bytes.count) bytes long, over the limit of \(limit); not read", lineText: shown))
    partial.skippedLines += 1
  }

  private func parseLine(
    _ bytes: UnsafeBufferPointer<UInt8>, line: JournalLine, file: DayFile, parser: JSONParser,
    lineText: () -> String, into partial: inout some EntrySink
  ) {
    let value: JSONValue
    do {
      value = try parser.parse(bytes)
    } catch {
      partial.diagnostics.append(
        Diagnostic(
          .error, SourceLocation(path: file.path, line: line.number, column: error.offset + 1), error.message,
          lineText: lineText()))
      partial.skippedLines += 1
      return
    }
    let decoder = EntryDecoder(
      path: file.path, lineNumber: line.number, lineBytes: bytes, timeZone: options.timeZone)
    let outcome = decoder.decode(value)
    let inColumnOrder = outcome.diagnostics.enumerated().sorted {
      ($0.element.location.column, $0.offset) < ($1.element.location.column, $1.offset)
    }.map(\.element)
    for diagnostic in inColumnOrder where diagnostic.severity == .error || options.collectWarnings {
      partial.diagnostics.append(diagnostic)
    }
    if options.reportUnknownKeys {
      for unknown in outcome.unknownKeys {
        partial.diagnostics.append(
          decoder.warning(
            column: unknown.column, "unknown key \"\(unknown.key)\" (kept when the line is rewritten)"))
      }
    }
    guard let row = outcome.row else {
      partial.skippedLines += 1
      return
    }
    if options.collectWarnings, let fileDate = file.date, let written = outcome.writtenDate,
      written != fileDate
    {
      partial.diagnostics.append(
        decoder.warning(column: 1, "entry is dated \(written) but is stored in the file for \(fileDate)"))
    }
    partial.add(row, offset: line.range.lowerBound)
  }
}
