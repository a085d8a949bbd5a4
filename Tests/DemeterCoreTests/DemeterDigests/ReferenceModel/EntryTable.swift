@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// Loaded journal entries stored column by column (manual: architecture).
///
/// Numbers are exact fixed-point billionths; repeated strings (food name, unit, ingredient, meal,
/// micronutrient name) are dictionary-coded; ids are 128-bit numbers; rarely read strings (raw description)
/// live in an arena.
/// Rows are in a deterministic order: files sorted by path, lines in file order.
///
/// The columns are the package's own (the loader fills them, the aggregations read them in place);
/// other readers read an entry through the `…(ofRow:)` accessors, which decode the codes for them.
/// `checkInvariants()` (`EntryTable+Invariants.swift`) says what the columns hold.
public struct EntryTable: Sendable {
  /// The day each entry counts for, as a `CivilDate.dayNumber`.
  package internal(set) var day: [Int32] = []
  /// Seconds after local midnight of that day.
  package internal(set) var secondOfDay: [Int32] = []
  /// UTC offset in seconds of the (possibly converted) timestamp, or `Int32.min` for wall-clock ones.
  package internal(set) var utcOffset: [Int32] = []
  /// Each nutrient's column in billionths, by `Nutrient.ordinal` (0 where an entry does not state
  /// an optional one); `amounts(of:)` names them.
  package internal(set) var nutrients = [[Int64]](repeating: [], count: Nutrient.all.count)
  package internal(set) var quantity: [Int64] = []
  package internal(set) var confidence: [Int64] = []
  package internal(set) var foodNameCode: [Int32] = []
  package internal(set) var unitCode: [Int32] = []
  /// Code into `ingredientIDs`, or -1 when no ingredient was matched.
  package internal(set) var ingredientCode: [Int32] = []
  /// Code into `meals`, or -1 when no meal is given.
  package internal(set) var mealCode: [Int32] = []
  package internal(set) var sourceFile: [Int32] = []
  package internal(set) var sourceLine: [Int32] = []
  package internal(set) var ids = EntryIDColumn()
  package internal(set) var rawDescriptions = StringArena()
  package internal(set) var foodNames = StringDictionary()
  package internal(set) var units = StringDictionary()
  package internal(set) var ingredientIDs = StringDictionary()
  package internal(set) var meals = StringDictionary()
  /// Micronutrients, sparse: parallel columns of row index, name code and amount (billionths).
  package internal(set) var micronutrientRow: [Int32] = []
  package internal(set) var micronutrientNameCode: [Int32] = []
  package internal(set) var micronutrientAmount: [Int64] = []
  package internal(set) var micronutrientNames = StringDictionary()
  /// Source file paths, indexed by `sourceFile`.
  package internal(set) var files: [String] = []

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

  /// The entry's id as it was written.
  public func id(ofRow row: Int) -> String { ids[row] }

  /// The entry's food name.
  public func foodName(ofRow row: Int) -> String { foodNames[foodNameCode[row]] }

  /// The entry's description as the user gave it.
  public func rawDescription(ofRow row: Int) -> String { rawDescriptions[row] }

  /// The entry's quantity, in `unit(ofRow:)`.
  public func quantity(ofRow row: Int) -> FixedDecimal { FixedDecimal(billionths: quantity[row]) }

  /// The unit of the entry's quantity.
  public func unit(ofRow row: Int) -> String { units[unitCode[row]] }

  /// How sure the estimate is, 0 to 1.
  public func confidence(ofRow row: Int) -> FixedDecimal { FixedDecimal(billionths: confidence[row]) }

  /// Calls `body` with each micronutrient amount of the table and the row it belongs to, in the
  /// order stored (rows ascending, each row's amounts in the order written).
  /// - Complexity: O(micronutrient amounts).
  public func forEachMicronutrient(_ body: (_ row: Int, _ amount: MicronutrientAmount) -> Void) {
    for record in micronutrientRow.indices {
      body(
        Int(micronutrientRow[record]),
        MicronutrientAmount(
          name: micronutrientNames[micronutrientNameCode[record]],
          amount: FixedDecimal(billionths: micronutrientAmount[record])))
    }
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
