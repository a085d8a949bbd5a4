@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// Flagged entries read out of a table (the reference model's lists).
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
