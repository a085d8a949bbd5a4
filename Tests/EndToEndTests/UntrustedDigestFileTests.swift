import Foundation
import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Digest files are untrusted input like day files (manual: reliability; issue 48): forged files
/// with a valid checksum (written by the tool, then patched and encoded again, which recomputes the
/// checksum) are refused with a located "out of range" error naming the file and the field or day,
/// never a crash; merges that would overflow are refused the same way; a huge file is refused at
/// the digest-file size limit.
@Suite struct UntrustedDigestFileTests {
  /// A folder with journals `p1` and `p2` (one entry each on 2026-11-21, in day files of the same
  /// name) and their digest files `p1.dg` and `p2.dg`; the caller removes it.
  static func digests() throws -> URL {
    let folder = try ToolRun.makeTemporaryDirectory()
    for number in 1...2 {
      let journal = folder.appendingPathComponent("p\(number)")
      try FileManager.default.createDirectory(at: journal, withIntermediateDirectories: true)
      try Data((HostileInputTests.entry(number) + "\n").utf8).write(
        to: journal.appendingPathComponent("2026-11-21.jsonl"))
      // (Unmatched, the entry is to review only so: its line is in the file.)
      let run = try ToolRun.run(
        ["digest", "--journal", "p\(number)", "-o", "p\(number).dg", "--review", "unmatched"], in: folder)
      try #require(run.status == 0, "\(run.stderr)")
    }
    return folder
  }

  /// Writes `name`: the digest file `source` with `change` made to it, checksum recomputed.
  static func forge(_ name: String, from source: String, in folder: URL, _ change: (inout DigestFile) -> Void)
    throws
  {
    let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(source)))
    var file = try DigestFile(bytes: bytes, label: source)
    change(&file)
    try Data(file.bytes).write(to: folder.appendingPathComponent(name))
  }

  /// Runs the tool in `folder`; it must end normally (a status, not a signal).
  static func run(_ arguments: [String], in folder: URL) throws -> ToolRun {
    let run = try ToolRun.run(arguments, in: folder)
    #expect(run.status <= 3, "\(arguments) did not end normally (\(run.status)): \(run.stderr.prefix(300))")
    return run
  }

  static let week = ["week", "all", "--today", "2026-11-30", "--review", "unmatched"]

  /// Sets the count messages call `field` ("skipped lines" or "unreadable files") of `journal`.
  static func setCount(_ field: String, of journal: inout DigestFileJournal, to value: Int) {
    if field == "skipped lines" { journal.skippedLines = value } else { journal.unreadableFiles = value }
  }

  @Test(arguments: ["skipped lines", "unreadable files"])
  func problemCountsThatOverflowAMergeAreOutOfRange(field: String) throws {
    let folder = try Self.digests()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.forge("many.dg", from: "p1.dg", in: folder) {
      Self.setCount(field, of: &$0.journals[0], to: .max)
    }
    try Self.forge("one.dg", from: "p2.dg", in: folder) { Self.setCount(field, of: &$0.journals[0], to: 1) }
    let merge = try Self.run(["merge", "many.dg", "one.dg", "-o", "sum.dg"], in: folder)
    #expect(merge.status == 2)
    #expect(merge.stderr.contains("'many.dg'") && merge.stderr.contains("'one.dg'"), "\(merge.stderr)")
    #expect(merge.stderr.contains("\(field) out of range"), "\(merge.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("sum.dg").path))
    // Kept apart in a cohort, the two are summed by the report's note on what was left out.
    let cohort = try Self.run(["merge", "many.dg", "one.dg", "--cohort", "-o", "both.dg"], in: folder)
    #expect(cohort.status == 0, "\(cohort.stderr)")
    let report = try Self.run(Self.week + ["--digest", "both.dg", "-f", "csv"], in: folder)
    #expect(report.status == 2)
    #expect(report.stderr.contains("'both.dg'") && report.stderr.contains("\(field) out of range"))
  }

  @Test func dayEntryCountsThatOverflowAMergeAreOutOfRange() throws {
    let folder = try Self.digests()
    defer { try? FileManager.default.removeItem(at: folder) }
    for number in 1...2 {
      try Self.forge("many\(number).dg", from: "p\(number).dg", in: folder) {
        $0.journals[0].days[0].totals.entries = .max
      }
    }
    let merge = try Self.run(["merge", "many1.dg", "many2.dg", "-o", "sum.dg"], in: folder)
    #expect(merge.status == 2)
    #expect(merge.stderr.contains("'many1.dg'") && merge.stderr.contains("'many2.dg'"), "\(merge.stderr)")
    #expect(merge.stderr.contains("entries out of range on 2026-11-21"), "\(merge.stderr)")
  }

  @Test func sumsNoEntriesCouldMakeAreOutOfRange() throws {
    let folder = try Self.digests()
    defer { try? FileManager.default.removeItem(at: folder) }
    for number in 1...2 {
      try Self.forge("huge\(number).dg", from: "p\(number).dg", in: folder) {
        $0.journals[0].days[0].totals.sums[Nutrient.calories.ordinal] = 1 << 125
      }
    }
    let merge = try Self.run(["merge", "huge1.dg", "huge2.dg", "-o", "sum.dg"], in: folder)
    let report = try Self.run(Self.week + ["--digest", "huge1.dg"], in: folder)
    for run in [merge, report] {
      #expect(run.status == 3)
      #expect(
        run.stderr.contains("'huge1.dg' has a value out of range: journal 'p1', 2026-11-21: calories"),
        "\(run.stderr)")
    }
  }

  @Test func aDayOutsideTheCalendarIsOutOfRange() throws {
    let folder = try Self.digests()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.forge("early.dg", from: "p1.dg", in: folder) { $0.journals[0].days[0].totals.day = .min }
    for format in ["text", "csv", "json"] {
      let report = try Self.run(Self.week + ["--digest", "early.dg", "-f", format], in: folder)
      #expect(report.status == 3)
      #expect(report.stderr.contains("'early.dg' has a value out of range: journal 'p1'"), "\(report.stderr)")
      #expect(report.stderr.contains("day number -2147483648"), "\(report.stderr)")
    }
  }

  /// A flagged entry's line is one line: with a line break inside, it would read back as two
  /// entries.
  @Test func aFlaggedLineWithALineBreakIsOutOfRange() throws {
    let folder = try Self.digests()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.forge("two.dg", from: "p1.dg", in: folder) { file in
      for (place, line) in file.journals[0].lines {
        file.journals[0].lines[place] = line + Array(("\n" + HostileInputTests.entry(9)).utf8)
      }
    }
    let report = try Self.run(Self.week + ["--digest", "two.dg"], in: folder)
    #expect(report.status == 3)
    #expect(report.stderr.contains("'two.dg' has a value out of range: journal 'p1'"), "\(report.stderr)")
    #expect(report.stderr.contains("line break"), "\(report.stderr)")
  }

  /// A flagged entry whose line the digest file does not hold is left out of the lists: the day
  /// files its paths name are never opened (here they lie in the working folder).
  @Test func aFlaggedLineIsNeverReadFromTheDayFilesADigestNames() throws {
    let folder = try Self.digests()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.forge("none.dg", from: "p1.dg", in: folder) { $0.journals[0].lines = [:] }
    let id = "00000000-0000-4000-8000-000000000001"
    let whole = try Self.run(Self.week + ["--digest", "p1.dg"], in: folder)
    #expect(whole.status == 0 && whole.stdout.contains(id), "\(whole.stdout)")
    let report = try Self.run(Self.week + ["--digest", "none.dg"], in: folder)
    #expect(report.status == 0, "\(report.stderr)")
    #expect(!report.stdout.contains(id), "\(report.stdout)")
  }

  @Test func settingsOutOfRangeAreBlamedOnTheDigestFile() throws {
    let folder = try Self.digests()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.forge("seven.dg", from: "p1.dg", in: folder) { file in
      file = DigestFile(
        settings: DigestFileSettings(rules: DigestRules(lowConfidence: FixedDecimal(7)!)),
        journals: file.journals)
    }
    let report = try Self.run(Self.week + ["--digest", "seven.dg"], in: folder)
    #expect(report.status == 3)
    #expect(
      report.stderr.contains("'seven.dg' has a value out of range: low-confidence threshold 7"),
      "\(report.stderr)")
    #expect(!report.stderr.contains(".demeter.json"), "\(report.stderr)")
  }

  @Test func aHeaderLineLongerThanAHeaderIsSaidToBeOne() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let header = "demeter-digest " + String(repeating: "1", count: 600) + "\n"
    try Data(Array(header.utf8) + [UInt8](repeating: 0, count: 16)).write(
      to: folder.appendingPathComponent("long.dg"))
    let report = try Self.run(Self.week + ["--digest", "long.dg"], in: folder)
    #expect(report.status == 3)
    #expect(!report.stderr.contains("does not start with"), "\(report.stderr)")
    #expect(
      report.stderr.contains("'long.dg'") && report.stderr.contains("first line is longer than 512 bytes"))
  }

  @Test func aFourGigabyteDigestFileIsRefusedAtTheLimit() throws {
    guard BoundedRun.prlimit != nil else {
      print("skipped: prlimit (util-linux) is not installed, so the address space cannot be capped")
      return
    }
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("big.dg").path
    try Data("demeter-digest 5 calories,protein,carbohydrates,fat,fiber,sugar\n".utf8).write(
      to: URL(fileURLWithPath: path))
    #expect(truncate(path, 4 << 30) == 0)
    let run = try BoundedRun.run(Self.week + ["--digest", path], addressSpace: 2 << 30)
    #expect(
      !run.timedOut && run.signal == nil, "ended by signal \(run.signal ?? 0): \(run.stderr.prefix(300))")
    #expect(run.status == 3)
    #expect(run.stderr.contains("over the limit of 512 MiB for a digest file"), "\(run.stderr)")
  }

  /// A digest file of `days` copies of one empty day (one journal, `p1.dg`'s settings), written
  /// straight in the file's coding with its checksum, as a forger would: small on disk, large once
  /// decoded (the days' order is only checked once they are all decoded).
  static func emptyDays(_ days: Int, in folder: URL) throws -> [UInt8] {
    let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent("p1.dg")))
    var file = try DigestFile(bytes: bytes, label: "p1.dg")
    file.journals[0].days = []
    file.journals[0].lines = [:]
    // Without its checksum, the file ends with its two counts of zero: days and flagged lines.
    let empty = file.bytes.dropLast(8)
    #expect(empty.suffix(2) == [0, 0])
    var writer = CacheWriter()
    writer.appendVarint(days)
    let count = writer.bytes
    writer.removeAll()
    writer.append(DigestTotals(day: 0))
    writer.append(DigestDetail())
    let day = writer.bytes
    var forged = Array(empty.dropLast(2)) + count
    forged.reserveCapacity(forged.count + days * day.count + 9)
    for _ in 0..<days { forged += day }
    forged.append(0)
    let checksum = forged.withUnsafeBytes { ContentHash.hash($0) }
    return forged + withUnsafeBytes(of: checksum.littleEndian) { Array($0) }
  }

  @Test func aFileThatWouldDecodeToOverAGigabyteIsRefusedBeforeItIsDecoded() throws {
    let folder = try Self.digests()
    defer { try? FileManager.default.removeItem(at: folder) }
    let days = DigestFile.memoryLimit / MemoryLayout<DayDigest>.stride + 100_000
    let forged = try Self.emptyDays(days, in: folder)
    #expect(forged.count < FileSizeLimit.digestFile.bytes && forged.count < DigestFile.memoryLimit / 8)
    let path = folder.appendingPathComponent("empty.dg").path
    try Data(forged).write(to: URL(fileURLWithPath: path))
    let message = "would take more than 1024 MiB of memory to read"
    #expect {
      try DigestFile(bytes: forged, label: "'empty.dg'")
    } throws: { error in
      "\(error)".contains("'empty.dg' \(message)")
    }
    guard BoundedRun.prlimit != nil else {
      print("skipped the bounded run: prlimit (util-linux) is not installed")
      return
    }
    let run = try BoundedRun.run(Self.week + ["--digest", path], addressSpace: 2 << 30)
    #expect(
      !run.timedOut && run.signal == nil, "ended by signal \(run.signal ?? 0): \(run.stderr.prefix(300))")
    #expect(run.status == 3)
    #expect(run.stderr.contains("'\(path)'") || run.stderr.contains("empty.dg"), "\(run.stderr)")
    #expect(run.stderr.contains(message), "\(run.stderr)")
  }

  @Test func theFilesOfOneRunShareTheMemoryLimit() throws {
    let folder = try Self.digests()
    defer { try? FileManager.default.removeItem(at: folder) }
    let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent("p1.dg")))
    var memoryLeft = DigestFile.memoryLimit
    let file = try DigestFile(bytes: bytes, label: "'p1.dg'", memoryLeft: &memoryLeft)
    let taken = DigestFile.memoryLimit - memoryLeft
    #expect(taken >= MemoryLayout<DayDigest>.stride * file.journals[0].days.count && taken > 0)
    // What the first file took is not left for the next.
    var rest = taken - 1
    #expect {
      try DigestFile(bytes: bytes, label: "'p2.dg'", memoryLeft: &rest)
    } throws: { error in
      "\(error)".contains("'p2.dg' would take more than 1024 MiB of memory to read")
    }
  }
}
