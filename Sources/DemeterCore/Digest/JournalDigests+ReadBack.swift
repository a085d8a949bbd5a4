extension JournalDigests {
  /// The flagged entries each list of `limit` (0: all) shows, read back from their lines: each
  /// list's candidates are cut by date and time, the lines of all lists read once (a line in two
  /// lists is read once), then each list sorted in list order and cut exactly.
  /// A line that no longer reads as a valid entry (the file changed since) is left out.
  func readBack(_ lists: [[FlaggedCandidate]], limit: Int) -> [[FlaggedEntry]] {
    let chosen = lists.map { FlaggedCandidates.cut($0, limit: limit) }
    let read = rows == nil ? readFromFiles(chosen.joined()) : [:]
    return chosen.map { list in
      var entries = list.compactMap { candidate -> FlaggedEntry? in
        if let rows { return FlaggedEntry(row: Int(candidate.offset), in: rows, reasons: candidate.reasons) }
        var entry = read[FlaggedLine(candidate)]
        entry?.reasons = candidate.reasons
        entry?.location.line = Int(candidate.line)
        return entry
      }
      entries.sort(by: FlaggedEntry.listOrder)
      return limit > 0 ? Array(entries.prefix(limit)) : entries
    }
  }

  /// The entries at the candidates' lines (each line once), read from their files.
  private func readFromFiles(_ candidates: some Sequence<FlaggedCandidate>) -> [FlaggedLine: FlaggedEntry] {
    var seen = Set<FlaggedLine>()
    let unique = candidates.filter { seen.insert(FlaggedLine($0)).inserted }
    return read(Dictionary(grouping: unique, by: \.file).sorted(by: { $0.key < $1.key }).map(\.value))
  }

  /// The entries at the lines of `groups` (each one file's candidates). One file's lines are parsed
  /// together, as lines 2, 3, … of one small file (after a blank line, so none is taken for the
  /// file's start), each without the leading byte order mark that the parse of the line alone
  /// would skip: a line gives the entry it would give alone. All the files' lines go into one table.
  private func read(_ groups: [[FlaggedCandidate]]) -> [FlaggedLine: FlaggedEntry] {
    let parser = DayFileParser(options: loadOptions)
    var parsed = DayFileParse()
    var entries: [FlaggedLine: FlaggedEntry] = [:]
    for group in groups {
      let dayFile = files[Int(group[0].file)]
      let offsets = group.map { Int($0.offset) }
      let lines =
        dayFile.contents.map { bytes in offsets.map { Self.line(at: $0, in: bytes) } }
        ?? FileLines.lines(at: offsets, in: dayFile.path, limit: loadOptions.limits.maxInputBytes)
      var joined: [UInt8] = [UInt8(ascii: "\n")]
      var lineCandidates: [FlaggedCandidate] = []
      for (candidate, line) in zip(group, lines) {
        guard let line else { continue }
        joined += line.starts(with: Self.byteOrderMark) ? line[3...] : line[...]
        joined.append(UInt8(ascii: "\n"))
        lineCandidates.append(candidate)
      }
      guard !lineCandidates.isEmpty else { continue }
      let first = parsed.table.count
      parser.parse(DayFile(path: dayFile.path, date: dayFile.date, contents: joined), into: &parsed)
      for row in first..<parsed.table.count {
        let candidate = lineCandidates[Int(parsed.table.sourceLine[row]) - 2]
        var entry = FlaggedEntry(row: row, in: parsed.table, reasons: candidate.reasons)
        entry.location.line = Int(candidate.line)
        entries[FlaggedLine(candidate)] = entry
      }
    }
    return entries
  }

  private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// The bytes of the line starting at `offset` (without its line end).
  static func line(at offset: Int, in bytes: [UInt8]) -> [UInt8]? {
    guard offset >= 0, offset < bytes.count else { return nil }
    var end = bytes[offset...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
    if end > offset, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    return Array(bytes[offset..<end])
  }
}

/// A flagged entry's line: its file (index into the digest set's `files`) and byte offset.
private struct FlaggedLine: Hashable {
  var file: Int32
  var offset: Int64

  init(_ candidate: FlaggedCandidate) {
    file = candidate.file
    offset = candidate.offset
  }
}
