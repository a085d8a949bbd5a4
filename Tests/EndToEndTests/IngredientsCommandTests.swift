import Foundation
import Testing

/// `ingredients search|show|add|rm|import|popular|verified` through the built binary (manual: command-line):
/// output, files written and exit codes (0, 1 invalid data lines, 2 usage, 3 I/O).
@Suite struct IngredientsCommandTests {
  static let excerpt = ToolRun.fixtures.appendingPathComponent("ingredients-excerpt.jsonl")

  /// A copy of the sample journal whose ingredients.jsonl is the USDA excerpt; the caller removes
  /// `folder`.
  static func journalWithExcerpt() throws -> (folder: URL, journal: URL) {
    let copy = try ToolRun.copyOfSampleJournal()
    let database = copy.journal.appendingPathComponent("ingredients.jsonl")
    try FileManager.default.removeItem(at: database)
    try FileManager.default.copyItem(at: excerpt, to: database)
    return copy
  }

  static func database(_ journal: URL) throws -> Data {
    try Data(contentsOf: journal.appendingPathComponent("ingredients.jsonl"))
  }

  // MARK: search

  @Test func searchRanksAndAligns() throws {
    let copy = try Self.journalWithExcerpt()
    defer { try? FileManager.default.removeItem(at: copy.folder) }
    let butter = try ToolRun.run([
      "ingredients", "search", "butter", "--no-builtin", "--journal", copy.journal.path,
    ])
    #expect(butter.status == 0)
    #expect(butter.stderr == "")
    let lines = butter.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first == "ID             CATEGORY  KCAL  PROTEIN  CARBS   FAT  NAME")
    // "butter" as the whole leading part first, the shorter name first; "butter oil" has another word.
    #expect(lines.dropFirst().first == "usda-sr-01001  fat        717      0.9    0.1  81.1  butter, salted")
    #expect(lines.dropFirst(2).first?.hasSuffix("  butter, whipped, with salt") == true)
    #expect(lines.dropFirst(3).first?.hasSuffix("  butter oil, anhydrous") == true)
    #expect(lines.last == "(kcal and grams per 100 g)")
  }

  @Test func searchLimitCategoryAndAliases() throws {
    let copy = try Self.journalWithExcerpt()
    defer { try? FileManager.default.removeItem(at: copy.folder) }
    let journal = ["--journal", copy.journal.path, "--no-builtin"]
    let limited = try ToolRun.run(["ingredients", "search", "cheese", "--limit", "2"] + journal)
    #expect(limited.status == 0)
    #expect(limited.stdout.split(separator: "\n").count == 4)
    #expect(limited.stderr == "demeter-report: showing 2 of 22 matches; use --limit N for more\n")
    let quiet = try ToolRun.run(["ingredients", "search", "cheese", "--limit", "2", "-q"] + journal)
    #expect(quiet.stderr == "")
    let drinks = try ToolRun.run(["ingredients", "search", "soda", "--category", "beverage"] + journal)
    #expect(drinks.stdout.contains("usda-sr-14144"))
    let none = try ToolRun.run(["ingredients", "search", "soda", "--category", "dairy"] + journal)
    #expect(none.status == 0)
    #expect(none.stdout == "")
    #expect(none.stderr == "demeter-report: no ingredient matches 'soda' in category dairy\n")
    let alias = try ToolRun.run(["ingredients", "search", "hamburger"] + journal)
    #expect(alias.stdout.contains("usda-sr-23573"))
  }

  @Test(arguments: [
    ["search"], ["search", "egg", "--limit", "0"], ["search", "egg", "--category", "candy"],
    ["search", "egg", "--format", "nonesuch"], ["show"], ["rm"], ["show", "usda-sr-99999"],
    ["verified", "extra"],
    ["popular", "next fortnight"], ["add", "--id", "x"], ["import"],
  ])
  func usageErrorsExitWith2(arguments: [String]) throws {
    let run = try ToolRun.run(["ingredients"] + arguments + ["--journal", ToolRun.sampleJournal])
    #expect(run.status == 2, "\(arguments)")
    #expect(run.stdout == "")
    #expect(run.stderr.hasPrefix("demeter-report: error: "), "\(run.stderr)")
  }

  // MARK: show

  @Test func showListsEveryFieldPerServingAndPortions() throws {
    let copy = try Self.journalWithExcerpt()
    defer { try? FileManager.default.removeItem(at: copy.folder) }
    let run = try ToolRun.run(["ingredients", "show", "usda-sr-01001", "--journal", copy.journal.path])
    #expect(run.status == 0)
    #expect(run.stderr == "")
    let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.first == "Butter, salted")
    for expected in [
      "  id        usda-sr-01001", "  category  fat (Dairy and Egg Products)",
      "  source    usda (USDA SR28 NDB 01001)", "  status    verified",
      "  serving   5 g (1 pat (1\" sq, 1/3\" high))",
      "NUTRIENT               PER 100 G  PER SERVING (5 G)",
      "calories (kcal)              717                 36",
      "fat (g)                    81.11                4.1",
      "sodium_mg                    643              32.15",
      "PORTION                   GRAMS  KCAL", "1 tbsp                     14.2   102",
    ] {
      #expect(lines.contains(expected), "\(expected)")
    }
  }

  @Test func unknownIdSuggestsTheClosest() throws {
    let copy = try Self.journalWithExcerpt()
    defer { try? FileManager.default.removeItem(at: copy.folder) }
    let run = try ToolRun.run(["ingredients", "show", "usda-sr-0100", "--journal", copy.journal.path])
    #expect(run.status == 2)
    #expect(
      run.stderr.contains("no ingredient has the id or name 'usda-sr-0100'; did you mean 'usda-sr-01001'?"))
  }

  // MARK: add

  @Test func addAppendsOneLineAndKeepsTheRest() throws {
    let copy = try Self.journalWithExcerpt()
    defer { try? FileManager.default.removeItem(at: copy.folder) }
    let before = try Self.database(copy.journal)
    let run = try ToolRun.run([
      "ingredients", "add", "--id", "custom-granola", "--name", "granola, homemade", "--calories", "471",
      "--protein", "10", "--carbs", "64", "--fat", "20", "--category", "grain", "--serving-grams", "60",
      "--alias", "Muesli, granola", "--journal", copy.journal.path,
    ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.hasPrefix("added custom-granola (granola, homemade) to "))
    let after = try Self.database(copy.journal)
    #expect(after.prefix(before.count) == before)
    #expect(
      String(decoding: after.dropFirst(before.count), as: UTF8.self)
        == #"{"id":"custom-granola","name":"granola, homemade","aliases":["muesli","granola"],"#
        + #""caloriesPer100g":471,"proteinPer100g":10,"carbsPer100g":64,"fatPer100g":20,"#
        + #""commonServingSize":60,"commonServingUnit":"g","category":"grain","source":"custom","#
        + #""verificationStatus":"unverified","micronutrientsPer100g":{}}"# + "\n")
    let shown = try ToolRun.run(["ingredients", "show", "custom-granola", "--journal", copy.journal.path])
    #expect(shown.stdout.contains("calories (kcal)          471                 283"))
    let again = try ToolRun.run([
      "ingredients", "add", "--id", "custom-granola", "--name", "x", "--calories", "1", "--protein", "1",
      "--carbs", "1", "--fat", "1", "--category", "grain", "--journal", copy.journal.path,
    ])
    #expect(again.status == 2)
    #expect(again.stderr.contains("already exists"))
    #expect(try Self.database(copy.journal) == after)
  }

  @Test func addFromJSON() throws {
    let copy = try Self.journalWithExcerpt()
    defer { try? FileManager.default.removeItem(at: copy.folder) }
    let line =
      #"{"id":"custom-tea","name":"tea","caloriesPer100g":1,"proteinPer100g":0,"carbsPer100g":0.3,"#
      + #""fatPer100g":0,"category":"beverage"}"#
    let run = try ToolRun.run(["ingredients", "add", "--json", line, "--journal", copy.journal.path])
    #expect(run.status == 0, "\(run.stderr)")
    let search = try ToolRun.run(["ingredients", "search", "tea", "--journal", copy.journal.path])
    #expect(search.stdout.contains("custom-tea"))
  }

  @Test func invalidDataExitsWith1AndWritesNothing() throws {
    let copy = try Self.journalWithExcerpt()
    defer { try? FileManager.default.removeItem(at: copy.folder) }
    let before = try Self.database(copy.journal)
    let bad =
      #"{"id":"t","name":"tea","caloriesPer100g":-1,"proteinPer100g":0,"carbsPer100g":0,"fatPer100g":0,"#
        + #""category":"beverage"}"#
    let run = try ToolRun.run(["ingredients", "add", "--json", bad, "--journal", copy.journal.path])
    #expect(run.status == 1)
    #expect(run.stderr.hasPrefix(#"--json:1:1: error: "caloriesPer100g" must be a number ≥ 0, got -1"#))
    let negative = try ToolRun.run([
      "ingredients", "add", "--id", "t", "--name", "tea", "--calories", "-1", "--protein", "0", "--carbs",
      "0",
      "--fat", "0", "--category", "beverage", "--journal", copy.journal.path,
    ])
    #expect(negative.status == 2)
    #expect(negative.stderr.contains("--calories must be a number ≥ 0, got -1"))
    #expect(try Self.database(copy.journal) == before)
  }

  // MARK: import

  @Test func importAddsThenChangesNothing() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let first = try ToolRun.run(["ingredients", "import", Self.excerpt.path, "--journal", folder.path])
    #expect(first.status == 0)
    #expect(first.stdout.hasSuffix(": 50 added, 0 updated, 0 unchanged, 0 invalid lines\n"))
    #expect(try Self.database(folder) == Data(contentsOf: Self.excerpt))
    let second = try ToolRun.run(["ingredients", "import", Self.excerpt.path, "--journal", folder.path])
    #expect(second.stdout.hasSuffix(": 0 added, 0 updated, 50 unchanged, 0 invalid lines\n"))
    #expect(try Self.database(folder) == Data(contentsOf: Self.excerpt))
  }

  @Test func importLocatesBadLinesAndExitsWith1() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = folder.appendingPathComponent("more.jsonl")
    let good = try String(contentsOf: Self.excerpt, encoding: .utf8).split(separator: "\n").prefix(2)
    try (good.joined(separator: "\n") + "\n{\"id\":\"x\"\n").write(
      to: source, atomically: true, encoding: .utf8)
    let run = try ToolRun.run(["ingredients", "import", source.path, "--journal", folder.path])
    #expect(run.status == 1)
    #expect(run.stderr.hasPrefix(source.path + ":3:"))
    #expect(run.stdout.hasSuffix(": 2 added, 0 updated, 0 unchanged, 1 invalid line\n"))
  }

  @Test func importOfAMissingFileIsAnIOError() throws {
    let run = try ToolRun.run([
      "ingredients", "import", "/nonexistent/x.jsonl", "--journal", ToolRun.sampleJournal,
    ])
    #expect(run.status == 3)
    #expect(run.stderr.contains("cannot read '/nonexistent/x.jsonl'"))
  }

  // MARK: popular and verified

  @Test func popularCountsEntries() throws {
    let run = try ToolRun.run(["ingredients", "popular", "--limit", "3", "--journal", ToolRun.sampleJournal])
    #expect(run.status == 0)
    #expect(
      run.stdout == """
        #  ENTRIES  KCAL  ID          NAME
        1       11  2750  food-97534  sashimi
        2       10  2945  food-01038  granola bar
        3        9   990  food-09199  fried egg

        """)
    let month = try ToolRun.run([
      "ingredients", "popular", "2026-11", "--limit", "1", "--journal", ToolRun.sampleJournal,
    ])
    #expect(month.stdout.contains("1       10  2550  food-97534  sashimi"))
  }

  @Test func verifiedListsVerifiedOnly() throws {
    let run = try ToolRun.run(["ingredients", "verified", "--journal", ToolRun.sampleJournal])
    #expect(run.status == 0)
    let rows = run.stdout.split(separator: "\n").dropFirst().dropLast()
    #expect(!rows.isEmpty)
    #expect(!run.stdout.contains("food-01001"))  // unverified in the sample journal
    #expect(run.stdout.contains("food-05100"))
  }

  // MARK: dispatch

  /// `ingredients [PERIOD]` is still the usage report; a subcommand after options still runs.
  @Test func reportAndSubcommandsShareTheName() throws {
    let report = try ToolRun.run(["ingredients", "all", "-f", "csv", "--journal", ToolRun.sampleJournal])
    #expect(report.status == 0)
    #expect(report.stdout.contains("food-97534"))
    let afterOptions = try ToolRun.run(["ingredients", "--journal", ToolRun.sampleJournal, "verified"])
    let direct = try ToolRun.run(["ingredients", "verified", "--journal", ToolRun.sampleJournal])
    #expect(afterOptions.status == 0)
    #expect(afterOptions.stdout == direct.stdout)
    let help = try ToolRun.run(["help", "ingredients"])
    for name in ["search", "show", "add", "import", "popular", "verified"] {
      #expect(help.stdout.contains("\n  \(name) "), "\(name)")
      let own = try ToolRun.run(["ingredients", name, "--help"])
      #expect(own.status == 0)
      #expect(own.stdout.hasPrefix("USAGE: demeter-report ingredients \(name)"))
      #expect(try ToolRun.run(["help", "ingredients", name]).stdout == own.stdout)
    }
  }

  /// Names and ids from the database reach the terminal with control characters made visible.
  @Test func databaseStringsAreTerminalSafe() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let line =
      #"{"id":"evil","name":"evil\u001b[31m red","caloriesPer100g":1,"proteinPer100g":0,"carbsPer100g":0,"#
      + #""fatPer100g":0,"category":"snack"}"#
    try (line + "\n").write(
      to: folder.appendingPathComponent("ingredients.jsonl"), atomically: true, encoding: .utf8)
    for arguments in [["search", "evil"], ["show", "evil"]] {
      let run = try ToolRun.run(["ingredients"] + arguments + ["--journal", folder.path])
      #expect(run.status == 0)
      #expect(!run.stdout.contains("\u{1B}"))
      #expect(run.stdout.contains("vil\\u{1b}[31m red"))
    }
  }
}
