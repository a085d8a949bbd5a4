/// Loaded journal entries stored column by column (SPEC §5).
///
/// Numbers are exact fixed-point billionths; repeated strings (food name, unit, ingredient, meal,
/// micronutrient name) are dictionary-coded; ids are 128-bit numbers; rarely read strings (raw description) live in an arena.
/// Rows are in a deterministic order: files sorted by path, lines in file order.
public struct EntryTable: Sendable {
  /// The day each entry counts for, as a `CivilDate.dayNumber`.
  public internal(set) var day: [Int32] = []
  /// Seconds after local midnight of that day.
  public internal(set) var secondOfDay: [Int32] = []
  /// UTC offset in seconds of the (possibly converted) timestamp, or `Int32.min` for wall-clock ones.
  public internal(set) var utcOffset: [Int32] = []
  /// Each nutrient's column in billionths, by `Nutrient.ordinal` (0 where an entry does not state
  /// an optional one); `amounts(of:)` names them.
  public internal(set) var nutrients = [[Int64]](repeating: [], count: Nutrient.all.count)
  public internal(set) var quantity: [Int64] = []
  public internal(set) var confidence: [Int64] = []
  public internal(set) var foodNameCode: [Int32] = []
  public internal(set) var unitCode: [Int32] = []
  /// Code into `ingredientIDs`, or -1 when no ingredient was matched.
  public internal(set) var ingredientCode: [Int32] = []
  /// Code into `meals`, or -1 when no meal is given.
  public internal(set) var mealCode: [Int32] = []
  public internal(set) var sourceFile: [Int32] = []
  public internal(set) var sourceLine: [Int32] = []
  public internal(set) var ids = EntryIDColumn()
  public internal(set) var rawDescriptions = StringArena()
  public internal(set) var foodNames = StringDictionary()
  public internal(set) var units = StringDictionary()
  public internal(set) var ingredientIDs = StringDictionary()
  public internal(set) var meals = StringDictionary()
  /// Micronutrients, sparse: parallel columns of row index, name code and amount (billionths).
  public internal(set) var micronutrientRow: [Int32] = []
  public internal(set) var micronutrientNameCode: [Int32] = []
  public internal(set) var micronutrientAmount: [Int64] = []
  public internal(set) var micronutrientNames = StringDictionary()
  /// Source file paths, indexed by `sourceFile`.
  public internal(set) var files: [String] = []

  public init() {}

  /// Number of entries.
  public var count: Int { day.count }

  public var isEmpty: Bool { day.isEmpty }

  /// The location an entry was read from.
  public func location(ofRow row: Int) -> SourceLocation {
    SourceLocation(path: files[Int(sourceFile[row])], line: Int(sourceLine[row]), column: 1)
  }

  /// The entry's timestamp in the zone its day was counted in (as written unless `--tz` converted it).
  public func timestamp(ofRow row: Int) -> Timestamp {
    Timestamp(
      localDate: CivilDate(dayNumber: Int(day[row])), secondOfDay: Int(secondOfDay[row]),
      utcOffsetSeconds: utcOffset[row] == Int32.min ? nil : Int(utcOffset[row]))
  }

  /// The column of `nutrient`'s amounts in billionths (0 where an optional one is not stated).
  public func amounts(of nutrient: Nutrient) -> [Int64] { nutrients[nutrient.ordinal] }

  /// Every nutrient amount of one row.
  func amounts(ofRow row: Int) -> NutrientAmounts {
    var amounts = NutrientAmounts()
    for ordinal in nutrients.indices { amounts[ordinal: ordinal] = nutrients[ordinal][row] }
    return amounts
  }

  /// The ingredient id the entry matched, if any.
  public func ingredientID(ofRow row: Int) -> String? {
    ingredientCode[row] < 0 ? nil : ingredientIDs[ingredientCode[row]]
  }

  /// The meal the entry names, if any.
  public func meal(ofRow row: Int) -> String? {
    mealCode[row] < 0 ? nil : meals[mealCode[row]]
  }
}
