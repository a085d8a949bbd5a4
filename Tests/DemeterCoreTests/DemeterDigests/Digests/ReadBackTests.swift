import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// Flagged entries read back from their files, one parse per file, against parsing each line alone.
@Suite struct ReadBackTests {
  /// Valid, invalid, blank, byte-order-marked and carriage-return lines, and a last line without a
  /// line end.
  static let lines: [[UInt8]] = [
    Array(EntryLine().text.utf8),
    Array(EntryLine(id: "0b1c2d3e-4f50-4617-8283-949596979899", calories: "105", confidence: "0.3").text.utf8),
    Array(#"{"id":1,}"#.utf8),
    Array("   ".utf8),
    [0xEF, 0xBB, 0xBF] + Array(EntryLine(id: "1b1c2d3e-4f50-4617-8283-949596979899").text.utf8),
    [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Array(EntryLine(id: "2b1c2d3e-4f50-4617-8283-949596979899").text.utf8),
    Array(EntryLine(id: "3b1c2d3e-4f50-4617-8283-949596979899", foodName: "tea").text.utf8) + [0x0D],
    Array(EntryLine(id: "4b1c2d3e-4f50-4617-8283-949596979899").text.utf8) + [0x0D, 0x0D],
    Array(EntryLine(id: "5b1c2d3e-4f50-4617-8283-949596979899").text.utf8),
  ]

  /// Each line alone, as flagged entries were first read back.
  static func reference(_ digests: JournalDigests, _ candidates: [FlaggedCandidate]) -> [FlaggedEntry] {
    let parser = DayFileParser(options: digests.loadOptions)
    var entries: [FlaggedEntry] = []
    for candidate in candidates {
      let file = digests.files[Int(candidate.file)]
      guard let line = FlaggedLines.line(at: Int(candidate.offset), in: file.contents ?? []) else { continue }
      let table = parser.parse(DayFile(path: file.path, date: file.date, contents: line)).table
      guard table.count == 1 else { continue }
      var entry = FlaggedEntry(row: 0, in: table, reasons: candidate.reasons)
      entry.location.line = Int(candidate.line)
      entries.append(entry)
    }
    return entries.sorted(by: FlaggedEntry.listOrder)
  }

  /// 4 and 20 files; candidates in two lists that share lines (each line read once for both).
  @Test(arguments: [UInt64(1), 2, 3, 4], [4, 20])
  func readsWhatEachLineGivesAlone(seed: UInt64, fileCount: Int) {
    var random = SplitMix64(seed: seed)
    var files: [DayFile] = []
    var candidates: [FlaggedCandidate] = []
    for index in 0..<fileCount {
      var bytes: [UInt8] = random.next() % 3 == 0 ? [0xEF, 0xBB, 0xBF] : []
      var starts: [Int] = []
      for number in 0..<Int(random.next() % 8) {
        if number > 0 { bytes.append(0x0A) }
        starts.append(bytes.count)
        bytes += Self.lines[Int(random.next() % UInt64(Self.lines.count))]
      }
      if random.next() % 2 == 0 { bytes.append(0x0A) }
      files.append(DayFile(path: "j/2026-11-\(10 + index).jsonl", date: nil, contents: bytes))
      // Line starts (some twice), the middle of a line and past the end.
      let offsets = starts + starts.prefix(1) + [starts.first.map { $0 + 5 } ?? 1, bytes.count + 3]
      for offset in offsets where random.next() % 4 != 0 {
        candidates.append(
          FlaggedCandidate(
            day: 0, secondOfDay: 0, file: Int32(index), line: Int32(random.next() % 9 + 1),
            reasons: .lowConfidence, offset: Int64(offset)))
      }
    }
    var digests = DigestLoader.load(files: [])
    digests.files = files
    let lists = [candidates, candidates.filter { _ in random.next() % 2 == 0 }.map { candidate in
      var other = candidate
      other.reasons = .energyInconsistent
      return other
    }]
    let read = digests.readBack(lists, limit: 0)
    for (list, entries) in zip(lists, read) {
      let expected = Self.reference(digests, list)
      #expect(entries == expected)
      // Entries equal but for their lines may come in either order.
      let placed = { (entry: FlaggedEntry) in "\(entry.id) \(entry.location.path):\(entry.location.line)" }
      #expect(entries.map(placed).sorted() == expected.map(placed).sorted())
      #expect(!entries.isEmpty || list.isEmpty)
    }
  }
}
