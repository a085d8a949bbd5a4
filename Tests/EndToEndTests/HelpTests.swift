import Testing

/// Help screens (manual: command-line): every command has help that lists every option it accepts.
@Suite struct HelpTests {
  static let reportOptions = [
    "--journal", "--sample", "--today", "--tz", "--week-start", "--strict", "--quiet", "--format", "--from",
    "--to",
    "--low-confidence", "--high-confidence", "--decimals", "--output", "--template", "--no-color", "--help",
    "--goal-calories", "--goal-protein", "--goal-carbohydrates", "--goal-fat", "--no-cache",
    "--plugin-timeout", "--digest", "--review",
  ]
  static let outputOptions = [
    "--format", "--output", "--template", "--decimals", "--no-color", "--plugin-timeout",
  ]
  /// Bucket reports list entries to review (`--limit`); `compare` takes two periods, not --from/--to.
  static let profileOptions = ["--sex", "--age", "--pregnant", "--lactating", "--activity"]
  static let bucketOptions = reportOptions + ["--limit", "--journals"] + profileOptions
  /// The query and breakdown options of the period reports.
  static let split = ["--query", "--by", "--top"]

  static let knownOptions: [String: [String]] = [
    "day": bucketOptions + split, "week": bucketOptions + split, "month": bucketOptions + split,
    "year": bucketOptions + split, "range": bucketOptions + split, "entries": reportOptions + ["--query"],
    "ingredients": reportOptions + ["--query"], "nutrients": reportOptions + profileOptions + ["--journals"],
    "compare": reportOptions.filter { $0 != "--from" && $0 != "--to" } + split,
    "body": reportOptions.filter { $0 != "--digest" } + ["--window", "--journals"],
    "check": [
      "--journal", "--sample", "--today", "--tz", "--strict", "--quiet", "--no-cache", "--help", "--stdin-name",
      "--all",
    ]
      + outputOptions,
    "formats": ["--journal", "--help"],
    "recipe": ["--journal", "--help"],
    "plan": [
      "--journal", "--sample", "--today", "--tz", "--week-start", "--strict", "--quiet", "--no-cache",
      "--no-builtin", "--help",
    ] + outputOptions,
    "add": [
      "--journal", "--json", "--today", "--tz", "--quiet", "--help", "--ingredient", "--grams", "--portion",
      "--pick", "--recipe", "--servings", "--lock-timeout", "--weight", "--body-fat", "--waist",
    ]
      + fieldOptions,
    "edit": ["--journal", "--tz", "--quiet", "--help", "--lock-timeout"] + fieldOptions,
    "import": [
      "--journal", "--from", "--map", "--map-file", "--decimal-comma", "--dry-run", "--skip-bad", "--update",
      "--tz", "--unit", "--quiet",
      "--help", "--lock-timeout",
    ],
    "rm": ["--journal", "--quiet", "--help", "--lock-timeout"],
    "review": [
      "--journal", "--today", "--tz", "--quiet", "--no-cache", "--lock-timeout", "--list", "--accept", "--match",
      "--low-confidence", "--high-confidence", "--review", "--help",
    ],
    "fmt": ["--journal", "--check", "--upgrade", "--quiet", "--help", "--lock-timeout", "--stdin-name"],
  ]
  static let fieldOptions = [
    "--food", "--description", "--quantity", "--unit", "--calories", "--protein", "--carbs", "--fat",
    "--fiber",
    "--sugar", "--alcohol", "--confidence", "--meal", "--time", "--note",
  ]
  static let commands = [
    "day", "week", "month", "year", "range", "entries", "ingredients", "nutrients", "compare", "body", "check", "add",
    "import",
    "edit",
    "rm", "review", "fmt", "recipe", "plan", "formats",
  ]
  /// The commands that only read (the writing ones are tested on copies in `WritingTests`).
  static let readingCommands = [
    "day", "week", "month", "year", "range", "entries", "ingredients", "nutrients", "compare", "body", "check",
    "formats",
  ]

  /// Commands tested in their own suites (SampleCommandTests, DigestFileCommandTests,
  /// ManualTests, CompletionsTests, ManPageTests).
  static let otherCommands = ["sample", "digest", "merge", "spark-driver", "completions", "man"]

  /// The lines of a help section (`OPTIONS:`, `COMMANDS:`) up to the next blank line.
  static func section(_ title: String, of help: String) -> [String] {
    let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let start = lines.firstIndex(of: title) else { return [] }
    return Array(lines[(start + 1)...].prefix { !$0.isEmpty })
  }

  /// The long option names in the OPTIONS section, in order.
  static func options(in help: String) -> [String] {
    section("OPTIONS:", of: help).compactMap { line in
      line.firstMatch(of: /--[a-z][a-z-]*/).map { String($0.output) }
    }
  }

  @Test(arguments: [[], ["help"], ["--help"], ["-h"]])
  func overview(arguments: [String]) throws {
    let run = try ToolRun.run(arguments)
    #expect(run.status == 0)
    #expect(run.stderr == "")
    #expect(run.stdout.contains("USAGE: demeter-report <command>"))
    let listed = Self.section("COMMANDS:", of: run.stdout).compactMap {
      $0.split(separator: " ").first.map(String.init)
    }
    #expect(listed == Self.commands + Self.otherCommands)
    #expect(run.stdout.contains("Exit codes: 0 success, 1 journal errors, 2 usage error, 3 I/O"))
  }

  @Test(arguments: ["--version", "-V"])
  func version(flag: String) throws {
    let run = try ToolRun.run([flag])
    #expect(run.status == 0)
    #expect(run.stderr == "")
    #expect(run.stdout.wholeMatch(of: /demeter-report [0-9]+\.[0-9]+\.[0-9]+\n/) != nil)
  }

  @Test(arguments: commands)
  func commandHelpListsEveryOption(command: String) throws {
    let viaHelp = try ToolRun.run(["help", command])
    let viaFlag = try ToolRun.run([command, "--help"])
    let viaShortFlag = try ToolRun.run([command, "-h"])
    #expect(viaHelp.status == 0)
    #expect(viaFlag.status == 0)
    #expect(viaShortFlag.status == 0)
    #expect(viaHelp.stderr == "")
    #expect(viaFlag.stdout == viaHelp.stdout)
    #expect(viaShortFlag.stdout == viaHelp.stdout)
    #expect(viaHelp.stdout.hasPrefix("USAGE: demeter-report \(command)"))
    let listed = Self.options(in: viaHelp.stdout)
    #expect(listed.sorted() == Self.knownOptions[command]!.sorted())
    #expect(Set(listed).count == listed.count)
    #expect(viaHelp.stdout.contains("EXAMPLES:"))
    for example in Self.section("EXAMPLES:", of: viaHelp.stdout) where example.hasPrefix("  demeter-report ")
    {
      #expect(example.hasPrefix("  demeter-report \(command)"), "\(example)")
    }
  }

  @Test func helpWinsOverOtherArguments() throws {
    let run = try ToolRun.run(["week", "--journal", "/nonexistent", "--help"])
    #expect(run.status == 0)
    #expect(run.stdout.hasPrefix("USAGE: demeter-report week"))
  }

  /// Every option the help lists is accepted by the parser (none is "unknown").
  @Test(arguments: readingCommands)
  func everyListedOptionIsAccepted(command: String) throws {
    let help = try ToolRun.run(["help", command]).stdout
    let values = [
      "DIR": ToolRun.sampleJournal, "DATE": "2026-11-21", "ZONE": "UTC", "DAY": "monday", "FORMAT": "json",
      "C": "0.6", "KCAL": "2200", "GRAMS": "120", "Q": "meal:dinner",
      "N": "2", "SECONDS": "30", "DAYS": "28", "SEX": "female", "YEARS": "35", "LEVEL": "active", "DIMENSION": "meal",
    ]
    // Options whose placeholder (FILE) means different things.
    let optionValues = [
      "--output": "-", "--template": "Tests/Fixtures/templates/summary.txt.mustache",
      "--stdin-name": "2026-11-21.jsonl", "--journals": ToolRun.cohortJournals,
      "--digest": "Tests/Fixtures/sample-journal.digest", "--review": "unmatched",
    ]
    for line in Self.section("OPTIONS:", of: help) {
      guard let match = line.firstMatch(of: /(--[a-z][a-z-]*)(?: ([A-Z]+))?/), match.output.1 != "--help"
      else { continue }
      var arguments = [command, String(match.output.1)]
      if let placeholder = match.output.2 {
        let value = optionValues[String(match.output.1)] ?? values[String(placeholder)]
        arguments.append(try #require(value, "no sample value for \(placeholder)"))
      }
      if !["--journal", "--sample", "--digest"].contains(match.output.1) {
        arguments += ["--journal", ToolRun.sampleJournal]
      }
      let run = try ToolRun.run(arguments)
      #expect(!run.stderr.contains("unknown option"), "\(arguments): \(run.stderr)")
      // Accepted: either it runs (check --strict fails with 1 on the sample's warnings) or the usage
      // error is about the period, not the option.
      // (--stdin-name names the file given as '-', which this run does not give.)
      let periodProblem =
        run.stderr.contains("--from and --to go together") || run.stderr.contains("range needs a PERIOD")
        || run.stderr.contains("compare needs two periods")
        || run.stderr.contains("--stdin-name goes with '-'")
        // --top keeps the largest values of a split: it needs --by.
        || run.stderr.contains("give --by too")
        // Reports that need the journal itself say so when given a digest file.
        || run.stderr.contains("which a digest file does not hold")
      #expect(
        run.status == 0 || run.status == 1 || (run.status == 2 && periodProblem),
        "\(arguments): \(run.stderr)")
    }
  }
}
