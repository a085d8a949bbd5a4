import Foundation
import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// The writers' id checks (`JournalIDSearch`: the digest index's id hashes for the files it proves
/// unchanged, `EntryIDScan` for the others, a file with a find read in full) agree with a naive
/// reading of every day file, on random journals (ids in two files or twice in one, in capitals,
/// escaped, not first, not UUIDs, on invalid lines), with the cache absent, warm, stale, deleted,
/// made under another zone, truncated or damaged, and with every hash shared.
@Suite struct StreamingIDCheckTests {
  /// A random journal and the ids written on its lines (valid or not).
  struct RandomJournal {
    let journal: TemporaryJournal
    var ids: [String] = []
    var random: SplitMix64

    init(seed: UInt64) {
      journal = TemporaryJournal()
      random = SplitMix64(seed: seed)
      for day in 1...6 {
        // Half the files have valid lines only (the index is trusted only for a file whose every
        // line counted).
        let clean = day % 2 == 0
        var lines: [String] = []
        for _ in 0..<Int.random(in: 2...8, using: &random) { lines.append(line(day: day, clean: clean)) }
        let folder = day % 3 == 0 ? "" : "2026/"
        journal.write("\(folder)2026-11-0\(day).jsonl", lines: lines)
      }
    }

    mutating func uuid() -> String {
      let digits = Array("0123456789abcdef")
      let text = (0..<32).map { _ in String(digits[Int.random(in: 0..<16, using: &random)]) }.joined()
      let parts = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { range in
        String(text.dropFirst(range.lowerBound).prefix(range.count))
      }
      return parts.joined(separator: "-")
    }

    /// A new id, or one already written (elsewhere or in this file), now and then with capitals.
    mutating func id() -> String {
      let id = !ids.isEmpty && random.unit() < 0.2 ? ids.randomElement(using: &random)! : uuid()
      ids.append(id)
      return random.unit() < 0.15 ? id.uppercased() : id
    }

    /// One line of the file for `day`, of a random kind (a valid or blank one when `clean`).
    mutating func line(day: Int, clean: Bool = false) -> String {
      let minute = Int.random(in: 10..<60, using: &random)
      let time = "2026-11-0\(day)T08:\(minute):00Z"
      let id = self.id()
      let plain = EntryLine(id: id, timestamp: time, calories: "\(Int.random(in: 1..<900, using: &random))")
      let kind = Int.random(in: 0..<10, using: &random)
      switch clean && (5...7).contains(kind) ? 8 : kind {
      case 0: return ""
      // The strict way: spaces, the id escaped, the id not first, a schema version first.
      case 1: return plain.text.replacingOccurrences(of: #"{"id":"#, with: #"{ "id" : "#)
      case 2:
        return plain.text.replacingOccurrences(
          of: "\"\(id)\"", with: "\"\\u00\(String(id.utf8.first!, radix: 16))\(id.dropFirst())\"")
      case 3: return plain.removing("id").setting("id", "\"\(id)\"").text
      case 4: return #"{"schemaVersion":1,"# + plain.text.dropFirst()
      // Invalid: an id that is no UUID, a line without calories, a line that is no JSON.
      case 5:
        let other = "not-a-uuid-\(Int.random(in: 0..<4, using: &random))"
        ids.append(other)
        return plain.setting("id", "\"\(other)\"").text
      case 6: return plain.removing("calories").text
      case 7: return String(plain.text.dropLast(9))
      default: return plain.text
      }
    }

    /// Ids to look up: written ones (in either case, and cut to prefixes), new ones, and texts
    /// that are no id.
    mutating func queries() -> [String] {
      var queries: [String] = []
      for _ in 0..<24 {
        let written = ids.randomElement(using: &random)!
        let cased = random.unit() < 0.3 ? written.uppercased() : written
        switch Int.random(in: 0..<5, using: &random) {
        case 0, 1: queries.append(cased)
        case 2: queries.append(String(cased.prefix(Int.random(in: 1...12, using: &random))))
        case 3: queries.append(uuid())
        default: queries.append(["zzzz", "6f0c", "", "-", written + "0"].randomElement(using: &random)!)
        }
      }
      return queries
    }
  }

  // MARK: - The naive reading

  /// Every day file, read in full at once.
  static func allFiles(_ journal: String) -> [DayFileContents] {
    DayFileFinder.find(in: journal).files.map { try! DayFileContents.read($0.path) }
  }

  /// The first valid line with `id` (letter case ignored), as `path:line`.
  static func firstPlace(of id: String, in files: [DayFileContents]) -> (String, JournalEntryLine)? {
    for contents in files {
      for line in contents.lines where line.outcome.line?.entry.id.lowercased() == id.lowercased() {
        return ("\(contents.path):\(line.number)", line.outcome.line!)
      }
    }
    return nil
  }

  /// What naming an entry by `id` finds: its id, none, or the error (several places, ambiguous).
  static func naming(_ id: String, in files: [DayFileContents]) -> String {
    let wanted = id.lowercased()
    var exact: [String] = []
    var byID: [String: [String]] = [:]
    var order: [String] = []
    for contents in files {
      for line in contents.lines {
        guard let entryID = line.outcome.line?.entry.id.lowercased() else { continue }
        if entryID == wanted {
          exact.append("\(contents.path):\(line.number)")
        } else if wanted.count >= 4, exact.isEmpty, entryID.hasPrefix(wanted) {
          if byID[entryID] == nil { order.append(entryID) }
          byID[entryID, default: []].append("\(contents.path):\(line.number)")
        }
      }
    }
    let places = exact.isEmpty ? (order.count == 1 ? byID[order[0]]! : []) : exact
    if exact.isEmpty, order.count > 1 { return "ambiguous: \(order.count)" }
    if places.count > 1 { return "several: " + places.joined(separator: ", ") }
    guard !places.isEmpty else { return "none" }
    return "entry " + (exact.isEmpty ? order[0] : wanted)
  }

  /// `naming` through the repository.
  static func naming(_ id: String, with repository: FoodEntryRepository) -> String {
    do {
      return try repository.fetch(id: id).map { "entry " + $0.id.lowercased() } ?? "none"
    } catch {
      switch error {
      case .ambiguousID(_, let candidates): return "ambiguous: \(candidates.count)"
      case .relationshipError(let message):
        let places = message.split(separator: ": ", maxSplits: 1)[1].split(separator: ";")[0]
        return "several: " + places
      default: return "error: \(error)"
      }
    }
  }

  // MARK: - The comparison

  /// Expects the repository's id checks to agree with the naive reading of `random`'s journal.
  static func expectAgreement(
    _ random: inout RandomJournal, hashMask: UInt64 = .max,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    var repository = FoodEntryRepository(journal: random.journal.path)
    repository.idHashMask = hashMask
    let files = allFiles(random.journal.path)
    let queries = random.queries()
    for query in queries {
      #expect(
        naming(query, with: repository) == naming(query, in: files), "\(query)",
        sourceLocation: sourceLocation)
    }
    // A batch of whole ids (present, absent, in capitals), some with a former id.
    var lines: [JournalEntryLine] = []
    var formerIDs: [Int: String] = [:]
    var seen = Set<String>()
    for query in queries + random.ids
    where UUIDText.isValid(query) && seen.insert(query.lowercased()).inserted {
      let text = EntryLine(id: query, timestamp: "2026-11-02T09:00:00Z", calories: "7").text
      let written = random.ids
      if random.random.unit() < 0.2 { formerIDs[lines.count] = written.randomElement(using: &random.random)! }
      lines.append(EntryLineReader.read(text, path: "-", lineNumber: 1).line!)
    }
    let merge = try repository.merge(lines, formerIDs: formerIDs, dryRun: true)
    var present: [Int: String] = [:]
    var differing: [Int] = []
    for (index, line) in lines.enumerated() {
      let found =
        firstPlace(of: line.entry.id, in: files) ?? formerIDs[index].flatMap { firstPlace(of: $0, in: files) }
      guard let found else { continue }
      let (place, copy) = found
      present[index] = place
      if !line.hasSameContent(as: copy) { differing.append(index) }
    }
    #expect(merge.present.mapValues { "\($0.path):\($0.line)" } == present, sourceLocation: sourceLocation)
    #expect(merge.differing == differing, sourceLocation: sourceLocation)
    #expect(
      merge.added.reduce(0) { $0 + $1.entries } == lines.count - present.count, sourceLocation: sourceLocation
    )
  }

  static let cached = JournalLoadOptions(cache: .journalFolder(toolVersion: "test"))

  /// Writes the digest index of `journal` as a report would, its files an hour old first (so the
  /// index proves them unchanged).
  static func warm(_ journal: TemporaryJournal, _ options: JournalLoadOptions = cached) {
    CacheKeyTests.age(journal)
    _ = DigestLoader.load(journal: journal.path, options: options, rules: DigestRules(AggregationOptions()))
  }

  static func indexPaths(_ journal: TemporaryJournal) -> [String] {
    DigestCache.indexPaths(in: JournalLayout(journal: journal.path).cache)
  }

  static let seeds: [UInt64] = Array(1...12)

  @Test(arguments: seeds) func withoutACache(seed: UInt64) throws {
    var random = RandomJournal(seed: seed)
    try Self.expectAgreement(&random)
  }

  @Test(arguments: seeds) func withAWarmCache(seed: UInt64) throws {
    var random = RandomJournal(seed: seed)
    Self.warm(random.journal)
    #expect(Self.indexPaths(random.journal).count == 1)
    try Self.expectAgreement(&random)
  }

  /// Files changed after the index was written (one gains lines with ids of other files and new
  /// ones, one loses its lines): their stamps differ, so they are scanned.
  @Test(arguments: seeds) func withAStaleCache(seed: UInt64) throws {
    var random = RandomJournal(seed: seed)
    Self.warm(random.journal)
    let files = DayFileFinder.find(in: random.journal.path).files
    var added: [String] = []
    for _ in 0..<3 { added.append(random.line(day: 1)) }
    let first = try String(contentsOfFile: files[0].path, encoding: .utf8)
    try (first + added.joined(separator: "\n") + "\n").write(
      toFile: files[0].path, atomically: true, encoding: .utf8)
    try "\n".write(toFile: files[1].path, atomically: true, encoding: .utf8)
    try Self.expectAgreement(&random)
  }

  @Test(arguments: seeds) func withTheCacheDeleted(seed: UInt64) throws {
    var random = RandomJournal(seed: seed)
    Self.warm(random.journal)
    try FileManager.default.removeItem(atPath: JournalLayout(journal: random.journal.path).cache)
    try Self.expectAgreement(&random)
  }

  /// An index made under `--tz +05:00` (another fingerprint) is read all the same.
  @Test(arguments: seeds) func withACacheOfAnotherZone(seed: UInt64) throws {
    var random = RandomJournal(seed: seed)
    Self.warm(
      random.journal,
      JournalLoadOptions(
        timeZone: .fixedOffset(seconds: 5 * 3600), cache: .journalFolder(toolVersion: "test")))
    try Self.expectAgreement(&random)
  }

  @Test(arguments: seeds) func withATruncatedIndex(seed: UInt64) throws {
    var random = RandomJournal(seed: seed)
    Self.warm(random.journal)
    let path = try #require(Self.indexPaths(random.journal).first)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: path))
    try Self.expectAgreement(&random)
  }

  /// Every file's stored id hashes changed: they fail their checksum.
  @Test(arguments: seeds) func withDamagedHashes(seed: UInt64) throws {
    var random = RandomJournal(seed: seed)
    Self.warm(random.journal)
    let path = try #require(Self.indexPaths(random.journal).first)
    let index = try #require(DigestIndex(path: path, fingerprint: nil, prefix: random.journal.path + "/"))
    var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    for record in index.records where record.idHashes.length > 0 {
      bytes[record.idHashes.offset + record.idHashes.length - 1] ^= 0x5A
    }
    try bytes.write(to: URL(fileURLWithPath: path))
    try Self.expectAgreement(&random)
  }

  /// With every hash shared (none of their bits compared), every file is read in full.
  @Test(arguments: seeds) func withEveryHashShared(seed: UInt64) throws {
    var random = RandomJournal(seed: seed)
    Self.warm(random.journal)
    try Self.expectAgreement(&random, hashMask: 0)
  }

  /// A file whose size and time are those the index recorded (and whose every line counted) is
  /// judged by its stored hashes, not read: the cache's rule for reports too (manual: writing). Here
  /// an id is swapped for another of the same length behind the index's back, the time set back.
  /// An index of totals alone (a CSV report's) holds the same hashes and serves as well.
  @Test(arguments: [true, false]) func aFileTheIndexProvesUnchangedIsNotRead(keepsDetail: Bool) throws {
    let journal = TemporaryJournal()
    let (first, second) = ("00000000-0000-4000-8000-000000000001", "00000000-0000-4000-8000-000000000002")
    let path = journal.write("2026-11-21.jsonl", lines: [EntryLine(id: first).text])
    Self.warm(journal, JournalLoadOptions(cache: .journalFolder(toolVersion: "test"), keepsDetail: keepsDetail))
    let stamp = try #require(FileStatus.of(path))
    journal.write("2026-11-21.jsonl", lines: [EntryLine(id: second).text])
    var times = [stamp.modified, stamp.modified].map {
      timespec(tv_sec: Int($0 / 1_000_000_000), tv_nsec: Int($0 % 1_000_000_000))
    }
    #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
    let repository = FoodEntryRepository(journal: journal.path)
    let text = EntryLine(id: second, timestamp: "2026-11-22T08:00:00Z").text
    let line = try #require(EntryLineReader.read(text, path: "-", lineNumber: 1).line)
    #expect(
      try repository.create([line]) == .added([.init(path: journal.url("2026-11-22.jsonl"), entries: 1)]))
  }

  /// The wanted hashes' bit filter and sorted search answer as a set does, on hashes that share
  /// their low bits and on others.
  @Test func wantedHashesAgreeWithASet() {
    var random = SplitMix64(seed: 44)
    for count in [0, 1, 2, 5, 100, 3000] {
      let hashes = Set((0..<count).map { _ in random.next() & (random.unit() < 0.5 ? 0xFFFF : .max) })
      let wanted = WantedIDHashes(hashes)
      #expect(wanted.isEmpty == hashes.isEmpty)
      for hash in hashes { #expect(wanted.contains(hash)) }
      for _ in 0..<5000 {
        let probe = random.unit() < 0.5 ? random.next() & 0xFFFF : random.next()
        #expect(wanted.contains(probe) == hashes.contains(probe))
      }
    }
  }

  /// The index is trusted for a file only when it proves it unchanged: an id added to a file after
  /// the index was written is found, and `add` refuses it.
  @Test func anIDAddedAfterTheIndexIsRefused() throws {
    let journal = TemporaryJournal()
    let known = "00000000-0000-4000-8000-000000000001"
    let later = "00000000-0000-4000-8000-000000000002"
    journal.write("2026-11-21.jsonl", lines: [EntryLine(id: known).text])
    Self.warm(journal)
    journal.write(
      "2026-11-21.jsonl", lines: [EntryLine(id: known).text, EntryLine(id: later.uppercased()).text])
    let repository = FoodEntryRepository(journal: journal.path)
    let line = EntryLineReader.read(EntryLine(id: later).text, path: "-", lineNumber: 1).line!
    #expect(
      try repository.create([line])
        == .alreadyPresent([0: SourceLocation(path: journal.url("2026-11-21.jsonl"), line: 2, column: 1)]))
  }
}
