import DemeterReporting
import Testing

/// `{query}` (manual: queries): the report's query in a form safe in a file name.
@Suite struct QueryPlaceholderTests {
  @Test(arguments: [
    ("food:chicken meal:dinner", "food-chicken_meal-dinner"),
    ("kcal:>=500", "kcal-gteq500"),
    ("-tag:x or (meal:lunch, dinner)", "tag-x_or_meal-lunch_dinner"),
    ("food:\"crème brûlée\"", "food-cr_me_br_l_e"),
    ("((( )))", "query"),
    ("..hidden", "hidden"),
  ])
  func keepsWhatAFileNameMayHold(_ query: String, _ safe: String) {
    #expect(OutputPlaceholders.fileNameSafe(query) == safe)
  }

  @Test func isCutToItsLongestAndIsAllWithoutAQuery() throws {
    let long = OutputPlaceholders.fileNameSafe(String(repeating: "food:a ", count: 40))
    #expect(long.count <= OutputPlaceholders.longestQuery && long.hasPrefix("food-a_food-a"))
    #expect(!long.hasSuffix("_") && !long.hasSuffix("-"))
    var values = OutputPlaceholders(kind: "week", periodFirst: "2026-11-16", weekLabel: "2026-W47")
    #expect(try OutputPath.expand("{week}-{query}.csv", values) == "2026-W47-all.csv")
    values.query = OutputPlaceholders.fileNameSafe("meal:dinner weekend")
    #expect(try OutputPath.expand("{week}-{query}.csv", values) == "2026-W47-meal-dinner_weekend.csv")
  }
}
