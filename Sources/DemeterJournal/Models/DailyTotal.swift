import DemeterFoundation

/// The entries of one calendar day and their totals (manual: journal).
///
/// Entries are kept sorted by wall-clock time, then by id, so equal sets of entries give equal values
/// whatever order they were added in. Totals are computed from the entries on each read: each value is
/// rounded to the nearest billionth (`FixedDecimal`) and summed exactly (`FixedSum`), so a total always
/// equals the sum of the entries and never depends on their order.
public struct DailyTotal: Sendable, Hashable, Identifiable {
  /// The day: the local date of every entry's timestamp.
  public let date: CivilDate
  /// The entries, sorted by time of day, then id.
  public private(set) var entries: [FoodEntry]

  /// An empty total for `date`.
  public init(date: CivilDate) {
    self.date = date
    self.entries = []
  }

  /// The total for `date` of `entries`, each added with `addEntry(_:)`.
  /// - Throws: the first error `addEntry(_:)` throws.
  public init(date: CivilDate, entries: [FoodEntry]) throws(ModelError) {
    self.init(date: date)
    for entry in entries {
      try addEntry(entry)
    }
  }

  /// The day as `YYYY-MM-DD`, which is also the total's id (one total per day).
  public var id: String { dateString }

  /// The day as `YYYY-MM-DD`, e.g. `2026-11-21`.
  public var dateString: String { date.description }

  /// The number of entries.
  public var entryCount: Int { entries.count }

  /// Whether the day has at least one entry.
  public var hasEntries: Bool { !entries.isEmpty }

  /// Sum of the entries' kcal. - Complexity: O(n).
  public var totalCalories: Double { Self.exactSum(of: entries.map(\.calories)).doubleValue }

  /// Sum of the entries' protein in grams. - Complexity: O(n).
  public var totalProtein: Double { Self.exactSum(of: entries.map(\.protein)).doubleValue }

  /// Sum of the entries' carbohydrates in grams. - Complexity: O(n).
  public var totalCarbohydrates: Double { Self.exactSum(of: entries.map(\.carbohydrates)).doubleValue }

  /// Sum of the entries' fat in grams. - Complexity: O(n).
  public var totalFat: Double { Self.exactSum(of: entries.map(\.fat)).doubleValue }

  /// The mean confidence of the entries, 0 when there are none. - Complexity: O(n).
  public var averageConfidence: Double {
    Self.exactSum(of: entries.map(\.confidence)).divided(by: entries.count)
  }
}

// MARK: - Changing entries

extension DailyTotal {
  /// Adds `entry` at its place in time order.
  /// - Throws: `ModelError.duplicateEntry` if an entry with its id is already there;
  ///   `ModelError.relationshipError` if its timestamp's local date is not `date`;
  ///   `ModelError.validationError` if it breaks a rule of the manual's `journal` topic or a value is too large to total
  ///   exactly (more than about 9.2 billion).
  /// - Complexity: O(n).
  public mutating func addEntry(_ entry: FoodEntry) throws(ModelError) {
    if containsEntry(withId: entry.id) {
      throw .duplicateEntry(entry.id)
    }
    if entry.timestamp.localDate != date {
      throw .relationshipError(
        "entry \"\(entry.id)\" is dated \(entry.timestamp.localDate) but this is the total for "
          + "\(dateString); add it to the total for \(entry.timestamp.localDate)")
    }
    do {
      try entry.validate()
    } catch {
      throw .validationError("entry \"\(entry.id)\": \(error.message)")
    }
    let fields =
      Nutrient.required.map { ($0.key, entry.nutrients[$0] ?? 0) } + [("confidence", entry.confidence)]
    for (field, value) in fields where Self.fixed(value) == nil {
      throw .validationError(
        "entry \"\(entry.id)\": \"\(field)\" is \(DecimalText.shortest(value)), too large to total "
          + "exactly (the largest is \(FixedDecimal.largest)); check the entry for a typo")
    }
    entries.insert(entry, at: insertionIndex(for: entry))
  }

  /// Removes and returns the entry with `id`, or returns nil if there is none.
  /// - Complexity: O(n).
  @discardableResult
  public mutating func removeEntry(withId id: String) -> FoodEntry? {
    guard let index = entries.firstIndex(where: { $0.id == id }) else { return nil }
    return entries.remove(at: index)
  }

  /// Whether an entry with `id` is in this day. - Complexity: O(n).
  public func containsEntry(withId id: String) -> Bool {
    entries.contains { $0.id == id }
  }

  /// The entry with `id`, if it is in this day. - Complexity: O(n).
  public func getEntry(withId id: String) -> FoodEntry? {
    entries.first { $0.id == id }
  }
}

// MARK: - Helpers

extension DailyTotal {
  /// The index after every entry ordered before `entry`, found by binary search. - Complexity: O(log n).
  private func insertionIndex(for entry: FoodEntry) -> Int {
    entries.partitioningIndex { Self.isOrdered(entry, before: $0) }
  }

  /// Time of day, then id: a total order, since ids are unique within a day.
  private static func isOrdered(_ a: FoodEntry, before b: FoodEntry) -> Bool {
    let left = (a.timestamp.secondOfDay, a.timestamp.nanosecond)
    let right = (b.timestamp.secondOfDay, b.timestamp.nanosecond)
    if left != right { return left < right }
    return a.id < b.id
  }

  /// `value` rounded to the nearest billionth (its shortest decimal text read exactly), or nil if it is
  /// not finite or out of `FixedDecimal`'s range.
  private static func fixed(_ value: Double) -> FixedDecimal? {
    guard value.isFinite else { return nil }
    switch FixedDecimal.read(jsonNumber: String(value)) {
    case .exact(let decimal), .rounded(let decimal): return decimal
    case .outOfRange: return nil
    }
  }

  /// The exact sum of `values`, each rounded to the nearest billionth.
  private static func exactSum(of values: [Double]) -> FixedSum {
    var sum = FixedSum()
    for value in values {
      guard let decimal = fixed(value) else {
        preconditionFailure("DailyTotal holds a value addEntry(_:) rejects: \(value)")
      }
      sum.add(decimal)
    }
    return sum
  }
}
