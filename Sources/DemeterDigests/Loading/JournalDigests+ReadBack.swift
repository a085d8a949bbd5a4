import DemeterFoundation
import DemeterJournal

extension JournalDigests {
  /// The flagged entries each list of `limit` (0: all) shows, read back from their lines: each
  /// list's candidates are cut by date and time, the lines of all lists read once (a line in two
  /// lists is read once; from the digest index where it keeps them, else from the day files), then
  /// each list sorted in list order and cut exactly.
  /// A line that no longer reads as a valid entry (the file changed since) is left out.
  package func readBack(_ lists: [[FlaggedCandidate]], limit: Int) -> [[FlaggedEntry]] {
    let chosen = lists.map { FlaggedCandidates.cut($0, limit: limit) }
    let read = entriesInMemory == nil ? entries(at: chosen.joined()) : [:]
    return chosen.map { list in
      var entries = list.compactMap { candidate -> FlaggedEntry? in
        if let entriesInMemory {
          let held = entriesInMemory[Int(candidate.offset)]
          var entry = FlaggedEntry(held.row, reasons: candidate.reasons)
          entry.location.path = held.path
          return entry
        }
        var entry = read[FlaggedLine(candidate)]
        entry?.reasons = candidate.reasons
        entry?.location.line = Int(candidate.line)
        return entry
      }
      entries.sort(by: FlaggedEntry.listOrder)
      return limit > 0 ? Array(entries.prefix(limit)) : entries
    }
  }

  /// The entries at the candidates' lines (each line once).
  private func entries(at candidates: some Sequence<FlaggedCandidate>) -> [FlaggedLine: FlaggedEntry] {
    var byLine: [FlaggedLine: FlaggedCandidate] = [:]
    for candidate in candidates { byLine[FlaggedLine(candidate)] = candidate }
    return parse(lines(at: byLine.values), candidates: byLine)
  }

  /// The lines of the candidates' entries (each line once): those the detail source keeps for the
  /// candidates' months, the others read from their files.
  package func lines(at candidates: some Collection<FlaggedCandidate>) -> [FlaggedLine: [UInt8]] {
    let byLine = Set(candidates.map(FlaggedLine.init))
    var lines: [FlaggedLine: [UInt8]] = [:]
    for month in Set(candidates.map { MonthKey(CivilDate(dayNumber: Int($0.day))) }) {
      lines.merge(details.lines(ofMonth: month) { byLine.contains($0) }) { first, _ in first }
    }
    let missing = byLine.filter { lines[$0] == nil }
    lines.merge(FlaggedLines.read(missing, files: files, limit: loadOptions.limits.maxInputBytes)) { stored, _ in stored }
    return lines
  }

  /// The entries of `lines`, all parsed together as lines 2, 3, … of one small file (after a blank
  /// line, so none is taken for a file's start), each without the leading byte order mark that the
  /// parse of the line alone would skip: a line gives the entry it would give alone, since what an
  /// entry reads as does not depend on its file (only `check`'s warnings do). Each entry is then
  /// placed back in its own file and line.
  private func parse(_ lines: [FlaggedLine: [UInt8]], candidates: [FlaggedLine: FlaggedCandidate])
    -> [FlaggedLine: FlaggedEntry]
  {
    let places = lines.keys.sorted()
    guard let first = places.first else { return [:] }
    var joined: [UInt8] = [UInt8(ascii: "\n")]
    joined.reserveCapacity(places.reduce(1) { $0 + lines[$1]!.count + 1 })
    for place in places {
      let line = lines[place]!
      joined += line.starts(with: Self.byteOrderMark) ? line[3...] : line[...]
      joined.append(UInt8(ascii: "\n"))
    }
    let files = files
    var parsed = ReadBackRows()
    DayFileParser(options: loadOptions).parse(
      DayFile(path: files[Int(first.file)].path, date: files[Int(first.file)].date, contents: joined), into: &parsed)
    var entries: [FlaggedLine: FlaggedEntry] = [:]
    for row in parsed.rows {
      let place = places[row.line - 2]
      let candidate = candidates[place]!
      var entry = FlaggedEntry(row, reasons: candidate.reasons)
      entry.location = SourceLocation(path: files[Int(place.file)].path, line: Int(candidate.line), column: 1)
      entries[place] = entry
    }
    return entries
  }

  private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
}

/// The rows of the lines read back, in line order.
private struct ReadBackRows: EntrySink {
  package var diagnostics: [Diagnostic] = []
  package var skippedLines = 0
  package var rows: [Entry] = []

  package static var keepsRawDescription: Bool { true }

  package mutating func beginFile(_ path: String, byteCount: Int) {}

  package mutating func add(
    _ entry: inout ScannedEntry, line: UnsafeBufferPointer<UInt8>, decoded: UnsafeBufferPointer<UInt8>,
    offset: Int
  ) {
    rows.append(Entry(entry, line: line, decoded: decoded))
  }
}
