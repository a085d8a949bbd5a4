import Testing

/// A misspelt subcommand of `ingredients`, `recipe` or `plan` gets a "did you mean" (manual:
/// command-line; `Command.attaching`), and a period that is near a subcommand's name stays a period.
@Suite struct SubcommandSuggestionTests {
  @Test(arguments: [
    (["ingredients", "serch", "egg"], "ingredients", "serch", "search"),
    (["ingredients", "popluar"], "ingredients", "popluar", "popular"),
    (["plan", "shoping", "2026-W48"], "plan", "shoping", "shopping"),
    (["plan", "sho"], "plan", "sho", "show"),
    (["recipe", "serch", "oat"], "recipe", "serch", "search"),
  ])
  func aMisspeltSubcommandNamesTheOneMeant(arguments: [String], parent: String, word: String, meant: String)
    throws
  {
    let run = try ToolRun.run(arguments + ["--journal", ToolRun.sampleJournal], binary: true)
    #expect(run.status == 2)
    #expect(
      run.stderr.hasPrefix(
        "demeter-report: error: unknown \(parent) subcommand '\(word)'; the subcommands are "))
    #expect(run.stderr.contains("; did you mean '\(meant)'?\n"), "\(run.stderr)")
    #expect(!run.stderr.contains("is not a period"))
  }

  /// `mar` is a letter or two from `rm`, but a period: the command itself runs.
  @Test func aPeriodNearASubcommandsNameIsAPeriod() throws {
    let run = try ToolRun.run([
      "ingredients", "mar", "--journal", ToolRun.sampleJournal, "--today", "2026-11-21",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("2026-03-01"), "\(run.stdout.prefix(300))")
  }

  /// `all` is a letter or two from `add`: a period whose command fails fails with its own error.
  @Test func aPeriodNearASubcommandsNameKeepsItsCommandsOwnError() throws {
    let run = try ToolRun.run(["ingredients", "all", "--journal", "/nonexistent/journal"])
    #expect(run.status == 3, "\(run.stderr)")
    #expect(!run.stderr.contains("subcommand"), "\(run.stderr)")
  }

  @Test func aWordFarFromEverySubcommandIsStillAPeriodError() throws {
    let run = try ToolRun.run(["ingredients", "fortnight", "--journal", ToolRun.sampleJournal])
    #expect(run.status == 2)
    #expect(run.stderr.contains("'fortnight' is not a period"), "\(run.stderr)")
  }
}
