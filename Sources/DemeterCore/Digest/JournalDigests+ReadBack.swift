extension JournalDigests {
  /// The flagged entries a list of `limit` (0: all) shows, read back from their lines: the
  /// candidates are cut by date and time, then read, sorted in list order and cut exactly.
  /// A line that no longer reads as a valid entry (the file changed since) is left out.
  func readBack(_ candidates: [FlaggedCandidate], limit: Int) -> [FlaggedEntry] {
    let chosen = FlaggedCandidates.cut(candidates, limit: limit)
    var entries = rows.map { rows in
      chosen.map { FlaggedEntry(row: Int($0.offset), in: rows, reasons: $0.reasons) }
    } ?? readFromFiles(chosen)
    entries.sort(by: FlaggedEntry.listOrder)
    return limit > 0 ? Array(entries.prefix(limit)) : entries
  }

  /// The entries at the candidates' lines, read from their files. One file's lines are parsed
  /// together, as lines 2, 3, … of one small file (after a blank line, so none is taken for the
  /// file's start), each without the leading byte order mark that the parse of the line alone
  /// would skip: a line gives the entry it would give alone. All files' lines go into one table.
  private func readFromFiles(_ chosen: [FlaggedCandidate]) -> [FlaggedEntry] {
    let parser = DayFileParser(options: loadOptions)
    var parsed = DayFileParse()
    var entries: [FlaggedEntry] = []
    for (file, group) in Dictionary(grouping: chosen, by: \.file).sorted(by: { $0.key < $1.key }) {
      let dayFile = files[Int(file)]
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
        entries.append(entry)
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
