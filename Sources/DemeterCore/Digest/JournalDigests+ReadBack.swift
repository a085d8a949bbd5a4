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

  /// The entries at the candidates' lines, read from their files.
  private func readFromFiles(_ chosen: [FlaggedCandidate]) -> [FlaggedEntry] {
    let parser = DayFileParser(options: loadOptions)
    var entries: [FlaggedEntry] = []
    for (file, group) in Dictionary(grouping: chosen, by: \.file).sorted(by: { $0.key < $1.key }) {
      let dayFile = files[Int(file)]
      let offsets = group.map { Int($0.offset) }
      let lines =
        dayFile.contents.map { bytes in offsets.map { Self.line(at: $0, in: bytes) } }
        ?? FileLines.lines(at: offsets, in: dayFile.path, limit: loadOptions.limits.maxInputBytes)
      for (candidate, line) in zip(group, lines) {
        guard let line else { continue }
        let table = parser.parse(DayFile(path: dayFile.path, date: dayFile.date, contents: line)).table
        guard table.count == 1 else { continue }
        var entry = FlaggedEntry(row: 0, in: table, reasons: candidate.reasons)
        entry.location.line = Int(candidate.line)
        entries.append(entry)
      }
    }
    return entries
  }

  /// The bytes of the line starting at `offset` (without its line end).
  static func line(at offset: Int, in bytes: [UInt8]) -> [UInt8]? {
    guard offset >= 0, offset < bytes.count else { return nil }
    var end = bytes[offset...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
    if end > offset, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    return Array(bytes[offset..<end])
  }
}
