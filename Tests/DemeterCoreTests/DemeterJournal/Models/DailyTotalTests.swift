import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

extension ModelTests {
  @Suite struct DailyTotalTests {
    typealias Fixture = ModelFixtures

    static func entry(
      _ id: String, at hour: Int, _ minute: Int = 0, calories: Double = 100, protein: Double = 1,
      carbohydrates: Double = 2, fat: Double = 3, confidence: Double = 0.5, on date: CivilDate = Fixture.day
    ) throws -> FoodEntry {
      try Fixture.entry(
        id: id, timestamp: Fixture.timestamp(hour, minute, on: date), calories: calories, protein: protein,
        carbohydrates: carbohydrates, fat: fat, confidence: confidence)
    }

    @Test func emptyTotal() {
      let total = DailyTotal(date: Fixture.day)
      #expect(total.dateString == "2026-11-21")
      #expect(total.id == "2026-11-21")
      #expect(!total.hasEntries)
      #expect(total.entryCount == 0)
      #expect(total.entries.isEmpty)
      #expect(total.totalCalories == 0)
      #expect(total.totalProtein == 0)
      #expect(total.totalCarbohydrates == 0)
      #expect(total.totalFat == 0)
      #expect(total.averageConfidence == 0)
    }

    @Test func totalsAreTheSumOfEntries() throws {
      var total = DailyTotal(date: Fixture.day)
      try total.addEntry(
        Self.entry("b", at: 12, calories: 182, protein: 12.2, carbohydrates: 2, fat: 13.4, confidence: 0.92))
      try total.addEntry(
        Self.entry("a", at: 8, calories: 95.5, protein: 0.1, carbohydrates: 25.1, fat: 0.3, confidence: 0.6))
      #expect(total.hasEntries)
      #expect(total.entryCount == 2)
      #expect(total.totalCalories == 277.5)
      #expect(total.totalProtein == 12.3)
      #expect(total.totalCarbohydrates == 27.1)
      #expect(total.totalFat == 13.7)
      #expect(total.averageConfidence == 0.76)
    }

    @Test func decimalTotalsAreExact() throws {
      let total = try DailyTotal(
        date: Fixture.day,
        entries: [
          Self.entry("1", at: 7, calories: 0.1, protein: 0.1),
          Self.entry("2", at: 8, calories: 0.2, protein: 0.2),
          Self.entry("3", at: 9, calories: 0.3, protein: 0.3),
        ])
      // Plain Double addition gives 0.6000000000000001.
      #expect(total.totalCalories == 0.6)
      #expect(total.totalProtein == 0.6)
    }

    @Test func entriesAreSortedByTimeThenId() throws {
      var total = DailyTotal(date: Fixture.day)
      try total.addEntry(Self.entry("c", at: 12))
      try total.addEntry(Self.entry("z", at: 8))
      try total.addEntry(Self.entry("b", at: 12))
      try total.addEntry(Self.entry("a", at: 19, 30))
      try total.addEntry(Self.entry("d", at: 12))
      #expect(total.entries.map(\.id) == ["z", "b", "c", "d", "a"])
    }

    @Test func duplicateIdIsRejected() throws {
      var total = DailyTotal(date: Fixture.day)
      try total.addEntry(Self.entry("same", at: 8))
      #expect(throws: ModelError.duplicateEntry("same")) { try total.addEntry(Self.entry("same", at: 9)) }
      #expect(total.entryCount == 1)
      #expect(total.getEntry(withId: "same")?.timestamp.secondOfDay == 8 * 3600)
      #expect(
        ModelError.duplicateEntry("same").message
          == "an entry with id \"same\" already exists; give the new entry a fresh UUID, "
          + "or update the existing entry instead of adding it again")
    }

    @Test func entryOfAnotherDayIsRejected() throws {
      var total = DailyTotal(date: Fixture.day)
      let nextDay = Fixture.day.adding(days: 1)
      #expect(
        throws: ModelError.relationshipError(
          "entry \"late\" is dated 2026-11-22 but this is the total for 2026-11-21; "
            + "add it to the total for 2026-11-22")
      ) {
        try total.addEntry(Self.entry("late", at: 0, on: nextDay))
      }
      #expect(!total.hasEntries)
    }

    @Test func invalidEntryIsRejected() throws {
      var entry = try Self.entry("bad", at: 9)
      entry.quantity = 0
      var total = DailyTotal(date: Fixture.day)
      let error = #expect(throws: ModelError.self) { try total.addEntry(entry) }
      #expect(
        error?.message.hasPrefix("entry \"bad\": \"quantity\" must be a finite number greater than 0") == true
      )
      #expect(!total.hasEntries)
    }

    @Test func valueTooLargeToTotalIsRejected() throws {
      var total = DailyTotal(date: Fixture.day)
      #expect(
        throws: ModelError.validationError(
          "entry \"huge\": \"calories\" is 10000000000, too large to total exactly "
            + "(the largest is 9223372036.854775807); check the entry for a typo")
      ) {
        try total.addEntry(Self.entry("huge", at: 9, calories: 1e10))
      }
      try total.addEntry(Self.entry("big", at: 9, calories: 9e9))
      #expect(total.totalCalories == 9e9)
    }

    @Test func initializerRejectsTheFirstBadEntry() throws {
      #expect(throws: ModelError.duplicateEntry("x")) {
        try DailyTotal(date: Fixture.day, entries: [Self.entry("x", at: 8), Self.entry("x", at: 9)])
      }
    }

    @Test func removeContainsAndGet() throws {
      var total = try DailyTotal(
        date: Fixture.day,
        entries: [Self.entry("a", at: 8, calories: 100), Self.entry("b", at: 9, calories: 50)])
      #expect(total.containsEntry(withId: "a"))
      #expect(total.getEntry(withId: "b")?.calories == 50)
      #expect(total.getEntry(withId: "nope") == nil)
      let missing = total.removeEntry(withId: "nope")
      #expect(missing == nil)
      let removedA = total.removeEntry(withId: "a")
      #expect(removedA?.id == "a")
      #expect(!total.containsEntry(withId: "a"))
      #expect(total.totalCalories == 50)
      let removedB = total.removeEntry(withId: "b")
      #expect(removedB?.id == "b")
      #expect(!total.hasEntries)
      #expect(total.totalCalories == 0)
      #expect(total.averageConfidence == 0)
    }

    @Test(arguments: [1, 2, 3, 42, 2026] as [UInt64])
    func totalsEqualTheSumAfterAnyAddsAndRemoves(seed: UInt64) throws {
      var random = SplitMix64(seed: seed)
      var total = DailyTotal(date: Fixture.day)
      // Reference: entries by id, their values as whole hundredths.
      var reference: [String: (calories: Int, protein: Int, confidence: Int)] = [:]
      for step in 0..<400 {
        if !reference.isEmpty, random.next() % 3 == 0 {
          let id = reference.keys.sorted()[Int(random.next() % UInt64(reference.count))]
          let removed = total.removeEntry(withId: id)
          #expect(removed?.id == id)
          reference[id] = nil
        } else {
          let id = "e\(step)"
          let values = (
            calories: Int(random.next() % 200_000), protein: Int(random.next() % 10_000),
            confidence: Int(random.next() % 101)
          )
          try total.addEntry(
            Self.entry(
              id, at: Int(random.next() % 24), Int(random.next() % 60),
              calories: Double(values.calories) / 100,
              protein: Double(values.protein) / 100, confidence: Double(values.confidence) / 100))
          reference[id] = values
        }
        let calories = reference.values.reduce(0) { $0 + $1.calories }
        let protein = reference.values.reduce(0) { $0 + $1.protein }
        let confidence = reference.values.reduce(0) { $0 + $1.confidence }
        #expect(total.entryCount == reference.count)
        #expect(total.totalCalories == Double(calories) / 100)
        #expect(total.totalProtein == Double(protein) / 100)
        // The exact mean, correctly rounded: hundredths / (100 × count) in one division.
        let expectedConfidence = reference.isEmpty ? 0 : Double(confidence) / Double(100 * reference.count)
        #expect(total.averageConfidence == expectedConfidence)
        #expect(Set(total.entries.map(\.id)) == Set(reference.keys))
      }
    }

    @Test(arguments: [7, 8, 9] as [UInt64])
    func insertionOrderDoesNotMatter(seed: UInt64) throws {
      var random = SplitMix64(seed: seed)
      let entries = try (0..<60).map { index in
        try Self.entry(
          "id-\(index)", at: Int(random.next() % 24), Int(random.next() % 3),
          calories: Double(random.next() % 1_000_000) / 1000, protein: Double(random.next() % 10_000) / 7,
          carbohydrates: Double(random.next() % 10_000) / 3, fat: Double(random.next() % 10_000) / 9,
          confidence: Double(random.next() % 1001) / 1000)
      }
      let forward = try DailyTotal(date: Fixture.day, entries: entries)
      let backward = try DailyTotal(date: Fixture.day, entries: entries.reversed())
      let shuffled = try DailyTotal(date: Fixture.day, entries: entries.shuffled(using: &random))
      for other in [backward, shuffled] {
        #expect(other == forward)
        #expect(other.entries.map(\.id) == forward.entries.map(\.id))
        #expect(other.totalCalories.bitPattern == forward.totalCalories.bitPattern)
        #expect(other.totalProtein.bitPattern == forward.totalProtein.bitPattern)
        #expect(other.totalCarbohydrates.bitPattern == forward.totalCarbohydrates.bitPattern)
        #expect(other.totalFat.bitPattern == forward.totalFat.bitPattern)
        #expect(other.averageConfidence.bitPattern == forward.averageConfidence.bitPattern)
      }
    }
  }
}
