import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// Digest files (manual: many-journals): the coding round-trips with the same bytes, merges of
/// parts in any order and grouping give the bytes of the whole, reports read from a file equal
/// those of the journal, and mismatched, foreign or damaged files are refused, never a crash.
@Suite struct DigestFileTests {
  static let rules = DigestRules()

  /// A day file of `journal` for `day` (2026-01-dd), in memory: a few entries, some of low
  /// confidence or without a matched ingredient, so flagged lists have lines to keep.
  static func dayFile(_ journal: String, day: Int, seed: Int) -> DayFile {
    let date = "2026-01-\(day < 10 ? "0" : "")\(day)"
    var text = ""
    let journalCode = journal.utf8.reduce(0) { $0 * 31 % 9973 + Int($1) }
    for index in 0..<4 {
      let number = String(journalCode * 1000 + day * 10 + index)
      let id = "6f0c9a52-3c1e-4a57-9a52-" + String(repeating: "0", count: 12 - number.count) + number
      let confidence = (seed + day + index) % 3 == 0 ? "0.3" : "0.9"
      let food = ["tea", "toast", "soup", "crème brûlée"][(seed + index) % 4]
      let matched = index == 3 ? "null" : "\"ing-\(food.count)\""
      text +=
        #"{"id":"\#(id)","timestamp":"\#(date)T1\#(index):00:00Z","rawDescription":"\#(food)","#
        + #""foodName":"\#(food)","quantity":1,"unit":"cup","calories":\#(100 + 10 * index + seed),"protein":\#(index),"#
        + #""carbohydrates":\#(2 * index),"fat":1,"confidence":\#(confidence),"matchedIngredientID":\#(matched)}"#
        + "\n"
    }
    return DayFile(
      path: "\(journal)/\(date).jsonl", date: try? CivilDate.parse(date).get(), contents: Array(text.utf8))
  }

  /// A journal `name` of the days `days`, as a digest file.
  static func file(_ name: String, days: some Sequence<Int>, seed: Int = 0, rules: DigestRules = rules)
    -> DigestFile
  {
    let files = days.map { dayFile(name, day: $0, seed: seed) }
    let digests = DigestLoader.load(files: files, rules: DigestFileSettings(rules: rules).rules)
    let journal = DigestFileJournal(
      name: name, folder: name, digests: digests, weekStart: .monday, timeZone: .asWritten, goals: Goals())
    return DigestFile(settings: DigestFileSettings(rules: rules), journals: [journal])
  }

  static func merged(_ files: [DigestFile], cohort: Bool) throws -> [UInt8] {
    try DigestFile.merged(files.enumerated().map { ("file \($0.offset)", $0.element) }, cohort: cohort).bytes
  }

  @Test func bytesReadBackAsTheSameFileAndTheSameBytes() throws {
    let file = Self.file("ana", days: 1...9, seed: 1)
    #expect(file.journals[0].days.reduce(0) { $0 + $1.totals.entries } == 36)
    let bytes = file.bytes
    #expect(
      bytes.starts(with: Array("demeter-digest 5 calories,protein,carbohydrates,fat,fiber,sugar\n".utf8)))
    let read = try DigestFile(bytes: bytes, label: "f")
    #expect(read == file)
    #expect(read.bytes == bytes)
    #expect(Self.file("ana", days: 1...9, seed: 1).bytes == bytes)
  }

  @Test func partsMergedInAnyOrderAndGroupingGiveTheBytesOfTheWhole() throws {
    let whole = Self.file("ana", days: 1...12, seed: 2).bytes
    let (a, b, c) = (
      Self.file("ana", days: [1, 4, 7, 10], seed: 2), Self.file("ana", days: [2, 5, 8, 11], seed: 2),
      Self.file("ana", days: [3, 6, 9, 12], seed: 2)
    )
    for cohort in [false, true] {
      let ab = try DigestFile(bytes: try Self.merged([a, b], cohort: cohort), label: "ab")
      let bc = try DigestFile(bytes: try Self.merged([b, c], cohort: cohort), label: "bc")
      #expect(try Self.merged([ab, c], cohort: cohort) == whole)
      #expect(try Self.merged([a, bc], cohort: cohort) == whole)
      #expect(try Self.merged([c, b, a], cohort: cohort) == whole)
    }
  }

  @Test func cohortKeepsJournalsApartAndASumAddsThem() throws {
    let (ana, bob) = (Self.file("ana", days: 1...3, seed: 3), Self.file("bob", days: 2...5, seed: 4))
    let cohort = try DigestFile(bytes: try Self.merged([bob, ana], cohort: true), label: "c")
    #expect(cohort.journals.map(\.name) == ["ana", "bob"])
    let sum = try DigestFile(bytes: try Self.merged([cohort], cohort: false), label: "s")
    #expect(sum.journals.map(\.members) == [["ana", "bob"]])
    #expect(
      sum.journals[0].days.map(\.day) == Array(Set(cohort.journals.flatMap { $0.days.map(\.day) })).sorted())
    let entries = { (file: DigestFile) in
      file.journals.flatMap(\.days).reduce(0) { $0 + Int($1.totals.entries) }
    }
    #expect(entries(sum) == entries(cohort))
    #expect(sum.journals[0].files.map(\.path).allSatisfy { $0.hasPrefix("ana/") || $0.hasPrefix("bob/") })
  }

  @Test func aFileReadsBackAsTheJournalsDigestsForAnyListLimit() throws {
    let files = (1...9).map { Self.dayFile("ana", day: $0, seed: 5) }
    let file = try DigestFile(bytes: Self.file("ana", days: 1...9, seed: 5).bytes, label: "f")
    let period = Period(
      first: try CivilDate.parse("2026-01-01").get(), last: try CivilDate.parse("2026-01-09").get())
    for limit in [0, 1, 3] {
      var options = AggregationOptions()
      options.reviewLimit = limit
      let direct = DigestLoader.load(files: files, rules: DigestRules(options))
      let read = JournalDigests(file.journals[0], settings: file.settings, limit: limit)
      let buckets = period.buckets(.day, logged: [])
      let expected = direct.summarize(buckets: buckets, options: options)
      let actual = read.summarize(buckets: buckets, options: options)
      #expect(actual.buckets == expected.buckets)
      #expect(actual.whole.needsReview.map(\.id) == expected.whole.needsReview.map(\.id))
      #expect(!actual.whole.needsReview.isEmpty)
      #expect(actual.whole.needsReview.map(\.location.path).allSatisfy { $0.hasPrefix("ana/") })
    }
  }

  @Test func filesOfOtherSettingsAreRefusedNamingBothAndTheSetting() {
    var strict = Self.rules
    strict.lowConfidence = FixedDecimal(billionths: 600_000_000)
    let (a, b) = (Self.file("ana", days: 1...2), Self.file("ana", days: 3...4, rules: strict))
    #expect {
      _ = try DigestFile.merged([("'a.dg'", a), ("'b.dg'", b)], cohort: true)
    } throws: { error in
      let error = error as? DigestFileError
      return error?.kind == .mismatch && error!.description.contains("'a.dg'")
        && error!.description.contains("'b.dg'")
        && error!.description.contains("low-confidence threshold 0.5") && error!.description.contains("0.6")
    }
  }

  @Test func theSameDayFileInTwoPartsIsRefused() {
    let (a, b) = (Self.file("ana", days: 1...2), Self.file("ana", days: 2...3))
    #expect(throws: DigestFileError.self) { _ = try Self.merged([a, b], cohort: true) }
  }

  @Test func otherVersionsForeignAndDamagedBytesAreRefused() throws {
    let bytes = Self.file("ana", days: 1...4, seed: 6).bytes
    var otherVersion = bytes
    otherVersion[15] = UInt8(ascii: "2")
    // A file of a tool that sums another list of nutrients (one more, here) is refused by name.
    let header = "demeter-digest \(DigestFile.formatVersion) calories,protein,carbohydrates,fat,fiber,sugar"
    let otherNutrients = Array((header + ",iron").utf8) + bytes.dropFirst(header.utf8.count)
    for (bad, says) in [
      (otherVersion, "format version 2"), (Array("hello\n".utf8), "not a digest file"),
      (otherNutrients, "sums the nutrients calories,protein,carbohydrates,fat,fiber,sugar,iron"),
    ] {
      #expect {
        _ = try DigestFile(bytes: bad, label: "f")
      } throws: { error in
        (error as? DigestFileError)?.kind == .unreadable && "\(error)".contains(says)
      }
    }
    // Every truncation and a flipped byte anywhere past the header: a located refusal, never a crash.
    for length in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 97)) {
      #expect(throws: DigestFileError.self) { _ = try DigestFile(bytes: Array(bytes[..<length]), label: "f") }
    }
    for position in stride(from: 17, to: bytes.count, by: max(1, bytes.count / 53)) {
      var flipped = bytes
      flipped[position] ^= 0x5A
      #expect(throws: DigestFileError.self) { _ = try DigestFile(bytes: flipped, label: "f") }
    }
  }
}
