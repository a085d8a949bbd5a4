import DemeterJournal

/// What one column of a CSV export holds, as an importer maps it (`--map field=Column`).
public enum ImportField: Sendable, Hashable {
  /// An entry key: `id`, `timestamp`, `rawDescription`, `foodName`, `quantity`, `unit`, the
  /// nutrients, `confidence`, `matchedIngredientID`, `meal` (a meal or group name), `tags`
  /// (separated by `;`) or `note`.
  case entry(EntryField)
  /// The day (`2026-11-21` or `11/21/2026`), with `time` or a time by meal.
  case date
  /// The time of day (`08:15`, `8:15 AM`).
  case time
  /// A quantity and its unit in one cell, such as `1.00 cup`.
  case amount
  /// A micronutrient, by its journal name (`sodium_mg`).
  case micronutrient(String)

  /// The entry keys a column can be mapped to (`schemaVersion` and `micronutrients` cannot).
  static let mappableEntryFields: [EntryField] = EntryField.allCases.filter {
    $0 != .schemaVersion && $0 != .micronutrients
  }

  /// The field a mapping names: an entry key, `carbs`, `date`, `time`, `amount`,
  /// `micronutrients.NAME`, or a micronutrient name of the ingredient table (`sodium_mg`).
  public init?(mappingName name: String) {
    if let field = Self.mappableEntryFields.first(where: { $0.rawValue.lowercased() == name.lowercased() }) {
      self = .entry(field)
      return
    }
    switch name.lowercased() {
    case "carbs": self = .entry(.carbohydrates)
    case "date": self = .date
    case "time": self = .time
    case "amount": self = .amount
    default:
      let prefix = EntryField.micronutrients.rawValue + "."
      if name.hasPrefix(prefix), name.count > prefix.count,
        Self.isMicronutrientName(name.dropFirst(prefix.count))
      {
        self = .micronutrient(String(name.dropFirst(prefix.count)))
      } else if Ingredient.micronutrientKeyOrder.contains(name) {
        self = .micronutrient(name)
      } else {
        return nil
      }
    }
  }

  /// The names `init(mappingName:)` reads, for help and error messages.
  public static let mappingNames: [String] =
    mappableEntryFields.map(\.rawValue) + ["carbs", "date", "time", "amount", "micronutrients.NAME"]

  /// Micronutrient names are lowercase letters, digits and `_` (the unit last, as in `sodium_mg`).
  private static func isMicronutrientName(_ name: Substring) -> Bool {
    name.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F }
  }

  /// The name a mapping uses for this field.
  public var mappingName: String {
    switch self {
    case .entry(let field): return field.rawValue
    case .date: return "date"
    case .time: return "time"
    case .amount: return "amount"
    case .micronutrient(let name): return "micronutrients.\(name)"
    }
  }
}

/// One column an importer reads: the field, the header names it may have (compared ignoring letter
/// case, with `µg` and `mcg` read as `ug`), and a divisor that converts the column's unit to the
/// field's (`Vitamin D (IU)` ÷ 40 = µg).
public struct ImportColumn: Sendable, Hashable {
  public var field: ImportField
  public var headers: [String]
  public var divisor: Int

  public init(_ field: ImportField, _ headers: [String], divisor: Int = 1) {
    self.field = field
    self.headers = headers
    self.divisor = divisor
  }

  /// A header name compared as `headers` are: lowercased, `µg`/`μg`/`mcg` as `ug`, spaces trimmed.
  static func normalized(_ header: String) -> String {
    header.trimmingSpaces().lowercased().replacing("µg", with: "ug").replacing("μg", with: "ug")
      .replacing("mcg", with: "ug")
  }
}
