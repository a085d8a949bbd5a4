import Testing

/// Query words after the period (manual: queries) on the commands that also have subcommands: a
/// period followed by query words is a report, not a misspelt subcommand.
@Suite struct QueryWordsTests {
  @Test func ingredientsTakesQueryWordsAfterThePeriod() throws {
    let words = try ToolRun.run(["ingredients", "all", "meal:dinner", "-f", "csv", "--sample"])
    let option = try ToolRun.run(["ingredients", "all", "--query", "meal:dinner", "-f", "csv", "--sample"])
    let whole = try ToolRun.run(["ingredients", "all", "-f", "csv", "--sample"])
    #expect(words.status == 0, "\(words.stderr)")
    #expect(words.stdout == option.stdout)
    #expect(words.stdout != whole.stdout)
    let misspelt = try ToolRun.run(["ingredients", "serch", "egg"])
    #expect(misspelt.status == 2)
    #expect(misspelt.stderr.contains("did you mean 'search'?"))
  }
}
