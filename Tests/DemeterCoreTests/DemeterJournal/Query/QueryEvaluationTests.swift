import Testing

@testable import DemeterCore
@testable import DemeterFoundation
@testable import DemeterJournal

@Suite struct QueryEvaluationTests {
  /// An entry of 2026-11-21 (a Saturday) at `time` (HH:MM).
  static func entry(
    _ food: String, time: String = "12:30", kcal: Int = 400, confidence: Int64 = 900_000_000,
    meal: String? = "lunch", ingredient: String? = nil, tags: [String] = [], note: String? = nil,
    sodium: Int? = nil, day: Int = 21, said: String? = nil,
    id: String = "5d40024b-bf6e-4287-b95a-5bd043069b53"
  ) -> ExportedEntry {
    let minutes = Int(time.prefix(2))! * 60 + Int(time.suffix(2))!
    let row = Entry(
      timestamp: Timestamp(
        localDate: CivilDate(year: 2026, month: 11, day: day)!, secondOfDay: minutes * 60, utcOffsetSeconds: 0
      ),
      id: id, rawDescription: said ?? food, foodName: food, quantity: FixedDecimal(1)!, unit: "serving",
      calories: FixedDecimal(kcal)!, protein: FixedDecimal(billionths: 30_500_000_000), carbohydrates: .zero,
      fat: .zero, confidence: FixedDecimal(billionths: confidence), matchedIngredientID: ingredient,
      meal: meal,
      micronutrients: sodium.map { [MicronutrientAmount(name: "sodium_mg", amount: FixedDecimal($0)!)] }
        ?? [],
      line: 1)
    return ExportedEntry(row: row, path: "2026-11-21.jsonl", tags: tags, note: note)
  }

  static func matches(_ query: String, _ entry: ExportedEntry) throws -> Bool {
    try AskedQuery(query).query.matches(entry)
  }

  @Test func textTermsFoldCaseAndNormalisation() throws {
    let entry = Self.entry(
      "Café au lait", meal: "breakfast", ingredient: "usda-14209", tags: ["Home", "Récolte"],
      note: "too SWEET",
      said: "a big café au lait")
    #expect(try Self.matches("food:CAFE\u{301}", entry))
    #expect(try Self.matches("food:\"^café au\"", entry))
    #expect(try !Self.matches("food:^au", entry))
    #expect(try Self.matches("desc:big", entry))
    #expect(try !Self.matches("food:big", entry))
    #expect(try Self.matches("note:sweet", entry))
    #expect(try !Self.matches("note:sweet", Self.entry("tea")))
    #expect(try Self.matches("meal:BREAKFAST", entry))
    #expect(try Self.matches("meal:lunch,breakfast", entry))
    #expect(try !Self.matches("meal:lunch", entry))
    #expect(try !Self.matches("meal:lunch", Self.entry("tea", meal: nil)))
    #expect(try Self.matches("tag:home", entry))
    #expect(try Self.matches("tag:re\u{301}colte", entry))
    #expect(try !Self.matches("tag:hom", entry))
    #expect(try Self.matches("ingredient:USDA-14209", entry))
    #expect(try Self.matches("matched:yes", entry))
    #expect(try Self.matches("matched:no", Self.entry("tea")))
    #expect(try Self.matches("id:5D40024B", entry))
    #expect(try !Self.matches("id:024b", entry))
  }

  @Test func numbersCompareExactly() throws {
    let entry = Self.entry("rice", kcal: 500, confidence: 600_000_000, sodium: 1000)
    #expect(try Self.matches("kcal:500", entry))
    #expect(try Self.matches("kcal:>=500 kcal:<=500", entry))
    #expect(try !Self.matches("kcal:>500", entry))
    #expect(try Self.matches("kcal:>499.999999999", entry))
    #expect(try Self.matches("protein:30.5", entry))
    #expect(try !Self.matches("protein:30.500000001", entry))
    #expect(try Self.matches("conf:>=0.6", entry))
    #expect(try !Self.matches("conf:<0.6", entry))
    #expect(try Self.matches("sodium_mg:1000", entry))
    #expect(try !Self.matches("sodium_mg:>1000", entry))
    // A micronutrient an entry does not state counts as 0, as in the totals; so does an optional nutrient.
    #expect(try Self.matches("sodium_mg:0 fiber:0", Self.entry("tea")))
  }

  @Test func datesAndTimes() throws {
    let saturday = Self.entry("toast", time: "23:59", day: 21)
    let monday = Self.entry("toast", time: "00:00", day: 23)
    #expect(try Self.matches("weekend", saturday))
    #expect(try !Self.matches("weekend", monday))
    #expect(try Self.matches("weekdays", monday))
    #expect(try Self.matches("weekday:mon,tue", monday))
    #expect(try Self.matches("weekday:saturday", saturday))
    #expect(try Self.matches("time:18:00-23:59", saturday))
    #expect(try !Self.matches("time:18:00-23:58", saturday))
    #expect(try Self.matches("time:22:00-01:00", monday))
    #expect(try Self.matches("time:22:00-01:00", saturday))
    #expect(try !Self.matches("time:01:00-22:00", monday))
  }

  @Test func aScannedEntryAndItsExportAnswerAlike() throws {
    let exported = Self.entry(
      "Chicken rice", kcal: 700, meal: "dinner", ingredient: "x-1", tags: ["restaurant"], note: "spicy",
      sodium: 1200)
    var strings: [UInt8] = []
    var scanned = ScannedEntry(decoded: exported.row, object: nil, strings: &strings)
    strings += "restaurant".utf8
    scanned.tags = [ByteSpan(inLine: false, range: (strings.count - 10)..<strings.count)]
    strings += "spicy".utf8
    scanned.note = ByteSpan(inLine: false, range: (strings.count - 5)..<strings.count)
    for query in [
      "food:chick", "desc:rice$", "note:SPICY", "meal:dinner", "tag:restaurant", "ingredient:x-1",
      "matched:yes",
      "conf:0.9", "kcal:>600", "sodium_mg:>1000", "weekend", "time:12:00-13:00", "id:5d4", "tag:home",
      "meal:lunch", "sodium_mg:<1000", "note:mild",
    ] {
      let asked = try AskedQuery(query).query
      let fromLine = strings.withUnsafeBufferPointer { decoded in
        asked.matches(&scanned, line: UnsafeBufferPointer(start: nil, count: 0), decoded: decoded)
      }
      #expect(fromLine == asked.matches(exported), "\(query)")
    }
  }
}

/// `q or not:q` is every entry, `q1 q2` the entries of `q2 q1`, and `-q` those `q` is not: random
/// queries over varied entries.
@Suite struct QueryPropertyTests {
  static let terms = [
    "food:rice", "food:^c", "desc:big", "note:s", "meal:dinner", "meal:lunch,snack", "tag:home", "tag:out",
    "ingredient:usda-1", "matched:yes", "matched:no", "conf:<0.6", "conf:>=0.9", "kcal:>500", "kcal:<=200",
    "protein:30.5", "fiber:0", "sodium_mg:>100", "weekend", "weekdays", "weekday:mon,fri", "time:18:00-23:59",
    "time:22:00-06:00", "id:5d",
  ]

  static var entries: [ExportedEntry] {
    var entries: [ExportedEntry] = []
    var random = SplitMix64(seed: 45)
    for index in 0..<60 {
      let foods = ["rice", "Chicken", "café", "bread", "curry rice"]
      entries.append(
        QueryEvaluationTests.entry(
          foods[index % foods.count],
          time: String(format2: Int(random.next() % 24)) + ":" + String(format2: Int(random.next() % 60)),
          kcal: Int(random.next() % 900), confidence: Int64(random.next() % 1_000_000_001),
          meal: ["dinner", "lunch", nil, "snack"][index % 4], ingredient: index % 3 == 0 ? "usda-1" : nil,
          tags: index % 5 == 0 ? ["home"] : index % 5 == 1 ? ["out", "home"] : [],
          note: index % 2 == 0 ? "salty" : nil, sodium: index % 4 == 0 ? Int(random.next() % 300) : nil,
          day: 16 + index % 7, said: index % 6 == 0 ? "a big one" : nil,
          id: index % 2 == 0 ? "5d40024b-bf6e-4287-b95a-5bd043069b53" : "a1b2c3d4-bf6e-4287-b95a-5bd043069b53"
        ))
    }
    return entries
  }

  static func randomQuery(_ random: inout SplitMix64, depth: Int = 0) -> String {
    let choice = depth > 2 ? 0 : random.next() % 4
    switch choice {
    case 1: return "(\(randomQuery(&random, depth: depth + 1)) or \(randomQuery(&random, depth: depth + 1)))"
    case 2: return "\(randomQuery(&random, depth: depth + 1)) \(randomQuery(&random, depth: depth + 1))"
    case 3: return "not:(\(randomQuery(&random, depth: depth + 1)))"
    default: return terms[Int(random.next() % UInt64(terms.count))]
    }
  }

  @Test func aQueryOrItsNegationIsEverythingAndAndCommutes() throws {
    let entries = Self.entries
    var random = SplitMix64(seed: 7)
    var partial = 0
    for _ in 0..<300 {
      let (first, second) = (Self.randomQuery(&random), Self.randomQuery(&random))
      let q = try AskedQuery(first).query
      let either = try AskedQuery("(\(first)) or not:(\(first))").query
      let negated = try AskedQuery("-(\(first))").query
      let both = try AskedQuery("(\(first)) (\(second))").query
      let swapped = try AskedQuery("(\(second)) (\(first))").query
      for entry in entries {
        #expect(either.matches(entry), "\(first)")
        #expect(negated.matches(entry) == !q.matches(entry), "\(first)")
        #expect(both.matches(entry) == swapped.matches(entry), "\(first) / \(second)")
      }
      let matched = entries.count { q.matches($0) }
      if matched > 0 && matched < entries.count { partial += 1 }
    }
    // Many of the random queries match some entries and not others.
    #expect(partial > 100)
  }
}

extension String {
  /// `value` in two digits.
  init(format2 value: Int) {
    self = value < 10 ? "0\(value)" : "\(value)"
  }
}
