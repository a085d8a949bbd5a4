import Testing

@testable import DemeterJournal

/// A query's canonical text (`Query.canonicalText`: what keys its cache and what a digest file
/// records) and saved queries (`q:NAME`, manual: queries).
@Suite struct QueryCanonicalTests {
  @Test(arguments: [
    ("meal:Dinner  weekend", "meal:dinner weekday:sat,sun"),
    ("kcal:>500 AND protein:30", "kcal:>500 protein:=30"),
    ("-(meal:snack or kcal:<100)", "not:(meal:snack or kcal:<100)"),
    ("time:22:00-02:00 id:AB", "time:22:00-02:00 id:ab"),
    ("food:\"ice cream\" or matched:no", "food:\"ice cream\" or matched:no"),
    ("(meal:lunch or meal:dinner) tag:Out", "(meal:lunch or meal:dinner) tag:out"),
    ("not:(meal:lunch tag:x) sodium_mg:<=100", "not:(meal:lunch tag:x) sodium_mg:<=100"),
    ("weekday:Saturday,mon conf:<0.6", "weekday:mon,sat conf:<0.6"),
    ("food:(rice|oats) or (desc:a note:b)", "food:\"(rice|oats)\" or desc:a note:b"),
  ])
  func readsOneWayAndReadsBackToItself(_ text: String, _ canonical: String) throws {
    let query = try QueryParser.parse(text)
    #expect(query.canonicalText == canonical)
    #expect(try QueryParser.parse(canonical).canonicalText == canonical)
  }

  @Test func aQuoteInAValueIsKeptThroughTheCanonicalText() throws {
    let query = try QueryParser.parse(#"food:"say \"hi\"""#)
    #expect(query.canonicalText == #"food:"say \"hi\"""#)
    #expect(try QueryParser.parse(query.canonicalText) == query)
  }

  static let saved = [
    "out": "tag:restaurant or tag:takeaway", "bigout": "q:out kcal:>400", "loop": "meal:x q:loop2",
    "loop2": "q:loop", "me": "q:me", "bad": "fod:x",
  ]

  @Test func aSavedQueryReadsAsItsQueryInParentheses() throws {
    let query = try QueryParser.parse("q:out meal:dinner", saved: Self.saved)
    #expect(query == (try QueryParser.parse("(tag:restaurant or tag:takeaway) meal:dinner")))
    #expect(query.canonicalText == "(tag:restaurant or tag:takeaway) meal:dinner")
    let nested = try QueryParser.parse("not:q:bigout", saved: Self.saved)
    #expect(nested.canonicalText == "not:((tag:restaurant or tag:takeaway) kcal:>400)")
    #expect(try AskedQuery("Q:out", saved: Self.saved).canonicalText == "tag:restaurant or tag:takeaway")
  }

  @Test func aSavedQueryNamingItselfIsLocatedAtItsName() {
    #expect {
      try QueryParser.parse("kcal:>1 q:loop", saved: Self.saved)
    } throws: { error in
      guard let error = error as? QueryError else { return false }
      return error.message == "the saved query 'loop' names itself: loop → loop2 → loop" && error.offset == 8
        && error.length == 6
    }
    #expect {
      try QueryParser.parse("q:me", saved: Self.saved)
    } throws: { error in
      (error as? QueryError)?.message == "the saved query 'me' names itself: me → me"
    }
  }

  @Test func anUnknownNameGetsDidYouMean() {
    #expect {
      try QueryParser.parse("meal:dinner q:ot", saved: Self.saved)
    } throws: { error in
      guard let error = error as? QueryError else { return false }
      return error.message.hasPrefix("no saved query 'ot' (did you mean 'q:out'?)") && error.offset == 12
    }
    #expect {
      try QueryParser.parse("q:out")
    } throws: { error in
      (error as? QueryError)?.message.contains("\"queries\"") == true
    }
  }

  @Test func aMistakeInsideASavedQueryNamesIt() {
    #expect {
      try QueryParser.parse("q:bad", saved: Self.saved)
    } throws: { error in
      guard let error = error as? QueryError else { return false }
      return error.message.hasPrefix("in the saved query 'bad' (fod:x): unknown field 'fod'") && error.offset == 0
    }
  }
}
