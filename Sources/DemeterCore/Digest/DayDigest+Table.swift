extension DayDigest {
  /// The day digests of a table's rows, one per date, sorted by date; names are coded into `names`,
  /// flagged entries located in file number `file` + the row's `sourceFile`.
  /// - Parameter rowOffsets: the byte offset of each row's line in its file.
  /// - Complexity: O(n log n) for n rows.
  static func digests(
    of table: EntryTable, rowOffsets: [Int], file: Int32, names: inout StringDictionary, rules: DigestRules
  ) -> [DayDigest] {
    func coded(_ dictionary: StringDictionary) -> [Int32] { dictionary.strings.map { names.code(for: $0) } }
    let codes = DayDigestBuilder.Codes(
      foods: coded(table.foodNames), meals: coded(table.meals), ingredients: coded(table.ingredientIDs))
    let micronutrientCodes = coded(table.micronutrientNames)
    let nutrientColumns = Nutrient.all.map { table.amounts(of: $0) }
    var builders: [DayDigestBuilder] = []
    var builderOfDay: [Int32: Int] = [:]
    var builderOfRow = [Int32](repeating: 0, count: table.count)
    // A file's rows come in runs of one date: each run is added to its builder taken out of
    // `builders` (so it is mutated in place, without a lookup or a copy per row).
    var held = DayDigestBuilder(day: 0, rules: rules, codes: DayDigestBuilder.Codes())
    var runStart = 0
    while runStart < table.count {
      let day = table.day[runStart]
      var runEnd = runStart + 1
      while runEnd < table.count, table.day[runEnd] == day { runEnd += 1 }
      let index =
        builderOfDay[day]
        ?? {
          builders.append(DayDigestBuilder(day: day, rules: rules, codes: codes))
          builderOfDay[day] = builders.count - 1
          return builders.count - 1
        }()
      swap(&held, &builders[index])
      let run = runStart..<runEnd
      builderOfRow.replaceSubrange(run, with: repeatElement(Int32(index), count: run.count))
      for (ordinal, column) in nutrientColumns.enumerated() {
        held.digest.totals.sums[ordinal] += column[run].reduce(into: 0) { $0 += Int128($1) }
      }
      for row in run {
        let calories = table.calories[row]
        let confidence = table.confidence[row]
        var reasons: ReviewReasons = []
        if confidence < rules.lowConfidence.billionths { reasons.insert(.lowConfidence) }
        let ingredient = table.ingredientCode[row]
        if ingredient < 0 { reasons.insert(.noMatchedIngredient) }
        if rules.energyConsistency.isInconsistent(
          calories: calories, macroEnergy: FlaggedEntry.macroEnergy(ofRow: row, in: table))
        {
          reasons.insert(.energyMismatch)
        }
        held.add(
          calories: calories, confidence: confidence, food: table.foodNameCode[row], meal: table.mealCode[row],
          ingredient: ingredient)
        guard !reasons.isEmpty else { continue }
        let candidate = FlaggedCandidate(
          day: day, secondOfDay: table.secondOfDay[row], file: file, line: table.sourceLine[row],
          reasons: reasons, offset: Int64(rowOffsets[row]))
        if !reasons.isDisjoint(with: .needsReview) { held.needsReview.append(candidate) }
        if reasons.contains(.energyMismatch) { held.energyInconsistent.append(candidate) }
      }
      swap(&held, &builders[index])
      runStart = runEnd
    }
    for record in table.micronutrientRow.indices {
      builders[Int(builderOfRow[Int(table.micronutrientRow[record])])].micronutrients[
        micronutrientCodes[Int(table.micronutrientNameCode[record])], default: Tally(code: 0)
      ].add(Tally(code: 0, entries: 1, amount: Int128(table.micronutrientAmount[record])))
    }
    return builders.map { $0.digest(limit: rules.reviewLimit) }.sorted { $0.day < $1.day }
  }
}
