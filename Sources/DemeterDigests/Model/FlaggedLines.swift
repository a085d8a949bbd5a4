import DemeterJournal

/// A flagged entry's line: its file (index into a digest set's `files`) and byte offset.
package struct FlaggedLine: Hashable, Comparable {
  package var file: Int32
  package var offset: Int64

  package init(file: Int32, offset: Int64) {
    self.file = file
    self.offset = offset
  }

  package init(_ candidate: FlaggedCandidate) {
    self.init(file: candidate.file, offset: candidate.offset)
  }

  package static func < (a: FlaggedLine, b: FlaggedLine) -> Bool { (a.file, a.offset) < (b.file, b.offset) }
}

/// The bytes of flagged entries' lines, read from their day files (or their bytes in memory), so a
/// list can show the entries; a digest index keeps those of each month's lists
/// (`DigestIndex.lines(ofMonth:wanted:)`), so a report on unchanged files opens none of them.
package enum FlaggedLines {
  /// A stored line is at most this long: a longer one is read from its file when listed.
  static let storedLineLimit = 1 << 16

  /// The lines at each of `lines` (without their line ends), each at most `limit` bytes; a line
  /// that cannot be read (the file is gone or shorter, or the line longer) is left out.
  package static func read(_ lines: some Sequence<FlaggedLine>, files: [DayFile], limit: Int) -> [FlaggedLine: [UInt8]] {
    var read: [FlaggedLine: [UInt8]] = [:]
    for (file, wanted) in Dictionary(grouping: Set(lines), by: \.file).sorted(by: { $0.key < $1.key }) {
      let dayFile = files[Int(file)]
      let offsets = wanted.map { Int($0.offset) }
      let found =
        dayFile.contents.map { bytes in offsets.map { line(at: $0, in: bytes, limit: limit) } }
        ?? FileLines.lines(at: offsets, in: dayFile.path, limit: limit)
      for (place, bytes) in zip(wanted, found) { read[place] = bytes }
    }
    return read
  }

  /// At most this many of a month's first entries in each list have their lines stored (all of
  /// them under a list limit, which keeps about that many; with no limit, a busy month's lists
  /// would copy its day files into the index).
  static let storedPerList = 512

  /// The lines of the entries `details` list, as they are to be stored with them.
  package static func read(listedBy details: [DigestDetail], files: [DayFile]) -> [FlaggedLine: [UInt8]] {
    read(
      details.flatMap {
        ($0.needsReview.prefix(storedPerList) + $0.energyInconsistent.prefix(storedPerList)).map(FlaggedLine.init)
      }, files: files, limit: storedLineLimit)
  }

  /// The bytes of the line starting at `offset` (without its line end), if it is at most `limit`
  /// bytes long.
  package static func line(at offset: Int, in bytes: [UInt8], limit: Int = .max) -> [UInt8]? {
    guard offset >= 0, offset < bytes.count else { return nil }
    var end = bytes[offset...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
    if end > offset, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    return end - offset <= limit ? Array(bytes[offset..<end]) : nil
  }
}
