import Foundation
import Testing

/// Period reports of a query (manual: queries) from the command line, on copies of the sample
/// journal: `q or not:q` is the whole report, terms side by side in any order give the same
/// report, a second run from the query's cache is the bytes of `--no-cache` and leaves the report's
/// own cache as it was, at most `keptQueryIndexes` query caches are kept (the least recently used
/// removed), and the report says what it answered (headers, JSON, `{query}`, the note on stderr).
@Suite struct QueryReportTests {
  static func run(_ arguments: [String], journal: URL, cache: Bool = true) throws -> ToolRun {
    try ToolRun.run(
      arguments + ["--journal", journal.path, "--today", "2026-11-21"] + (cache ? [] : ["--no-cache"]),
      environment: CacheTests.environment)
  }

  static let queries = ["meal:dinner", "food:chicken", "kcal:>500 weekend", "conf:<0.85 or matched:no"]
  static let reports = [
    ["week", "all"], ["day", "all"], ["compare", "2026-W46", "2026-W47"], ["ingredients", "all"],
  ]

  @Test(arguments: queries)
  func aQueryOrItsOppositeIsTheWholeReport(_ query: String) throws {
    let (folder, journal) = try CacheTests.copy(ToolRun.sampleJournal)
    defer { try? FileManager.default.removeItem(at: folder) }
    let both = "\(query) or not:(\(query))"
    for report in Self.reports {
      for format in ["csv", "json"] {
        let whole = try Self.run(report + ["-f", format], journal: journal, cache: false)
        let asked = try Self.run(report + ["-f", format, "--query", both], journal: journal, cache: false)
        #expect(whole.status == 0 && asked.status == 0, "\(report) \(format): \(asked.stderr)")
        // JSON says what it answered, right after the period.
        var expected = whole.stdout
        if format == "json", let facts = expected.range(of: ",\"facts\":") {
          expected.replaceSubrange(facts, with: ",\"query\":\"\(both)\",\"facts\":")
        }
        #expect(asked.stdout == expected, "\(report) \(format) --query \(both)")
      }
    }
  }

  @Test func theOrderOfTermsSideBySideDoesNotMatter() throws {
    let (folder, journal) = try CacheTests.copy(ToolRun.sampleJournal)
    defer { try? FileManager.default.removeItem(at: folder) }
    for report in Self.reports {
      let one = try Self.run(report + ["-f", "csv", "--query", "meal:dinner kcal:>300"], journal: journal)
      let other = try Self.run(report + ["-f", "csv", "--query", "kcal:>300 meal:dinner"], journal: journal)
      #expect(one.status == 0 && one.stdout == other.stdout, "\(report)")
      #expect(one.stdout != (try Self.run(report + ["-f", "csv"], journal: journal)).stdout, "\(report)")
    }
  }

  static func cacheFiles(_ folder: URL) -> [String: Data] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    var files: [String: Data] = [:]
    for name in names where name.hasPrefix("digests-") {
      files[name] = try? Data(contentsOf: folder.appendingPathComponent(name))
    }
    return files
  }

  @Test(arguments: ["text", "json", "csv", "html"])
  func aSecondRunIsFromTheQueryCacheAndTheBytesOfNoCache(_ format: String) throws {
    let (folder, journal) = try CacheTests.copy(ToolRun.sampleJournal)
    defer { try? FileManager.default.removeItem(at: folder) }
    let cache = journal.appendingPathComponent(".demeter/cache")
    let queries = cache.appendingPathComponent("queries")
    _ = try Self.run(["week", "all", "-f", format], journal: journal)
    let reportCache = Self.cacheFiles(cache)
    #expect(reportCache.count == 1)
    let report = ["week", "all", "-f", format, "food:chicken", "meal:lunch,dinner"]
    let cold = try Self.run(report, journal: journal)
    #expect(Self.cacheFiles(queries).count == 1)
    let warm = try Self.run(report, journal: journal)
    let uncached = try Self.run(report, journal: journal, cache: false)
    #expect(cold.status == 0, "\(cold.stderr)")
    #expect(cold.stdout == uncached.stdout && warm.stdout == uncached.stdout)
    #expect(cold.stderr == uncached.stderr && warm.stderr == uncached.stderr)
    #expect(Self.cacheFiles(cache) == reportCache, "a query run leaves the report's own cache as it was")
    #expect(Self.cacheFiles(queries).count == 1)
  }

  @Test func atMostEightQueryCachesAreKeptTheLeastRecentlyUsedRemoved() throws {
    let (folder, journal) = try CacheTests.copy(ToolRun.sampleJournal)
    defer { try? FileManager.default.removeItem(at: folder) }
    let queries = journal.appendingPathComponent(".demeter/cache/queries")
    var made: [String] = []
    for calories in 1...8 {
      let before = Set(Self.cacheFiles(queries).keys)
      #expect(try Self.run(["week", "all", "-f", "csv", "kcal:>\(calories * 50)"], journal: journal).status == 0)
      let new = Set(Self.cacheFiles(queries).keys).subtracting(before)
      try #require(new.count == 1)
      made.append(new.first!)
    }
    // Used an hour apart, the first longest ago; then the first is used again.
    for (position, name) in made.enumerated() {
      try FileManager.default.setAttributes(
        [.modificationDate: Date().addingTimeInterval(Double(position - 10) * 3600)],
        ofItemAtPath: queries.appendingPathComponent(name).path)
    }
    #expect(try Self.run(["week", "all", "-f", "csv", "kcal:>50"], journal: journal).status == 0)
    #expect(try Self.run(["week", "all", "-f", "csv", "kcal:>900"], journal: journal).status == 0)
    let kept = Set(Self.cacheFiles(queries).keys)
    #expect(kept.count == 8)
    #expect(kept.contains(made[0]))
    #expect(!kept.contains(made[1]))
  }

  @Test func theReportSaysWhatItAnswered() throws {
    let (folder, journal) = try CacheTests.copy(ToolRun.sampleJournal)
    defer { try? FileManager.default.removeItem(at: folder) }
    let query = "meal:dinner weekend"
    let text = try Self.run(["week", "all", "meal:dinner", "weekend"], journal: journal)
    #expect(text.stdout.contains("Query: meal:dinner weekend\n"))
    let markdown = try Self.run(["week", "all", "-f", "markdown", "--query", query], journal: journal)
    #expect(markdown.stdout.contains("Query: meal:dinner weekend\n"))
    let html = try Self.run(["month", "all", "-f", "html", "--query", query], journal: journal)
    #expect(html.stdout.contains("<p>Query: <code>meal:dinner weekend</code></p>"))
    let json = try Self.run(["day", "all", "-f", "json", "--query", query], journal: journal)
    #expect(json.stdout.contains("\"query\":\"meal:dinner weekend\""))
    #expect(!(try Self.run(["day", "all", "-f", "json"], journal: journal)).stdout.contains("\"query\""))
    let output = folder.appendingPathComponent("weeks-{query}.csv").path
    #expect(try Self.run(["week", "all", "-o", output, "--query", query], journal: journal).status == 0)
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("weeks-meal-dinner_weekend.csv").path))
    let nothing = try Self.run(["week", "all", "food:nosuchfood"], journal: journal)
    #expect(nothing.status == 0)
    #expect(nothing.stderr.contains("note: the query 'food:nosuchfood' matches no entry"))
  }

  @Test func savedQueriesComeFromTheJournalsSettings() throws {
    let (folder, journal) = try CacheTests.copy(ToolRun.sampleJournal)
    defer { try? FileManager.default.removeItem(at: folder) }
    let settings = """
      {"queries": {"main": "meal:dinner or meal:lunch", "bigmain": "q:main kcal:>400",
        "loop": "meal:x q:loop2", "loop2": "q:loop"}}
      """
    try Data(settings.utf8).write(to: journal.appendingPathComponent(".demeter.json"))
    let saved = try Self.run(["week", "all", "-f", "csv", "q:bigmain"], journal: journal)
    let written = try Self.run(
      ["week", "all", "-f", "csv", "--query", "(meal:dinner or meal:lunch) kcal:>400"], journal: journal)
    #expect(saved.status == 0 && saved.stderr.isEmpty, "\(saved.stderr)")
    #expect(saved.stdout == written.stdout)
    let combined = try Self.run(["week", "all", "-f", "csv", "weekend", "q:main"], journal: journal)
    let combinedWritten = try Self.run(
      ["week", "all", "-f", "csv", "--query", "weekend (meal:dinner or meal:lunch)"], journal: journal)
    #expect(combined.stdout == combinedWritten.stdout)
    let loop = try Self.run(["week", "all", "q:loop"], journal: journal)
    #expect(loop.status == 2)
    #expect(loop.stderr.contains("the saved query 'loop' names itself: loop → loop2 → loop\n  q:loop\n  ^^^^^^"))
    let unknown = try Self.run(["week", "all", "q:mian"], journal: journal)
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains("no saved query 'mian' (did you mean 'q:main'?)"))
  }

  @Test func aDigestOfAQueryAnswersItAndDoesNotGoWithOthers() throws {
    let (folder, journal) = try CacheTests.copy(ToolRun.sampleJournal)
    defer { try? FileManager.default.removeItem(at: folder) }
    let dinners = folder.appendingPathComponent("dinners.digest").path
    let all = folder.appendingPathComponent("all.digest").path
    #expect(try Self.run(["digest", "--query", "meal:dinner", "-o", dinners], journal: journal).status == 0)
    #expect(try Self.run(["digest", "-o", all], journal: journal).status == 0)
    let fromJournal = try Self.run(["week", "all", "-f", "json", "meal:dinner"], journal: journal)
    let fromDigest = try ToolRun.run(["week", "all", "-f", "json", "--digest", dinners, "--today", "2026-11-21"])
    #expect(fromDigest.status == 0, "\(fromDigest.stderr)")
    #expect(fromDigest.stdout == fromJournal.stdout)
    let other = try ToolRun.run(["week", "all", "--digest", dinners, "kcal:>100"])
    #expect(other.status == 2)
    #expect(other.stderr.contains("query 'meal:dinner'"))
    let merged = folder.appendingPathComponent("merged.digest").path
    let merge = try ToolRun.run(["merge", all, dinners, "-o", merged])
    #expect(merge.status == 2)
    #expect(merge.stderr.contains("query"))
    let together = try ToolRun.run(["week", "all", "--digest", all, "--digest", dinners])
    #expect(together.status == 2)
  }
}
