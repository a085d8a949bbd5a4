import Foundation
import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// The caches of a journal's ingredient file and of its usage counts (`IngredientFileCache`,
/// `IngredientUsageCache`): used only for the file (or day files) exactly as they were, never when
/// damaged, and giving what reading afresh gives.
@Suite struct IngredientCacheTests {
  /// The excerpt with a custom food that has what the compact table cannot hold (tags, a usage
  /// count, a date, a micronutrient of its own).
  static func fileText() throws -> String {
    let custom =
      #"{"id":"custom-granola","name":"granola, homemade","aliases":["muesli"],"caloriesPer100g":471,"#
      + #""proteinPer100g":10,"carbsPer100g":64,"fatPer100g":20,"category":"grain","tags":["breakfast"],"#
      + #""usageCount":3,"lastUpdated":"2026-11-01","micronutrientsPer100g":{"choline_mg":12.5}}"#
    return try IngredientFixtures.excerptLines().joined(separator: "\n") + "\n" + custom + "\n"
  }

  /// Writes the journal's ingredient file, `age` seconds old (nil: just written).
  static func writeFile(_ journal: TemporaryJournal, _ text: String, age: TimeInterval? = 3600) throws {
    let path = journal.write(IngredientDatabase.fileName, text)
    if let age {
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSinceNow: -age)], ofItemAtPath: path)
    }
  }

  static func cachePath(_ journal: TemporaryJournal, _ name: String) -> String {
    journal.url(".demeter/cache/" + name)
  }

  /// What a catalog of the load finds for a few queries, each food in full.
  static func found(_ load: IngredientFileCache.Load) -> [[Ingredient]] {
    let catalog = IngredientCatalog(own: load.ingredients, ownIndex: load.index, builtIn: nil)
    return ["egg", "butter", "muesli", "granola", "chese", "milk whole"].map {
      catalog.search($0).matches.map(\.ingredient)
    }
  }

  /// What reading the file afresh gives.
  static func fresh(_ journal: TemporaryJournal) throws -> [[Ingredient]] {
    let database = try IngredientFile.read(journal.url(IngredientDatabase.fileName)).database
    return ["egg", "butter", "muesli", "granola", "chese", "milk whole"].map {
      IngredientCatalog(own: database, builtIn: nil).search($0).matches.map(\.ingredient)
    }
  }

  @Test func secondLoadComesFromTheCacheAndFindsTheSame() throws {
    let journal = TemporaryJournal()
    try Self.writeFile(journal, try Self.fileText())
    let first = try IngredientFileCache.load(journal: journal.path, usingCache: true)
    #expect(first.ingredients is IngredientDatabase)
    #expect(FileManager.default.fileExists(atPath: Self.cachePath(journal, "ingredients")))
    let second = try IngredientFileCache.load(journal: journal.path, usingCache: true)
    #expect(second.ingredients is IngredientTable)
    // `--no-cache` reads the file, not the cache.
    #expect(
      try IngredientFileCache.load(journal: journal.path, usingCache: false).ingredients is IngredientDatabase
    )
    #expect(second.diagnostics.isEmpty)
    let expected = try Self.fresh(journal)
    #expect(Self.found(first) == expected)
    #expect(Self.found(second) == expected)
    #expect(second.ingredients.ingredient(withID: "custom-granola")?.tags == ["breakfast"])
    #expect(!expected[2].isEmpty && !expected[4].isEmpty)
  }

  @Test(arguments: ["same size", "other size"])
  func changedFileGivesTheFreshResult(change: String) throws {
    let journal = TemporaryJournal()
    let text = try Self.fileText()
    try Self.writeFile(journal, text)
    _ = try IngredientFileCache.load(journal: journal.path, usingCache: true)
    let changed =
      change == "same size"
      ? text.replacingOccurrences(of: "granola, homemade", with: "granola, handmade")
      : text.replacingOccurrences(of: "granola, homemade", with: "granola, made at home")
    #expect(changed != text && (changed.utf8.count == text.utf8.count) == (change == "same size"))
    try Self.writeFile(journal, changed, age: 7200)
    let load = try IngredientFileCache.load(journal: journal.path, usingCache: true)
    #expect(Self.found(load) == (try Self.fresh(journal)))
    #expect(load.ingredients.ingredient(withID: "custom-granola")?.name != "granola, homemade")
  }

  @Test(arguments: ["truncate", "flip", "garbage", "empty", "compact form"])
  func damagedCacheIsIgnoredAndWrittenAgain(damage: String) throws {
    let journal = TemporaryJournal()
    try Self.writeFile(journal, try Self.fileText())
    _ = try IngredientFileCache.load(journal: journal.path, usingCache: true)
    let path = Self.cachePath(journal, "ingredients")
    var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    let good = bytes
    switch damage {
    case "truncate": bytes.removeLast(bytes.count / 3)
    case "flip": bytes[bytes.count * 2 / 3] ^= 0x20
    case "garbage": bytes = (0..<bytes.count).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    case "empty": bytes = []
    default:
      // A table of the compact form (never decoded from a journal's cache), under the right key.
      let newline = bytes.firstIndex(of: 0x0A)!
      let compact = Array(try IngredientTable.encode([try IngredientFixtures.custom("c1", "egg")]).utf8)
      let key = String(decoding: bytes[..<newline], as: UTF8.self).split(separator: "\t").dropLast().joined(
        separator: "\t")
      let hash = String(ContentHash.hash(compact), radix: 16)
      bytes = Array("\(key)\t\(hash)\n".utf8) + compact
    }
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let load = try IngredientFileCache.load(journal: journal.path, usingCache: true)
    #expect(load.ingredients is IngredientDatabase, "\(damage)")
    #expect(Self.found(load) == (try Self.fresh(journal)))
    #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == good, "\(damage): written again")
  }

  /// The cache file at `path` with its body replaced by `body`, under its own key and with the
  /// body's hash, so that only the table's own checks can refuse it.
  static func rewriteBody(_ path: String, _ body: (inout [UInt8]) -> Void) throws {
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    let newline = try #require(bytes.firstIndex(of: 0x0A))
    var rest = Array(bytes[(newline + 1)...])
    body(&rest)
    let key = String(decoding: bytes[..<newline], as: UTF8.self).split(separator: "\t").dropLast().joined(
      separator: "\t")
    let hash = String(ContentHash.hash(rest), radix: 16)
    try Data(Array("\(key)\t\(hash)\n".utf8) + rest).write(to: URL(fileURLWithPath: path))
  }

  /// A cache of the previous table format (its index as text lines), or a table whose index block
  /// is cut short, under the right key and hash: refused, read afresh and written again.
  @Test(arguments: ["previous version", "index cut short", "index length past the end"])
  func cacheOfAnotherFormatIsRebuilt(damage: String) throws {
    let journal = TemporaryJournal()
    try Self.writeFile(journal, try Self.fileText())
    _ = try IngredientFileCache.load(journal: journal.path, usingCache: true)
    let path = Self.cachePath(journal, "ingredients")
    let good = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    try Self.rewriteBody(path) { body in
      let headerEnd = body.firstIndex(of: 0x0A)!
      var fields = String(decoding: body[..<headerEnd], as: UTF8.self).split(
        separator: "\t", omittingEmptySubsequences: false
      )
      .map(String.init)
      switch damage {
      case "previous version": fields[0] = "demeter-ingredient-table 2 lines"
      case "index cut short": body.remove(at: headerEnd + 10)
      default: fields[4] = String(body.count)
      }
      body.replaceSubrange(..<headerEnd, with: Array(fields.joined(separator: "\t").utf8))
    }
    let load = try IngredientFileCache.load(journal: journal.path, usingCache: true)
    #expect(load.ingredients is IngredientDatabase, "\(damage)")
    #expect(Self.found(load) == (try Self.fresh(journal)))
    #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == good, "\(damage): written again")
  }

  /// A cache whose index block was changed under a matching hash (what only a deliberate edit makes)
  /// is refused when a number points outside the index, and otherwise searched, never read out of
  /// bounds: every byte of the block set to the largest digit and to a non-digit, in turn.
  @Test func changedIndexUnderAMatchingHashNeverCrashes() throws {
    let journal = TemporaryJournal()
    try Self.writeFile(journal, try Self.fileText())
    _ = try IngredientFileCache.load(journal: journal.path, usingCache: true)
    let path = Self.cachePath(journal, "ingredients")
    let good = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    let bodyStart = try #require(good.firstIndex(of: 0x0A)) + 1
    let headerEnd = try #require(good[bodyStart...].firstIndex(of: 0x0A)) - bodyStart
    let header = String(decoding: good[bodyStart..<(bodyStart + headerEnd)], as: UTF8.self)
    let blockLength = try #require(Int(header.split(separator: "\t", omittingEmptySubsequences: false)[4]))
    var refused = 0
    for offset in stride(from: 0, to: blockLength, by: max(1, blockLength / 150)) {
      for byte in [UInt8(ascii: "o"), UInt8(ascii: "!")] {
        try Data(good).write(to: URL(fileURLWithPath: path))
        try Self.rewriteBody(path) { $0[headerEnd + 1 + offset] = byte }
        let load = try IngredientFileCache.load(journal: journal.path, usingCache: true)
        if load.ingredients is IngredientDatabase { refused += 1 }
        _ = Self.found(load)
        for food in load.index.foods.indices { _ = load.ingredients.ingredient(at: food) }
      }
    }
    #expect(refused > 0)
  }

  @Test func cacheKeepsAnIndexOfTheLinesNotACopyOfThem() throws {
    let journal = TemporaryJournal()
    let text = try Self.fileText()
    try Self.writeFile(journal, text)
    _ = try IngredientFileCache.load(journal: journal.path, usingCache: true)
    let cache = try String(contentsOfFile: Self.cachePath(journal, "ingredients"), encoding: .utf8)
    #expect(cache.contains("\n" + IngredientTable.lineSignature + "\t"))
    #expect(!cache.contains("caloriesPer100g"), "no food's JSON is copied into the cache")
  }

  @Test func lineThatNoLongerHoldsItsFoodGivesNothing() throws {
    // Changed in place with its size, time and inode kept (what the key cannot see): the cache is
    // used, and a food whose line now holds another id is not served under either id.
    let journal = TemporaryJournal()
    let text = try Self.fileText()
    try Self.writeFile(journal, text)
    _ = try IngredientFileCache.load(journal: journal.path, usingCache: true)
    let path = journal.url(IngredientDatabase.fileName)
    let modified = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as! Date
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.write(
      contentsOf: Data(text.replacingOccurrences(of: "custom-granola", with: "custom-granolb").utf8))
    try handle.close()
    try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: path)
    let load = try IngredientFileCache.load(journal: journal.path, usingCache: true)
    #expect(load.ingredients is IngredientTable)
    #expect(load.ingredients.ingredient(withID: "custom-granola") == nil)
    #expect(load.ingredients.ingredient(withID: "custom-granolb") == nil)
    let catalog = IngredientCatalog(own: load.ingredients, ownIndex: load.index, builtIn: nil)
    #expect(catalog.search("granola").matches.isEmpty)
    #expect(!catalog.search("butter").matches.isEmpty, "the other foods' lines still hold them")
  }

  @Test func justWrittenInvalidOrUnwantedIsNotCached() throws {
    let journal = TemporaryJournal()
    try Self.writeFile(journal, try Self.fileText(), age: nil)
    _ = try IngredientFileCache.load(journal: journal.path, usingCache: true)
    #expect(!FileManager.default.fileExists(atPath: Self.cachePath(journal, "ingredients")), "just written")
    try Self.writeFile(journal, try Self.fileText())
    _ = try IngredientFileCache.load(journal: journal.path, usingCache: false)
    #expect(!FileManager.default.fileExists(atPath: Self.cachePath(journal, "ingredients")), "not wanted")
    try Self.writeFile(journal, try Self.fileText() + "{not json\n")
    let load = try IngredientFileCache.load(journal: journal.path, usingCache: true)
    #expect(load.diagnostics.count == 1)
    #expect(!FileManager.default.fileExists(atPath: Self.cachePath(journal, "ingredients")), "invalid line")
    #expect(try IngredientFileCache.load(journal: journal.path, usingCache: true).diagnostics.count == 1)
  }

  @Test func usageCountsAreKeptAndFollowTheDayFiles() throws {
    let journal = TemporaryJournal()
    let day = journal.url("2026-11-21.jsonl")
    func log(_ ids: [String], age: TimeInterval) throws {
      let lines = ids.enumerated().map { index, id in
        EntryLine(id: "6f0c9a52-3c1e-4a57-9a52-0d7f1d0e7b1\(index)").setting(
          "matchedIngredientID", "\"\(id)\""
        ).text
      }
      journal.write("2026-11-21.jsonl", lines: lines)
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSinceNow: -age)], ofItemAtPath: day)
    }
    try log(["a", "a", "b"], age: 3600)
    #expect(IngredientUsageCache.uses(journal: journal.path, usingCache: true) == ["a": 2, "b": 1])
    let cache = Self.cachePath(journal, "ingredient-usage")
    #expect(FileManager.default.fileExists(atPath: cache))
    #expect(IngredientUsageCache.uses(journal: journal.path, usingCache: true) == ["a": 2, "b": 1])
    // The same size, another time: counted again.
    try log(["b", "b", "a"], age: 7200)
    #expect(IngredientUsageCache.uses(journal: journal.path, usingCache: true) == ["a": 1, "b": 2])
    // Damaged counts are not believed.
    try Data("garbage\n".utf8).write(to: URL(fileURLWithPath: cache))
    #expect(IngredientUsageCache.uses(journal: journal.path, usingCache: true) == ["a": 1, "b": 2])
    // No digest index is written.
    let names = try FileManager.default.contentsOfDirectory(atPath: journal.url(".demeter/cache"))
    #expect(!names.contains { $0.hasPrefix("digests") })
  }
}
