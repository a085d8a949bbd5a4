import Foundation
import Testing

/// The digest cache and the journal's ingredient file: the energy check counts the alcohol of the
/// food an entry is matched to, so a change to that file (a food's alcohol share, of the same size
/// or not, just written or old, the file removed) gives the fresh report, whatever the cache holds.
@Suite struct CacheIngredientsTests {
  /// A glass of red wine matched to the journal's own food: 14 kcal of macronutrients in 125 kcal.
  static let entry =
    #"{"id":"00000000-0000-4000-8000-000000000001","timestamp":"2026-11-21T19:00:00Z","rawDescription":"","#
    + #""foodName":"red wine","quantity":1,"unit":"glass","calories":125,"protein":0.1,"carbohydrates":3.4,"#
    + #""fat":0,"confidence":0.9,"matchedIngredientID":"my-wine"}"#

  static func food(alcohol: String) -> String {
    #"{"id":"my-wine","name":"my red wine","caloriesPer100g":85,"proteinPer100g":0.07,"carbsPer100g":2.61,"#
      + #""fatPer100g":0,"category":"beverage","micronutrientsPer100g":{"alcohol_g":\#(alcohol)}}"# + "\n"
  }

  /// The JSON report's count of energy-inconsistent entries when the wine is flagged.
  static let flagged =
    #"{"value":"energy_inconsistent","display":"energy_inconsistent"},{"value":1,"display":"1"}"#

  @Test func changedIngredientFileGivesTheFreshResult() throws {
    let journal = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: journal) }
    try Data((Self.entry + "\n").utf8).write(to: journal.appendingPathComponent("2026-11-21.jsonl"))
    try CacheTests.age(journal)
    let ingredients = journal.appendingPathComponent("ingredients.jsonl")
    let report = ["day", "2026-11-21", "-f", "json"]
    func expectFresh(_ comment: String, flagged: Bool) throws {
      let reference = try CacheTests.run(report, journal: journal, cache: false)
      #expect(reference.status == 0, "\(comment): \(reference.stderr)")
      #expect(reference.stdout.contains(Self.flagged) == flagged, "\(comment)")
      #expect(try CacheTests.run(report, journal: journal) == reference, "\(comment), first run")
      #expect(try CacheTests.run(report, journal: journal) == reference, "\(comment), second run")
    }
    func write(alcohol: String, age: TimeInterval?) throws {
      try Data(Self.food(alcohol: alcohol).utf8).write(to: ingredients)
      if let age {
        try FileManager.default.setAttributes(
          [.modificationDate: Date(timeIntervalSinceNow: -age)], ofItemAtPath: ingredients.path)
      }
    }
    try expectFresh("no ingredient file", flagged: true)
    try write(alcohol: "10.6", age: 3600)
    try expectFresh("the wine's alcohol", flagged: false)
    // The same size, an older time: another alcohol share.
    try write(alcohol: "1.06", age: 7200)
    try expectFresh("less alcohol, same size", flagged: true)
    // The same size, just written (its time proves nothing yet).
    try write(alcohol: "10.6", age: nil)
    try expectFresh("the alcohol back, just written", flagged: false)
    try FileManager.default.removeItem(at: ingredients)
    try expectFresh("the file removed", flagged: true)
  }

  /// The usage counts that rank the foods a journal uses first are kept beside the digest cache (a
  /// warm search reads no day file, and writes no digest index): a search with the cache, cold or
  /// warm, lists what one without it does, and a day file changed since counts.
  @Test func searchRanksByUsageThroughTheCache() throws {
    let journal = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: journal) }
    /// The day file with one entry, matched to `id`.
    func log(_ id: String) throws {
      try Data((Self.entry.replacingOccurrences(of: "my-wine", with: id) + "\n").utf8).write(
        to: journal.appendingPathComponent("2026-11-21.jsonl"))
    }
    let search = ["ingredients", "search", "butter", "--limit", "3", "--journal", journal.path]
    /// The first food listed, the same with the cache (twice) as without.
    func first(_ comment: String) throws -> Substring {
      let reference = try ToolRun.run(search)
      #expect(reference.status == 0, "\(comment): \(reference.stderr)")
      for run in ["first", "second"] {
        let cached = try ToolRun.run(search, environment: CacheTests.environment)
        #expect(
          cached.stdout == reference.stdout && cached.stderr == reference.stderr, "\(comment), \(run) run")
      }
      return reference.stdout.split(separator: "\n")[1].prefix(13)
    }
    #expect(try first("no entries") == "usda-sr-01001")
    try log("usda-sr-01145")
    try CacheTests.age(journal)
    #expect(try first("unsalted butter used") == "usda-sr-01145")
    #expect(CacheTests.entries(journal).isEmpty)
    #expect(
      FileManager.default.fileExists(atPath: CacheTests.cacheFolder(journal).path + "/ingredient-usage"))
    try log("usda-sr-01002")
    #expect(try first("whipped butter used instead, just written") == "usda-sr-01002")
  }

  /// A search and a `show` leave every digest index as it was, so the report's index is still the
  /// one used, even when the journal already keeps as many indexes as it can (four settings): the
  /// report run again is warm (its index is not written again) and prints the same.
  /// On the binary: in one process, the report after the searches writes its index again (left to
  /// look into: whatever the searches load changes the report's cache key within a process).
  @Test func searchLeavesTheReportsIndexAlone() throws {
    let (folder, journal) = try CacheTests.copy(ToolRun.sampleJournal)
    defer { try? FileManager.default.removeItem(at: folder) }
    let ingredients = journal.appendingPathComponent("ingredients.jsonl")
    if FileManager.default.fileExists(atPath: ingredients.path) {
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: ingredients.path)
    }
    let report = ["week", "all", "-f", "csv"]
    let reference = try CacheTests.run(report, journal: journal, binary: true)
    try CacheTests.age(journal)
    for zone in ["+01:00", "+02:00", "+03:00"] {
      _ = try CacheTests.run(report + ["--tz", zone], journal: journal, binary: true)
    }
    _ = try CacheTests.run(report, journal: journal, binary: true)
    /// Each index file with its inode and modification time.
    func indexes() throws -> [String: [FileAttributeKey: AnyHashable]] {
      var found: [String: [FileAttributeKey: AnyHashable]] = [:]
      for entry in CacheTests.entries(journal) {
        let attributes = try FileManager.default.attributesOfItem(atPath: entry.path)
        found[entry.lastPathComponent] = [
          .systemFileNumber: attributes[.systemFileNumber] as? Int,
          .modificationDate: attributes[.modificationDate] as? Date,
        ]
      }
      return found
    }
    let before = try indexes()
    #expect(before.count == 4)
    for command in [
      ["ingredients", "search", "butter"], ["ingredients", "show", "butter"],
      ["ingredients", "search", "egg"],
    ] {
      let run = try ToolRun.run(command + ["--journal", journal.path], environment: CacheTests.environment, binary: true)
      #expect(run.status == 0, "\(run.stderr)")
      #expect(try indexes() == before, "\(command.joined(separator: " "))")
    }
    #expect(try CacheTests.run(report, journal: journal, binary: true) == reference)
    #expect(try indexes() == before, "the report again: warm")
  }
}
