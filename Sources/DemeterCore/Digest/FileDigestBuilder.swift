/// Digests one day file's entries as the parser reads them (SPEC §5): no row is kept, only a
/// builder per date, names coded in the file's own dictionaries until `finish`.
struct FileDigestBuilder: EntrySink {
  var diagnostics: [Diagnostic] = []
  var skippedLines = 0
  private let rules: DigestRules
  /// The file's index in the digest set.
  private let file: Int32
  /// Lines left out (repeated ids); they count as skipped.
  private let excluded: Set<Int>
  /// Whether the digests keep their detail (`JournalLoadOptions.keepsDetail`); without, names are
  /// not even looked up.
  private let keepsDetail: Bool
  private var idHashes: [UInt64] = []
  private var foods = ByteDictionary()
  private var meals = ByteDictionary()
  private var ingredients = ByteDictionary()
  private var micronutrients = ByteDictionary()
  /// Whether some ingredient has alcohol (asked once a file: the shares may be read on first use).
  private let ingredientsHaveAlcohol: Bool
  /// The matched ingredients' alcohol shares by their code in `alcoholIngredients`, looked up once
  /// per ingredient and file rather than once per entry.
  private var alcoholIngredients = ByteDictionary()
  private var alcoholShares: [IngredientAlcohol.Share?] = []
  private var builders: [DayDigestBuilder] = []
  private var builderOfDay: [Int32: Int] = [:]
  /// The builder of the date last added to (a file's entries come in runs of one date).
  private var current = 0

  init(file: Int32, rules: DigestRules, excluding excluded: Set<Int> = [], keepsDetail: Bool = true) {
    self.file = file
    self.rules = rules
    self.excluded = excluded
    self.keepsDetail = keepsDetail
    ingredientsHaveAlcohol = !rules.energyConsistency.alcohol.isEmpty
  }

  mutating func beginFile(_ path: String, byteCount: Int) {
    idHashes.reserveCapacity(byteCount / DayFileParser.typicalLineBytes + 1)
  }

  mutating func add(
    _ entry: ScannedEntry, line: UnsafeBufferPointer<UInt8>, decoded: UnsafeBufferPointer<UInt8>, offset: Int
  ) {
    guard counts(line: entry.line) else { return }
    func bytes(_ span: ByteSpan) -> UnsafeBufferPointer<UInt8> {
      UnsafeBufferPointer(rebasing: (span.inLine ? line : decoded)[span.range])
    }
    let builder = builder(of: entry.timestamp)
    // Without detail, names matter only as there or not.
    let food = keepsDetail ? foods.code(for: bytes(entry.foodName)) : 0
    let meal = keepsDetail ? entry.meal.map { meals.code(for: bytes($0)) } ?? -1 : -1
    let ingredient = entry.matchedIngredientID.map { keepsDetail ? ingredients.code(for: bytes($0)) : 0 } ?? -1
    let own = zip(entry.micronutrientNames, entry.micronutrientAmounts).first {
      bytes($0.0).elementsEqual(IngredientAlcohol.micronutrient.utf8)
    }?.1
    let share = own == nil && ingredientsHaveAlcohol ? entry.matchedIngredientID.flatMap { alcoholShare(of: bytes($0)) } : nil
    let alcohol = rules.energyConsistency.alcohol(own: own, share: share, calories: entry.amounts[.calories])
    builders[builder].add(
      entry.amounts, alcohol: alcohol, confidence: entry.confidence, food: food, meal: meal,
      ingredient: ingredient, at: place(entry.timestamp, line: entry.line, offset: offset))
    if keepsDetail {
      for (name, amount) in zip(entry.micronutrientNames, entry.micronutrientAmounts) {
        builders[builder].addMicronutrient(micronutrients.code(for: bytes(name)), amount: amount)
      }
    }
    idHashes.append(DuplicateIDFinder.mixed(entry.idValue))
  }

  mutating func add(_ row: TableRow, offset: Int) {
    guard counts(line: row.line) else { return }
    let builder = builder(of: row.timestamp)
    // As for scanned entries: without detail, names matter only as there or not.
    let food = keepsDetail ? Self.code(row.foodName, in: &foods) : 0
    let meal = keepsDetail ? row.meal.map { Self.code($0, in: &meals) } ?? -1 : -1
    let ingredient = row.matchedIngredientID.map { keepsDetail ? Self.code($0, in: &ingredients) : 0 } ?? -1
    let alcohol = rules.energyConsistency.alcohol(
      own: row.micronutrients.first { $0.name == IngredientAlcohol.micronutrient }?.amount.billionths,
      ingredientID: row.matchedIngredientID, calories: row.amounts[.calories])
    builders[builder].add(
      row.amounts, alcohol: alcohol, confidence: row.confidence.billionths, food: food, meal: meal,
      ingredient: ingredient, at: place(row.timestamp, line: row.line, offset: offset))
    if keepsDetail {
      for micronutrient in row.micronutrients {
        builders[builder].addMicronutrient(
          Self.code(micronutrient.name, in: &micronutrients), amount: micronutrient.amount.billionths)
      }
    }
    var id = row.id
    idHashes.append(DuplicateIDFinder.mixed(id.withUTF8(EntryIDColumn.value(utf8:))))
  }

  /// The alcohol share of the ingredient named by `id`, found once per ingredient.
  private mutating func alcoholShare(of id: UnsafeBufferPointer<UInt8>) -> IngredientAlcohol.Share? {
    let code = Int(alcoholIngredients.code(for: id))
    if code == alcoholShares.count {
      alcoholShares.append(rules.energyConsistency.alcohol.share(ofID: String(decoding: id, as: UTF8.self)))
    }
    return alcoholShares[code]
  }

  /// The file's digests, names coded into `names`.
  func finish(names: inout StringDictionary) -> FileDigest {
    func coded(_ dictionary: ByteDictionary) -> [Int32] {
      (0..<Int32(dictionary.count)).map { code in dictionary.withBytes(of: code) { names.code(forUTF8: $0) } }
    }
    let codes = DayDigestBuilder.Codes(
      foods: coded(foods), meals: coded(meals), ingredients: coded(ingredients),
      micronutrients: coded(micronutrients))
    let days = builders.map { $0.digest(codes: codes) }.sorted { $0.day < $1.day }
    return FileDigest(
      days: days, dates: days.map(\.day), idHashes: idHashes, diagnostics: diagnostics, skippedLines: skippedLines)
  }

  private static func code(_ name: String, in dictionary: inout ByteDictionary) -> Int32 {
    var name = name
    return name.withUTF8 { dictionary.code(for: $0) }
  }

  private mutating func counts(line: Int) -> Bool {
    guard !excluded.isEmpty, excluded.contains(line) else { return true }
    skippedLines += 1
    return false
  }

  /// The index of the builder of the date `timestamp` counts for, made when new.
  private mutating func builder(of timestamp: Timestamp) -> Int {
    let day = Int32(timestamp.localDate.dayNumber)
    if current < builders.count, builders[current].day == day { return current }
    current =
      builderOfDay[day]
      ?? {
        builders.append(DayDigestBuilder(day: day, file: file, rules: rules, keepsDetail: keepsDetail))
        builderOfDay[day] = builders.count - 1
        return builders.count - 1
      }()
    return current
  }

  private func place(_ timestamp: Timestamp, line: Int, offset: Int) -> DayDigestBuilder.Place {
    DayDigestBuilder.Place(secondOfDay: Int32(timestamp.secondOfDay), line: Int32(line), offset: Int64(offset))
  }
}

extension FileDigestBuilder {
  /// The day digests of an in-memory table's rows, one per date; flagged entries are located by
  /// the row's file and numbered by row (as offset).
  static func digests(of table: EntryTable, rules: DigestRules, names: inout StringDictionary) -> [DayDigest] {
    var builders = table.files.indices.map { FileDigestBuilder(file: Int32($0), rules: rules) }
    table.forEachRow { row, entry in builders[Int(table.sourceFile[row])].add(entry, offset: row) }
    return DigestLoader.mergedDays(builders.flatMap { $0.finish(names: &names).days }, limit: rules.reviewLimit)
  }
}
