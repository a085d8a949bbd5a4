import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// Determinism (manual: reports, architecture, testing): the same journal gives the same table and diagnostics whatever the
/// number of threads, and the same aggregates however its entries are split into files and ordered.
@Suite struct JournalDeterminismTests {
  // MARK: - A seeded random journal

  /// Random but valid entry lines over four ISO weeks (2026-11-02 … 2026-11-29), with offsets that
  /// move entries across midnight, optional fields, Unicode and escapes.
  static func randomEntries(count: Int, seed: UInt64) -> [EntryLine] {
    var random = SplitMix64(seed: seed)
    func hex(_ digits: Int) -> String {
      (0..<digits).map { _ in String(Int.random(in: 0..<16, using: &random), radix: 16) }.joined()
    }
    func pad(_ value: Int, _ width: Int) -> String {
      String(repeating: "0", count: max(0, width - String(value).count)) + String(value)
    }
    func decimal(upTo whole: Int, decimals: Int) -> String {
      let scale = pow10(decimals)
      let units = Int.random(in: 0...(whole * scale), using: &random)
      return decimals == 0 ? String(units) : "\(units / scale).\(pad(units % scale, decimals))"
    }
    let foods = ["apple", "crème brûlée", "寿司", "oat \\\"milk\\\"", "tea\\twith lemon", "bread", "egg"]
    let offsets = ["Z", "-05:00", "+05:30", "+09:00", "-03:30", "+05:45", ""]
    let meals = ["breakfast", "lunch", "dinner", "snack"]
    return (0..<count).map { index in
      let id = "\(hex(8))-\(hex(4))-4\(hex(3))-a\(hex(3))-\(hex(12))"
      let day = Int.random(in: 2...29, using: &random)
      let second = Int.random(in: 0..<86_400, using: &random)
      let fraction = Bool.random(using: &random) ? "" : ".\(pad(Int.random(in: 0..<1000, using: &random), 3))"
      let timestamp =
        "2026-11-\(pad(day, 2))T\(pad(second / 3600, 2)):\(pad(second / 60 % 60, 2)):\(pad(second % 60, 2))\(fraction)"
        + offsets[Int.random(in: 0..<offsets.count, using: &random)]
      let confidence = Int.random(in: 0..<8, using: &random) == 0 ? "0.6" : decimal(upTo: 1, decimals: 3)
      var line = EntryLine(
        id: index % 5 == 0 ? id.uppercased() : id, timestamp: timestamp,
        foodName: foods[Int.random(in: 0..<foods.count, using: &random)],
        calories: decimal(upTo: 900, decimals: Int.random(in: 0...2, using: &random)), confidence: confidence)
      line = line.setting("protein", decimal(upTo: 60, decimals: 1)).setting(
        "carbohydrates", decimal(upTo: 120, decimals: 2)
      )
      .setting("fat", decimal(upTo: 50, decimals: 3)).setting(
        "quantity", "0.\(Int.random(in: 1...9, using: &random))")
      line = line.setting("rawDescription", "\"entry \(index) \\\"quoted\\\" \\\\ \\u00e9\"")
      if Bool.random(using: &random) { line = line.setting("matchedIngredientID", "null") }
      if Bool.random(using: &random) {
        line = line.setting("meal", "\"\(meals[Int.random(in: 0..<4, using: &random)])\"")
      }
      if Bool.random(using: &random) { line = line.setting("fiber", decimal(upTo: 10, decimals: 1)) }
      if Int.random(in: 0..<3, using: &random) == 0 {
        line = line.setting(
          "micronutrients",
          "{\"sodium_mg\":\(decimal(upTo: 900, decimals: 0)),\"iron_mg\":\(decimal(upTo: 9, decimals: 2))}")
      }
      if Bool.random(using: &random) { line.members.shuffle(using: &random) }
      return line
    }
  }

  /// The digests of `journal` under `rules` read one thread at a time, then every other way a report
  /// reads them: more threads, totals alone, cold then warm through the journal's cache, and totals
  /// alone from that cache.
  static func loadedEveryWay(_ journal: TemporaryJournal, rules: DigestRules) -> (one: JournalDigests, others: [JournalDigests]) {
    func load(_ options: JournalLoadOptions) -> JournalDigests {
      DigestLoader.load(journal: journal.path, options: options, rules: rules)
    }
    let cached = JournalLoadOptions(threads: 2, cache: .journalFolder(toolVersion: "every-way-test"))
    var cachedTotals = cached
    cachedTotals.keepsDetail = false
    return (
      load(JournalLoadOptions(threads: 1)),
      [
        load(JournalLoadOptions(threads: 3)), load(JournalLoadOptions(threads: 2, keepsDetail: false)),
        load(cached), load(cached), load(cachedTotals),
      ]
    )
  }

  static func pow10(_ exponent: Int) -> Int { (0..<exponent).reduce(1) { value, _ in value * 10 } }

  /// How the entries are spread over files.
  enum Layout: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case oneFile, filePerEntry, randomSplitShuffled
    var testDescription: String { rawValue }
  }

  /// Writes `lines` into a new journal in the given layout.
  static func write(_ lines: [String], layout: Layout, seed: UInt64) -> TemporaryJournal {
    let journal = TemporaryJournal()
    switch layout {
    case .oneFile:
      journal.write("2026-11-15.jsonl", lines: lines)
    case .filePerEntry:
      for (index, line) in lines.enumerated() {
        journal.write("each/\(index)/2026-11-\(String(10 + index % 20)).jsonl", line)
      }
    case .randomSplitShuffled:
      var random = SplitMix64(seed: seed)
      let fileCount = Int.random(in: 5...25, using: &random)
      var files = [[String]](repeating: [], count: fileCount)
      for line in lines { files[Int.random(in: 0..<fileCount, using: &random)].append(line) }
      for (index, var content) in files.enumerated() {
        content.shuffle(using: &random)
        var bytes: [UInt8] = Bool.random(using: &random) ? [0xEF, 0xBB, 0xBF] : []
        for line in content {
          if Int.random(in: 0..<6, using: &random) == 0 { bytes += Array(" \t\r\n".utf8) }
          bytes += Array(line.utf8) + Array((Bool.random(using: &random) ? "\r\n" : "\n").utf8)
        }
        if Bool.random(using: &random), bytes.last == UInt8(ascii: "\n") {
          bytes.removeLast()
          if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        }
        let folder = (0..<Int.random(in: 0...3, using: &random)).map { "f\($0)/" }.joined()
        journal.write("\(folder)part\(index)/2026-11-\(String(10 + index % 19)).jsonl", bytes: bytes)
      }
    }
    return journal
  }

  static let weeks = Period(
    first: CivilDate(year: 2026, month: 10, day: 26)!, last: CivilDate(year: 2026, month: 12, day: 6)!
  )
  .buckets(.week(.monday))

  static let options = AggregationOptions(
    lowConfidence: FixedDecimal(billionths: 600_000_000), topFoodCount: 0)

  // MARK: - Splitting and ordering

  @Test(arguments: [UInt64(1), 2, 3])
  func splittingAndShufflingChangeNoAggregate(seed: UInt64) {
    let lines = Self.randomEntries(count: 150, seed: seed).map(\.text)
    var reference: PeriodAggregate?
    var referenceRows: [String]?
    for layout in Layout.allCases {
      let journal = Self.write(lines, layout: layout, seed: seed &+ 100)
      let load = journal.load()
      #expect(load.diagnostics.isEmpty, "\(layout)")
      #expect(load.table.count == lines.count, "\(layout)")
      let aggregate = load.table.summarize(buckets: Self.weeks, options: Self.options)
      let rows = Self.rowTexts(load.table).sorted()
      if let reference, let referenceRows {
        #expect(aggregate == reference, "\(layout)")
        #expect(rows == referenceRows, "\(layout)")
      } else {
        reference = aggregate
        referenceRows = rows
        #expect(aggregate.whole.entries == lines.count)
        #expect(aggregate.buckets.map(\.entries).reduce(0, +) == lines.count)
      }
    }
  }

  @Test func shufflingLinesWithinOneFileChangesNoAggregate() {
    var random = SplitMix64(seed: 77)
    let lines = Self.randomEntries(count: 80, seed: 77).map(\.text)
    let reference = Self.write(lines, layout: .oneFile, seed: 0).load().table.summarize(
      buckets: Self.weeks, options: Self.options)
    for _ in 0..<3 {
      let shuffled = lines.shuffled(using: &random)
      let aggregate = Self.write(shuffled, layout: .oneFile, seed: 0).load().table.summarize(
        buckets: Self.weeks, options: Self.options)
      #expect(aggregate == reference)
    }
    #expect(reference.whole.entries == 80)
  }

  /// Every stored value of each row as one text (to compare tables as multisets of rows).
  static func rowTexts(_ table: EntryTable) -> [String] {
    var micronutrients = [[String]](repeating: [], count: table.count)
    for index in table.micronutrientRow.indices {
      micronutrients[Int(table.micronutrientRow[index])].append(
        "\(table.micronutrientNames[table.micronutrientNameCode[index]])=\(table.micronutrientAmount[index])")
    }
    return (0..<table.count).map { row in
      [
        table.ids[row], table.rawDescriptions[row], "\(table.day[row])", "\(table.secondOfDay[row])",
        "\(table.utcOffset[row])", table.nutrients.map { "\($0[row])" }.joined(separator: "|"),
        "\(table.quantity[row])",
        "\(table.confidence[row])", table.foodNames[table.foodNameCode[row]],
        table.units[table.unitCode[row]],
        table.ingredientID(ofRow: row) ?? "-", table.meal(ofRow: row) ?? "-",
        micronutrients[row].joined(separator: ","),
      ].joined(separator: "|")
    }
  }

  // MARK: - Threads

  /// Every column of a table, with dictionary codes and the strings they decode to.
  struct TableSnapshot: Equatable {
    var numbers: [[Int64]]
    var codes: [[Int32]]
    var dictionaries: [[String]]
    var rows: [String]
    var files: [String]
    var locations: [DemeterCore.SourceLocation]

    init(_ table: EntryTable) {
      numbers = table.nutrients + [table.quantity, table.confidence, table.micronutrientAmount]
      codes = [
        table.day, table.secondOfDay, table.utcOffset, table.foodNameCode, table.unitCode,
        table.ingredientCode,
        table.mealCode, table.sourceFile, table.sourceLine, table.micronutrientRow,
        table.micronutrientNameCode,
      ]
      dictionaries = [
        table.foodNames.strings, table.units.strings, table.ingredientIDs.strings, table.meals.strings,
        table.micronutrientNames.strings,
      ]
      rows = JournalDeterminismTests.rowTexts(table)
      files = table.files
      locations = (0..<table.count).map { table.location(ofRow: $0) }
    }
  }

  /// A journal of many files with errors, duplicate ids, warnings and unknown keys among valid lines.
  static func troubledJournal() -> TemporaryJournal {
    let entries = randomEntries(count: 200, seed: 42)
    var lines = entries.map(\.text)
    lines[3] = lines[0]  // the same id twice
    let seventhID = entries[7].members.first { $0.key == "id" }!.json
    lines[150] =
      entries[150].setting(
        "id", seventhID.lowercased() == seventhID ? seventhID.uppercased() : seventhID.lowercased()
      ).text
    lines[11] = String(lines[11].dropLast()) + ",}"
    lines[12] =
      EntryLine(id: "c0ffee00-0000-4000-8000-000000000012", calories: "-1").setting("quantity", "0").text
    lines[13] =
      EntryLine(id: "c0ffee00-0000-4000-8000-000000000013").setting("mood", "1").setting("meal", "\"brunch\"")
      .text
    lines[14] = "[1]"
    lines[15] = EntryLine(id: "c0ffee00-0000-4000-8000-000000000015").setting("protein", "1.0000000005").text
    return write(lines, layout: .randomSplitShuffled, seed: 9)
  }

  @Test(arguments: [2, 3, 8])
  func threadCountChangesNothing(threads: Int) {
    let journal = Self.troubledJournal()
    let options = { (threads: Int) in
      JournalLoadOptions(collectWarnings: true, reportUnknownKeys: true, threads: threads)
    }
    let single = journal.load(options(1))
    let parallel = journal.load(options(threads))
    #expect(single.fileCount > 5)
    #expect(single.errorCount >= 6)
    #expect(single.warningCount >= 4)
    #expect(parallel.diagnostics == single.diagnostics)
    #expect(TableSnapshot(parallel.table) == TableSnapshot(single.table))
    #expect(parallel.skippedLines == single.skippedLines)
    #expect(parallel.fileCount == single.fileCount)
    #expect(
      parallel.table.summarize(buckets: Self.weeks, options: Self.options)
        == single.table.summarize(buckets: Self.weeks, options: Self.options))
    // Locations too: the flagged entries point at the same lines.
    #expect(
      parallel.table.summarize(buckets: Self.weeks, options: Self.options).whole.needsReview.map(\.location)
        == single.table.summarize(buckets: Self.weeks, options: Self.options).whole.needsReview.map(\.location))
  }

  @Test func troubledJournalSkipsExactlyItsBadLines() {
    let load = Self.troubledJournal().load(JournalLoadOptions(threads: 3))
    // Lines 3 and 150 duplicate ids, 11, 12 and 14 are broken; the rest loads.
    #expect(load.skippedLines == 5)
    #expect(load.table.count == 195)
    #expect(load.diagnostics.filter { $0.message.hasPrefix("duplicate id") }.count == 2)
  }

  @Test(arguments: [(0, 4), (1, 1), (1, 8), (5, 2), (7, 3), (40, 1), (40, 2), (41, 8), (200, 3), (3650, 2)])
  func runsCoverEveryFileOnceInOrder(files: Int, threads: Int) {
    let runs = FileRuns.boundaries(fileCount: files, threads: threads)
    #expect(runs.flatMap { Array($0) } == Array(0..<files))
    #expect(runs.allSatisfy { !$0.isEmpty })
    #expect(runs.count <= max(1, 2 * threads * FileRuns.runsPerThread))
    // Runs only shrink (the last may be cut short by the files left).
    #expect(zip(runs, runs.dropFirst().dropLast()).allSatisfy { $0.count >= $1.count })
  }
}
