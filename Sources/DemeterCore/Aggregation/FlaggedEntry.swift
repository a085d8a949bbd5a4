/// Why an entry is listed for a reader to check.
public struct ReviewReasons: OptionSet, Sendable, Hashable, BitwiseCopyable {
  public let rawValue: UInt8

  public init(rawValue: UInt8) {
    self.rawValue = rawValue
  }

  /// Confidence below the low threshold.
  public static let lowConfidence = ReviewReasons(rawValue: 1 << 0)
  /// No ingredient in the database was matched.
  public static let noMatchedIngredient = ReviewReasons(rawValue: 1 << 1)
  /// Stated calories disagree with 4·protein + 4·carbohydrates + 9·fat + 7·alcohol beyond the tolerance.
  public static let energyMismatch = ReviewReasons(rawValue: 1 << 2)

  /// The reasons that put an entry on the needs-review list.
  public static let needsReview: ReviewReasons = [.lowConfidence, .noMatchedIngredient]
}

/// An entry listed for review (needs review, or energy inconsistent), with what a reader needs to find
/// and judge it. `reasons` holds every reason that applies, whichever list the entry is on.
///
/// Lists are sorted by date, time of day, id, then the remaining fields, so the order never depends on
/// the order of the table's rows. For the same reason `row` — where the entry sits in the table the
/// aggregate was computed from, to look up its source location — takes no part in `==` and hashing:
/// two aggregates of the same entries are equal however the rows were ordered or split into files.
public struct FlaggedEntry: Sendable, Hashable {
  /// Where the entry was read (column 1); not part of equality.
  public var location: SourceLocation
  public var id: String
  public var date: CivilDate
  /// Seconds after local midnight.
  public var secondOfDay: Int
  /// The timestamp's UTC offset, nil for wall-clock time.
  public var utcOffsetSeconds: Int?
  public var rawDescription: String
  public var foodName: String
  public var confidence: FixedDecimal
  public var calories: FixedDecimal
  /// 4·protein + 4·carbohydrates + 9·fat (kcal), what the stated calories are checked against
  /// with the alcohol's energy (`alcoholCalories(_:)`).
  public var macroCalories: FixedSum
  /// The entry's own alcohol in grams (its `alcohol_g` micronutrient), if it states any.
  public var alcohol: FixedDecimal?
  /// The id of the ingredient the entry was matched to, whose alcohol counts when it states none.
  public var ingredientID: String?
  public var reasons: ReviewReasons

  public static func == (a: FlaggedEntry, b: FlaggedEntry) -> Bool {
    a.id == b.id && a.date == b.date && a.secondOfDay == b.secondOfDay
      && a.utcOffsetSeconds == b.utcOffsetSeconds
      && a.rawDescription == b.rawDescription && a.foodName == b.foodName && a.confidence == b.confidence
      && a.calories == b.calories && a.macroCalories == b.macroCalories && a.alcohol == b.alcohol
      && a.ingredientID == b.ingredientID && a.reasons == b.reasons
  }

  /// 7 kcal per gram of the alcohol the energy check counts for this entry under `tolerance`: its
  /// own, else its matched ingredient's share of its calories, else none
  /// (`EnergyConsistencyTolerance`).
  public func alcoholCalories(_ tolerance: EnergyConsistencyTolerance) -> FixedSum {
    let grams = tolerance.alcohol(
      own: alcohol?.billionths, ingredientID: ingredientID, calories: calories.billionths)
    return FixedSum(billionths: Int128(EnergyConsistencyTolerance.alcoholKcalPerGram) * Int128(grams))
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(id)
    hasher.combine(date)
    hasher.combine(secondOfDay)
  }
}

// MARK: - Building sorted lists from table rows

extension FlaggedEntry {
  /// A flagged row before its strings are read.
  struct Candidate {
    var row: Int32
    var reasons: ReviewReasons
  }

  /// Sorts candidates into list order and reads the first `limit` of them (0: all) out of the table.
  /// Strings are only compared when date and time tie.
  /// - Complexity: O(k log k) comparisons for k candidates (O(k log limit) with a limit), plus the
  ///   strings of the kept entries.
  static func sortedList(_ candidates: [Candidate], limit: Int, table: EntryTable) -> [FlaggedEntry] {
    let kept = candidates.least(limit > 0 ? limit : candidates.count) { a, b in precedes(a, b, in: table) }
    return kept.map { FlaggedEntry(row: Int($0.row), in: table, reasons: $0.reasons) }
  }

  /// The entry on `row` of `table`, listed for `reasons`.
  init(row: Int, in table: EntryTable, reasons: ReviewReasons) {
    self.init(
      location: table.location(ofRow: row), id: table.ids[row],
      date: CivilDate(dayNumber: Int(table.day[row])),
      secondOfDay: Int(table.secondOfDay[row]),
      utcOffsetSeconds: table.utcOffset[row] == Int32.min ? nil : Int(table.utcOffset[row]),
      rawDescription: table.rawDescriptions[row], foodName: table.foodNames[table.foodNameCode[row]],
      confidence: FixedDecimal(billionths: table.confidence[row]),
      calories: FixedDecimal(billionths: table.amounts(of: .calories)[row]),
      macroCalories: FixedSum(billionths: Self.macroEnergy(ofRow: row, in: table)),
      alcohol: Self.ownAlcohol(ofRow: row, in: table).map(FixedDecimal.init(billionths:)),
      ingredientID: table.ingredientID(ofRow: row), reasons: reasons)
  }

  /// The entry `row`, listed for `reasons` (located at its line, column 1, of no file).
  init(_ row: TableRow, reasons: ReviewReasons) {
    let timestamp = row.timestamp
    let amounts = row.amounts
    self.init(
      location: SourceLocation(path: "", line: row.line, column: 1), id: row.id, date: timestamp.localDate,
      secondOfDay: timestamp.secondOfDay, utcOffsetSeconds: timestamp.utcOffsetSeconds,
      rawDescription: row.rawDescription, foodName: row.foodName, confidence: row.confidence,
      calories: row.calories, macroCalories: FixedSum(billionths: amounts.macroEnergy),
      alcohol: row.micronutrients.first { $0.name == IngredientAlcohol.micronutrient }?.amount,
      ingredientID: row.matchedIngredientID, reasons: reasons)
  }

  /// The list order on values: date, time, id, offset, raw description, food, confidence, calories,
  /// macronutrient energy, own alcohol, ingredient, reasons.
  static func listOrder(_ a: FlaggedEntry, _ b: FlaggedEntry) -> Bool {
    if a.date != b.date { return a.date < b.date }
    if a.secondOfDay != b.secondOfDay { return a.secondOfDay < b.secondOfDay }
    if !a.id.utf8.elementsEqual(b.id.utf8) { return ExactArithmetic.precedes(a.id, b.id) }
    let (offsetA, offsetB) = (a.utcOffsetSeconds ?? Int(Int32.min), b.utcOffsetSeconds ?? Int(Int32.min))
    if offsetA != offsetB { return offsetA < offsetB }
    if !a.rawDescription.utf8.elementsEqual(b.rawDescription.utf8) {
      return ExactArithmetic.precedes(a.rawDescription, b.rawDescription)
    }
    if !a.foodName.utf8.elementsEqual(b.foodName.utf8) {
      return ExactArithmetic.precedes(a.foodName, b.foodName)
    }
    if a.confidence != b.confidence { return a.confidence < b.confidence }
    if a.calories != b.calories { return a.calories < b.calories }
    if a.macroCalories != b.macroCalories { return a.macroCalories < b.macroCalories }
    if a.alcohol != b.alcohol { return (a.alcohol?.billionths ?? -1) < (b.alcohol?.billionths ?? -1) }
    if a.ingredientID != b.ingredientID {
      return ExactArithmetic.precedes(a.ingredientID ?? "", b.ingredientID ?? "")
    }
    return a.reasons.rawValue < b.reasons.rawValue
  }

  /// The row's own alcohol (its `alcohol_g` micronutrient) in billionths of a gram, if it states any;
  /// the last one, as `EnergyConsistencyTolerance.alcoholByRow` takes it.
  /// - Complexity: O(log m + the row's micronutrients + micronutrient names) for m amounts.
  static func ownAlcohol(ofRow row: Int, in table: EntryTable) -> Int64? {
    guard let name = table.micronutrientNames.strings.firstIndex(of: IngredientAlcohol.micronutrient) else {
      return nil
    }
    let rows = table.micronutrientRow
    var low = rows.partitioningIndex { Int($0) >= row }
    var found: Int64?
    while low < rows.count, Int(rows[low]) == row {
      if table.micronutrientNameCode[low] == Int32(name) { found = table.micronutrientAmount[low] }
      low += 1
    }
    return found
  }

  /// 4·P + 4·C + 9·F of one row (`NutrientAmounts.macroEnergy`), in billionths of a kcal.
  static func macroEnergy(ofRow row: Int, in table: EntryTable) -> Int128 {
    table.amounts(ofRow: row).macroEnergy
  }

  /// The list order: a total order on the listed values (row positions excluded).
  private static func precedes(_ a: Candidate, _ b: Candidate, in table: EntryTable) -> Bool {
    let x = Int(a.row)
    let y = Int(b.row)
    if table.day[x] != table.day[y] { return table.day[x] < table.day[y] }
    if table.secondOfDay[x] != table.secondOfDay[y] { return table.secondOfDay[x] < table.secondOfDay[y] }
    let (idX, idY) = (table.ids[x], table.ids[y])
    if !idX.utf8.elementsEqual(idY.utf8) { return ExactArithmetic.precedes(idX, idY) }
    if table.utcOffset[x] != table.utcOffset[y] { return table.utcOffset[x] < table.utcOffset[y] }
    let (rawX, rawY) = (table.rawDescriptions[x], table.rawDescriptions[y])
    if !rawX.utf8.elementsEqual(rawY.utf8) { return ExactArithmetic.precedes(rawX, rawY) }
    let (foodX, foodY) = (table.foodNames[table.foodNameCode[x]], table.foodNames[table.foodNameCode[y]])
    if !foodX.utf8.elementsEqual(foodY.utf8) { return ExactArithmetic.precedes(foodX, foodY) }
    if table.confidence[x] != table.confidence[y] { return table.confidence[x] < table.confidence[y] }
    let calories = table.amounts(of: .calories)
    if calories[x] != calories[y] { return calories[x] < calories[y] }
    let (energyX, energyY) = (macroEnergy(ofRow: x, in: table), macroEnergy(ofRow: y, in: table))
    if energyX != energyY { return energyX < energyY }
    let (alcoholX, alcoholY) = (ownAlcohol(ofRow: x, in: table), ownAlcohol(ofRow: y, in: table))
    if alcoholX != alcoholY { return (alcoholX ?? -1) < (alcoholY ?? -1) }
    let (ingredientX, ingredientY) = (table.ingredientID(ofRow: x), table.ingredientID(ofRow: y))
    if ingredientX != ingredientY { return ExactArithmetic.precedes(ingredientX ?? "", ingredientY ?? "") }
    return a.reasons.rawValue < b.reasons.rawValue
  }
}
