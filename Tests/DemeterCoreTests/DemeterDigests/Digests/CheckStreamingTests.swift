import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// `check`'s read (manual: journal, architecture): warnings collected through the fast path, which
/// declines the lines the strict path warns about, give the same diagnostics, counts and unknown
/// ingredient references as the strict path alone and as the table load, on random journals with
/// random faults.
@Suite struct CheckStreamingTests {
  /// The id the test catalog knows; every other `matchedIngredientID` is unknown.
  static let knownIngredient = "usda-sr-01132"

  /// Random entries with faults injected into about half of them (keys unknown or misspelt,
  /// meals unknown or capitalised, numbers with more than nine decimals, schema versions, repeated
  /// ids, other dates, timestamps without an offset, wrong types, cut lines, unknown ingredients),
  /// spread over day files with LF or CRLF line ends, some without a final newline, one with a BOM
  /// and one whose name is no date.
  static func faultyJournal(seed: UInt64) -> TemporaryJournal {
    var random = SplitMix64(seed: seed)
    let entries = JournalDeterminismTests.randomEntries(count: 200, seed: seed)
    let ids = entries.map { line in line.members.first { $0.key == "id" }!.json }
    let faults: [(EntryLine) -> String] = [
      { $0.setting("colour", "\"red\"").text },
      { $0.setting("foodNme", "\"x\"").text },
      { $0.setting("meal", "\"brunch\"").text },
      { $0.setting("meal", "\"Lunch\"").text },
      { $0.setting("protein", "1.1234567891").text },
      { $0.setting("fiber", "0.0000000001").text },
      { $0.setting("schemaVersion", "9").text },
      { $0.setting("schemaVersion", "1").text },
      { $0.setting("id", ids[Int(seed) % ids.count]).text },
      { $0.setting("timestamp", "\"2025-01-01T10:00:00Z\"").text },
      { $0.setting("timestamp", "\"2026-11-15T10:00:00\"").text },
      { $0.setting("timestamp", "\"2026-11-15T10:00:00.5\"").text },
      { $0.setting("calories", "\"many\"").text },
      { String($0.text.prefix(40)) },
      { $0.setting("matchedIngredientID", "\"food-unknown\"").text },
      { $0.setting("matchedIngredientID", "\"\(Self.knownIngredient)\"").text },
    ]
    var lines = entries.map { entry in
      Bool.random(using: &random) ? entry.text : faults.randomElement(using: &random)!(entry)
    }
    lines.shuffle(using: &random)
    let journal = TemporaryJournal()
    for (index, start) in stride(from: 0, to: lines.count, by: 15).enumerated() {
      let name = index == 3 ? "2026-11-31.jsonl" : "2026-11-\(10 + index).jsonl"
      let end = Bool.random(using: &random) ? "\n" : "\r\n"
      var text = lines[start..<min(start + 15, lines.count)].joined(separator: end)
      if Int.random(in: 0..<3, using: &random) > 0 { text += end }
      journal.write(name, (index == 5 ? "\u{FEFF}" : "") + text)
    }
    return journal
  }

  /// The catalog of one ingredient, `knownIngredient`.
  static let catalog = IngredientCatalog(
    own: IngredientDatabase.load(
      bytes: Array(
        ("{\"id\":\"\(knownIngredient)\",\"name\":\"egg\",\"aliases\":[],\"caloriesPer100g\":155.0,"
          + "\"proteinPer100g\":13.0,\"carbsPer100g\":1.1,\"fatPer100g\":11.0,\"fiberPer100g\":0.0,"
          + "\"sugarPer100g\":1.1,\"commonServingSize\":50.0,\"commonServingUnit\":\"g\",\"category\":\"dairy\","
          + "\"source\":\"custom\",\"verificationStatus\":\"unverified\"}\n").utf8),
      path: "ingredients.jsonl"
    ).database,
    builtIn: nil)

  @Test func theCatalogKnowsItsIngredient() {
    #expect(Self.catalog.ingredient(withID: Self.knownIngredient) != nil)
  }

  /// The first pair of diagnostics that differ (a missing one paired with nil), rendered.
  static func firstDifference(_ found: [Diagnostic], _ expected: [Diagnostic]) -> String? {
    let index =
      (0..<min(found.count, expected.count)).first { found[$0] != expected[$0] }
      ?? min(found.count, expected.count)
    guard index < max(found.count, expected.count) else { return nil }
    return "\(found.count > index ? found[index].rendered : "nothing")\n≠\n"
      + "\(expected.count > index ? expected[index].rendered : "nothing")"
  }

  @Test(arguments: [UInt64(1), 2, 3])
  func fastCheckEqualsTheStrictReference(seed: UInt64) {
    let journal = Self.faultyJournal(seed: seed)
    for strict in [false, true] {
      for timeZone in [TimeZoneRule.asWritten, .named("America/New_York")] {
        let options = JournalLoadOptions(
          timeZone: timeZone, collectWarnings: true, reportUnknownKeys: strict, threads: 2)
        var slow = options
        slow.scansFast = false
        let fast = DigestLoader.load(journal: journal.path, options: options)
        let strictDigests = DigestLoader.load(journal: journal.path, options: slow)
        let reference = JournalLoader.load(journal: journal.path, options: slow)
        #expect(fast.diagnostics.count == reference.diagnostics.count)
        #expect(Self.firstDifference(fast.diagnostics, strictDigests.diagnostics) == nil)
        #expect(Self.firstDifference(fast.diagnostics, reference.diagnostics) == nil)
        #expect(fast.entryCount == reference.table.count)
        #expect(fast.fileCount == reference.fileCount)
        #expect(fast.skippedLines == reference.skippedLines)
        #expect(fast.days == strictDigests.days)
        #expect(reference.warningCount > 10)
        // Unknown references, located naively over the reference's rows.
        let naive = (0..<reference.table.count).compactMap { row -> Diagnostic? in
          let code = reference.table.ingredientCode[row]
          guard code >= 0, reference.table.ingredientIDs[code] != Self.knownIngredient else { return nil }
          return .warning(
            .unknownIngredient, reference.table.location(ofRow: row),
            "matchedIngredientID \"\(reference.table.ingredientIDs[code])\" is not in ingredients.jsonl")
        }
        #expect(!naive.isEmpty)
        // From the digests' tallies, and from the files alone when the digests keep only totals.
        var totalsOnly = options
        totalsOnly.keepsDetail = false
        let onlyTotals = DigestLoader.load(journal: journal.path, options: totalsOnly)
        #expect(onlyTotals.keepsOnlyTotals)
        for digests in [fast, onlyTotals] {
          let references = digests.unknownReferences(to: Self.catalog) { _ in false }
          #expect(references.count == naive.count)
          #expect(references.first { !naive.contains($0) } == nil)
          #expect(references == naive)
        }
      }
    }
  }

  /// Ordinary lines are still read by the fast path when warnings are collected; a line the strict
  /// path would warn about is declined, but for one dated another day alone (the parser warns about
  /// it as the strict path does: `fastCheckEqualsTheStrictReference`).
  @Test func scannerDeclinesOnlyWhatIsWarnedAbout() {
    let date = CivilDate(year: 2026, month: 11, day: 21)!
    let collected = ScanWarnings(JournalLoadOptions(collectWarnings: true), fileDate: date)
    let strict = ScanWarnings(
      JournalLoadOptions(collectWarnings: true, reportUnknownKeys: true), fileDate: date)
    let line = EntryLine().setting("meal", "\"lunch\"")
    func accepts(_ line: EntryLine, _ warnings: ScanWarnings?, end: String = "\n") -> Bool {
      EntryLineScannerTests.scannerAccepts(line.text + end, warnings: warnings, end: end)
    }
    #expect(accepts(line, collected))
    #expect(accepts(line, strict))
    #expect(accepts(line.setting("meal", "\"Lunch\""), collected))
    #expect(!accepts(line.setting("meal", "\"brunch\""), collected))
    #expect(accepts(line.setting("meal", "\"brunch\""), nil))
    #expect(accepts(line.setting("timestamp", "\"2026-11-22T08:15:00-05:00\""), collected))
    #expect(!accepts(line.setting("timestamp", "\"2026-11-22T08:15:00-05:00\"").setting("meal", "\"brunch\""), collected))
    #expect(accepts(line.setting("timestamp", "\"2026-11-22T08:15:00-05:00\""), nil))
    #expect(accepts(line.setting("timestamp", "\"2026-11-21T08:15:00\""), collected))
    #expect(!accepts(line.setting("timestamp", "\"2026-11-21T08:15:00\""), strict))
    #expect(!accepts(line, collected, end: ""))
    #expect(accepts(line, nil, end: ""))
    #expect(!accepts(line.setting("protein", "1.1234567891"), nil))
  }
}
