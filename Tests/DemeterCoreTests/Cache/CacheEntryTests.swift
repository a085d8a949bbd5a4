import Testing

@testable import DemeterCore

/// The cache entry format: random parse results survive encode → decode exactly, and every damaged
/// entry (truncated, flipped, garbage, inconsistent behind a valid checksum) is refused, never a crash.
@Suite struct CacheEntryTests {
  static let path = "/journal/2026/2026-11-21.jsonl"
  static let key = DayFileCacheKey(
    relativePath: "2026/2026-11-21.jsonl", size: 1 << 20, modified: 1_700_000_000_123_456_789,
    contentHash: 0xDEAD_BEEF, readAt: 1_700_000_100_000_000_000)

  // MARK: - Round trips

  @Test(arguments: 0..<40)
  func randomParsesRoundTrip(seed: Int) throws {
    let parse = RandomParse.make(seed: UInt64(seed), path: Self.path)
    let bytes = try #require(CacheEntry.encode(parse, key: Self.key, fingerprint: 42, path: Self.path))
    let header = try bytes.withUnsafeBytes { raw in try CacheEntry.header(raw) }
    #expect(header.fingerprint == 42)
    #expect(header.key == Self.key)
    let decoded = try bytes.withUnsafeBytes { raw in try CacheEntry.decode(raw, path: Self.path) }
    #expect(decoded.diagnostics == parse.diagnostics)
    #expect(decoded.skippedLines == parse.skippedLines)
    #expect(
      JournalDeterminismTests.TableSnapshot(decoded.table)
        == JournalDeterminismTests.TableSnapshot(parse.table))
  }

  /// An entry names the day file by its path inside the journal: read back under another journal
  /// path, its rows and diagnostics carry the new path (other paths stay as they were).
  @Test func pathIsTheCurrentOne() throws {
    let parse = RandomParse.make(seed: 7, path: Self.path, diagnosticCount: 6)
    #expect(parse.diagnostics.contains { $0.location.path == Self.path })
    #expect(parse.diagnostics.contains { $0.location.path != Self.path })
    let bytes = try #require(CacheEntry.encode(parse, key: Self.key, fingerprint: 1, path: Self.path))
    let moved = "./j/2026/2026-11-21.jsonl"
    let decoded = try bytes.withUnsafeBytes { raw in try CacheEntry.decode(raw, path: moved) }
    #expect(decoded.table.files == [moved])
    #expect(
      decoded.diagnostics
        == parse.diagnostics.map { diagnostic in
          var copy = diagnostic
          if copy.location.path == Self.path { copy.location.path = moved }
          return copy
        })
  }

  @Test func tablesOfSeveralFilesAreNotStored() {
    var parse = RandomParse.make(seed: 3, path: "a.jsonl", rows: 3)
    parse.append(RandomParse.make(seed: 4, path: "b.jsonl", rows: 3))
    #expect(CacheEntry.encode(parse, key: Self.key, fingerprint: 1, path: "a.jsonl") == nil)
  }

  // MARK: - Damage

  static func entry(seed: UInt64 = 11, rows: Int = 6) -> [UInt8] {
    let parse = RandomParse.make(seed: seed, path: path, rows: rows, diagnosticCount: 2)
    return CacheEntry.encode(parse, key: key, fingerprint: 1, path: path)!
  }

  static func decodes(_ bytes: [UInt8]) -> Bool {
    (try? bytes.withUnsafeBytes { raw in try CacheEntry.decode(raw, path: path) }) != nil
  }

  @Test func everyTruncationIsRefused() {
    let bytes = Self.entry()
    #expect(Self.decodes(bytes))
    for length in 0..<bytes.count {
      #expect(!Self.decodes(Array(bytes[..<length])), "\(length) of \(bytes.count) bytes")
    }
    #expect(!Self.decodes(bytes + [0]))
  }

  @Test func everyFlippedBitIsRefused() {
    let bytes = Self.entry()
    for index in bytes.indices {
      for bit in [0, 3, 7] {
        var damaged = bytes
        damaged[index] ^= UInt8(1 << bit)
        #expect(!Self.decodes(damaged), "byte \(index) bit \(bit)")
      }
    }
  }

  @Test func garbageIsRefused() {
    var random = SplitMix64(seed: 99)
    for length in [0, 1, 8, 16, 71, 72, 73, 200, 5000] {
      for _ in 0..<20 {
        var bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
        #expect(!Self.decodes(bytes))
        if length >= 8 {
          bytes.replaceSubrange(0..<8, with: CacheEntry.magic)
          #expect(!Self.decodes(bytes))
        }
      }
    }
  }

  /// The checksum written again over a modified entry, to reach the checks behind it.
  static func resigned(_ bytes: [UInt8]) -> [UInt8] {
    var copy = bytes
    let checksum = ContentHash.hash(Array(bytes[16...]))
    withUnsafeBytes(of: checksum.littleEndian) { raw in
      for index in 0..<8 { copy[8 + index] = raw[index] }
    }
    return copy
  }

  /// Where the table block starts in `entry()`: after the header, the path and the diagnostics.
  static func tableOffset(_ bytes: [UInt8]) throws -> Int {
    let header = try bytes.withUnsafeBytes { raw in try CacheEntry.header(raw) }
    var reader = CacheReader(UnsafeRawBufferPointer(start: nil, count: 0))
    return try bytes.withUnsafeBytes { raw in
      reader = CacheReader(raw, offset: header.blocksOffset)
      _ = try Diagnostic.decodeFromCache(&reader, path: path)
      return reader.offset
    }
  }

  @Test func impossibleRowCountsAreRefusedBeforeAllocating() throws {
    let bytes = Self.entry()
    #expect(Self.decodes(Self.resigned(bytes)))
    let rowCountOffset = try Self.tableOffset(bytes) + 1
    for count: UInt64 in [7, 5, 1 << 21, 1 << 40, UInt64.max] {
      var damaged = bytes
      withUnsafeBytes(of: count.littleEndian) { raw in
        for index in 0..<8 { damaged[rowCountOffset + index] = raw[index] }
      }
      #expect(!Self.decodes(Self.resigned(damaged)), "\(count) rows")
    }
  }

  /// Tables whose codes or offsets point outside what they index: encoded as they are (the writer
  /// trusts its table), refused when read although the checksum is right.
  @Test(arguments: ["food", "unit", "ingredient", "meal", "micronutrient", "microRow", "order", "arena"])
  func inconsistentTablesAreRefused(flaw: String) throws {
    var parse = RandomParse.make(seed: 21, path: Self.path, rows: 8)
    var table = parse.table
    if ["micronutrient", "microRow", "order"].contains(flaw) {
      try #require(Set(table.micronutrientRow).count > 1)
    }
    switch flaw {
    case "food": table.foodNameCode[2] = Int32(table.foodNames.count)
    case "unit": table.unitCode[0] = -1
    case "ingredient": table.ingredientCode[1] = -2
    case "meal": table.mealCode[3] = Int32(table.meals.count) + 5
    case "micronutrient": table.micronutrientNameCode = table.micronutrientNameCode.map { _ in 99 }
    case "microRow": table.micronutrientRow = table.micronutrientRow.map { _ in 8 }
    case "order": table.micronutrientRow = Array(table.micronutrientRow.reversed())
    default: table.rawDescriptions = StringArena(bytes: Array("abc".utf8), ends: [2, 1, 3, 3, 3, 3, 3, 3])
    }
    parse.table = table
    let bytes = try #require(CacheEntry.encode(parse, key: Self.key, fingerprint: 1, path: Self.path))
    #expect(!Self.decodes(bytes))
  }
}

/// Random one-file parse results: every column, Unicode strings, optional fields, micronutrients and
/// diagnostics in and outside the file.
enum RandomParse {
  static let strings = [
    "", "egg", "scrambled eggs", "crème brûlée", "寿司", "pizza 🍕", "\"quoted\" \\ back", "tab\there",
    "line\nbreak", "\u{1b}[31m", String(repeating: "long ", count: 60),
  ]

  static func make(seed: UInt64, path: String, rows: Int? = nil, diagnosticCount: Int? = nil) -> DayFileParse
  {
    var random = SplitMix64(seed: seed)
    func pick(_ values: [String]) -> String { values[random.below(values.count)] }
    func amount(_ limit: Int64) -> FixedDecimal {
      FixedDecimal(billionths: Int64.random(in: 0...limit, using: &random))
    }
    func maybe<T>(_ make: () -> T) -> T? { random.below(2) == 0 ? nil : make() }
    var parse = DayFileParse()
    let count = rows ?? random.below(5) * random.below(12)
    if count > 0 || random.below(2) == 0 { parse.table.beginFile(path) }
    for line in 0..<count {
      let timestamp = Timestamp(
        localDate: CivilDate(dayNumber: 20_000 + random.below(30)), secondOfDay: random.below(86_400),
        utcOffsetSeconds: maybe { (random.below(57) - 28) * 1800 })
      let micronutrients = (0..<random.below(4)).map { index in
        MicronutrientAmount(
          name: ["sodium_mg", "iron_mg", "vitamin_c_mg"][index], amount: amount(900_000_000_000))
      }
      parse.table.append(
        TableRow(
          timestamp: timestamp, id: random.below(3) == 0 ? pick(strings) : "id-\(random.next())",
          rawDescription: pick(strings), foodName: pick(strings), quantity: amount(1 << 40),
          unit: pick(strings),
          calories: amount(1 << 45), protein: amount(1 << 40), carbohydrates: amount(1 << 40),
          fat: amount(1 << 40),
          fiber: maybe { amount(1 << 35) }, sugar: maybe { amount(1 << 35) },
          confidence: amount(1_000_000_000),
          matchedIngredientID: maybe { pick(["usda-sr-01132", "usda-sr-09003", ""]) },
          meal: maybe { pick(["breakfast", "lunch", "dinner", "snack"]) }, micronutrients: micronutrients,
          line: line * 2 + 1))
    }
    for _ in 0..<(diagnosticCount ?? random.below(5)) {
      parse.diagnostics.append(
        Diagnostic(
          random.below(2) == 0 ? .error : .warning,
          SourceLocation(
            path: random.below(4) == 0 ? "/elsewhere/other.jsonl" : path, line: random.below(500),
            column: random.below(300)),
          pick(strings), lineText: maybe { pick(strings) }))
    }
    parse.skippedLines = random.below(4)
    return parse
  }
}
