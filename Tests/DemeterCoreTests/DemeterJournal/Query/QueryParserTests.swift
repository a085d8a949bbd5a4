import Testing

@testable import DemeterFoundation
@testable import DemeterJournal

@Suite struct QueryParserTests {
  static func term(_ text: String) throws -> QueryTerm {
    guard case .term(let term) = try QueryParser.parse(text) else {
      Issue.record("'\(text)' is not one term")
      return .matched(true)
    }
    return term
  }

  static let dinner = Query.term(.oneOf(.meal, ["dinner"]))
  static let lunch = Query.term(.oneOf(.meal, ["lunch"]))
  static let restaurant = Query.term(.tag(["restaurant"]))

  @Test func wordsSideBySideAreAndOrBindsLooserNotTighter() throws {
    #expect(try QueryParser.parse("meal:dinner tag:restaurant") == .all([Self.dinner, Self.restaurant]))
    #expect(try QueryParser.parse("meal:dinner and tag:restaurant") == .all([Self.dinner, Self.restaurant]))
    #expect(
      try QueryParser.parse("meal:lunch or meal:dinner tag:restaurant")
        == .any([Self.lunch, .all([Self.dinner, Self.restaurant])]))
    #expect(
      try QueryParser.parse("(meal:lunch or meal:dinner) tag:restaurant")
        == .all([.any([Self.lunch, Self.dinner]), Self.restaurant]))
    #expect(try QueryParser.parse("-meal:lunch meal:dinner") == .all([.not(Self.lunch), Self.dinner]))
    #expect(try QueryParser.parse("not:meal:lunch OR meal:dinner") == .any([.not(Self.lunch), Self.dinner]))
    #expect(
      try QueryParser.parse("not:(meal:lunch or meal:dinner)") == .not(.any([Self.lunch, Self.dinner])))
    #expect(try QueryParser.parse("--meal:lunch") == .not(.not(Self.lunch)))
  }

  @Test func everyFieldReadsItsValue() throws {
    #expect(try Self.term("meal:Lunch,DINNER") == .oneOf(.meal, ["lunch", "dinner"]))
    #expect(try Self.term("tag:Restaurant") == .tag(["restaurant"]))
    #expect(try Self.term("ingredient:USDA-1") == .oneOf(.ingredient, ["usda-1"]))
    #expect(try Self.term("matched:no") == .matched(false))
    #expect(
      try Self.term("conf:<0.6")
        == .confidence(.init(comparison: .less, value: FixedDecimal(billionths: 600_000_000))))
    #expect(
      try Self.term("kcal:>=500")
        == .nutrient(ordinal: Nutrient.calories.ordinal, .init(comparison: .atLeast, value: FixedDecimal(500)!)))
    #expect(
      try Self.term("carbs:30")
        == .nutrient(ordinal: Nutrient.carbohydrates.ordinal, .init(comparison: .equal, value: FixedDecimal(30)!)))
    #expect(
      try Self.term("sugar:<=0.000000001")
        == .nutrient(ordinal: Nutrient.sugar.ordinal, .init(comparison: .atMost, value: FixedDecimal(billionths: 1))))
    #expect(
      try Self.term("sodium_mg:>1000")
        == .micronutrient(Array("sodium_mg".utf8), .init(comparison: .greater, value: FixedDecimal(1000)!)))
    #expect(try Self.term("weekday:sat,sunday") == .weekdays([6, 7]))
    #expect(try Self.term("weekend") == .weekdays([6, 7]))
    #expect(try Self.term("WEEKDAYS") == .weekdays([1, 2, 3, 4, 5]))
    #expect(try Self.term("time:18:00-23:59") == .time(first: 18 * 3600, last: 24 * 3600 - 1))
    #expect(try Self.term("time:07:30") == .time(first: 7 * 3600 + 1800, last: 7 * 3600 + 1859))
    #expect(try Self.term("id:5D40") == .idPrefix("5d40"))
    #expect(try Self.term("food:\"ice cream\"") == .pattern(.food, try FoldedPattern("ice cream")))
    #expect(try Self.term("food:(rice|beans)") == .pattern(.food, try FoldedPattern("(rice|beans)")))
  }

  @Test func aParenthesisAValueDidNotOpenEndsIt() throws {
    #expect(
      try QueryParser.parse("(food:(rice|beans) or meal:lunch)")
        == .any([.term(.pattern(.food, try FoldedPattern("(rice|beans)"))), Self.lunch]))
  }

  /// The problem, and the query text with carets under the part it is about.
  @Test(arguments: [
    ("fod:chicken", "did you mean 'food'?", "^^^"),
    ("meal:dinner protien:>30", "did you mean 'protein'?", "            ^^^^^^^"),
    ("weekends", "did you mean", "^^^^^^^^"),
    ("food:(chick", "'(' without ')'", "     ^"),
    ("food:a** meal:x", "a repeat of a repeat", "       ^"),
    ("kcal:>abc", "not a number", "      ^^^"),
    ("kcal:>1e3", "not a number", "      ^^^"),
    ("conf:<0.0000000001", "more than nine decimals", "      ^^^^^^^^^^^^"),
    ("weekday:sat,xyz", "not a weekday", "            ^^^"),
    ("time:25:00-26:00", "HH:MM-HH:MM", "     ^^^^^^^^^^^"),
    ("matched:maybe", "yes or no", "        ^^^^^"),
    ("(meal:dinner", "'(' without ')'", "^"),
    ("meal:dinner)", "')' without '('", "           ^"),
    ("meal:dinner or", "missing at the end", "              ^"),
    ("or meal:dinner", "missing", "^^"),
    ("- meal:dinner", "'-' needs a term", "^"),
    ("meal:", "needs a value", "^^^^^"),
    ("", "empty", "^"),
  ])
  func problemsAreLocatedWithCarets(query: String, message: String, carets: String) {
    #expect {
      try QueryParser.parse(query)
    } throws: { error in
      let error = error as! QueryError
      let lines = error.description.split(separator: "\n", omittingEmptySubsequences: false)
      return error.message.contains(message) && lines.count == 3 && lines[1] == "  \(query)"
        && lines[2] == "  \(carets)"
    }
  }

  @Test func everyFieldIsOfferedByDidYouMean() throws {
    for field in QueryField.allCases {
      #expect {
        try QueryParser.parse("\(field.rawValue)x:1")
      } throws: { error in
        (error as! QueryError).message.contains("did you mean '\(field.rawValue)'?")
      }
    }
  }
}
