import DemeterFoundation
import DemeterJournal

/// Dietary Reference Intakes (manual: targets): each life-stage group's RDA or AI and upper limit by
/// nutrient key, and its acceptable macronutrient distribution ranges. The published tables are
/// compiled into `DemeterReports` (`ReferenceIntakes.published`, the tables and edition in
/// `Sources/DemeterReports/Reference/Data/SOURCE.md`).
public struct ReferenceIntakes: Sendable {
  /// The groups, in the tables' order.
  public let groups: [LifeStageGroup]
  private let intakes: [String: [String: ReferenceIntake]]
  private let limits: [String: [String: UpperLimit]]
  private let ranges: [String: [String: ClosedRange<Int>]]
  /// By `sex-activity` (`male-low-active`).
  private let energyEquations: [String: EnergyEquation]

  /// The RDA or AI of `key` for `group`; nil when the tables give none.
  public func intake(_ key: String, _ group: LifeStageGroup) -> ReferenceIntake? { intakes[group.id]?[key] }

  /// The upper limit of `key` for `group`; nil when none is determined.
  public func upperLimit(_ key: String, _ group: LifeStageGroup) -> UpperLimit? { limits[group.id]?[key] }

  /// The acceptable share of energy (percent) from `nutrient` (protein, carbohydrates or fat) for
  /// `group`.
  public func energyRange(_ nutrient: Nutrient, _ group: LifeStageGroup) -> ClosedRange<Int>? {
    ranges[group.id]?[nutrient.key]
  }

  /// The Estimated Energy Requirement equation of adults of `sex` at `activity`.
  public func energyEquation(_ sex: PersonProfile.Sex, _ activity: ActivityLevel) -> EnergyEquation? {
    energyEquations["\(sex.rawValue)-\(activity.rawValue)"]
  }

  /// The nutrient keys the intake table has columns for, in its order.
  public let keys: [String]

  /// Reads `intakes.csv`, `upper-limits.csv`, `macronutrient-ranges.csv` and
  /// `energy-requirements.csv` of `files` (contents by file name): CSV without quoting, `#` lines
  /// left out; an intake `N*` is an AI, an upper limit `ND` none, a range `low-high`, an energy
  /// equation a row of `sex,activity,constant,age,height_cm,weight_kg`.
  public init(files: [String: String]) {
    let intakeTable = Self.table(files["intakes.csv"] ?? "")
    let limitTable = Self.table(files["upper-limits.csv"] ?? "")
    let rangeTable = Self.table(files["macronutrient-ranges.csv"] ?? "")
    keys = Array(intakeTable.header.dropFirst())
    groups = intakeTable.rows.map { LifeStageGroup(id: $0[0]) }
    intakes = Self.rows(intakeTable) { cell in
      let isAI = cell.hasSuffix("*")
      return Self.amount(isAI ? String(cell.dropLast()) : cell).map {
        ReferenceIntake(amount: $0, kind: isAI ? .adequateIntake : .recommendedAllowance)
      }
    }
    let scopes = limitTable.rows.first { $0[0] == "applies-to" } ?? []
    let scopeOf = Dictionary(
      zip(limitTable.header, scopes).compactMap { key, scope in
        UpperLimit.Scope(rawValue: scope).map { (key, $0) }
      },
      uniquingKeysWith: { first, _ in first })
    var limits: [String: [String: UpperLimit]] = [:]
    for row in limitTable.rows where row[0] != "applies-to" {
      var byKey: [String: UpperLimit] = [:]
      for (key, cell) in zip(limitTable.header, row).dropFirst() {
        if let amount = Self.amount(cell), let scope = scopeOf[key] {
          byKey[key] = UpperLimit(amount: amount, scope: scope)
        }
      }
      limits[row[0]] = byKey
    }
    self.limits = limits
    ranges = Self.rows(rangeTable) { cell in
      let ends = cell.split(separator: "-").compactMap { Int($0) }
      return ends.count == 2 && ends[0] <= ends[1] ? ends[0]...ends[1] : nil
    }
    var equations: [String: EnergyEquation] = [:]
    for row in Self.table(files["energy-requirements.csv"] ?? "").rows where row.count == 6 {
      let numbers = row.dropFirst(2).compactMap(Self.amount)
      guard numbers.count == 4 else { continue }
      equations["\(row[0])-\(row[1])"] = EnergyEquation(
        constant: numbers[0], age: numbers[1], heightCm: numbers[2], weightKg: numbers[3])
    }
    energyEquations = equations
  }

  /// A CSV file without quoting: `#` lines left out, the first line the header.
  private static func table(_ text: String) -> (header: [String], rows: [[String]]) {
    let lines = text.split(whereSeparator: \.isNewline).filter { !$0.hasPrefix("#") }
    let cells = lines.map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    return (cells.first ?? [], Array(cells.dropFirst()))
  }

  /// Each row's cells by header key, as `read` makes them (nil, like `ND`, leaves a cell out).
  private static func rows<Value>(
    _ table: (header: [String], rows: [[String]]), _ read: (String) -> Value?
  ) -> [String: [String: Value]] {
    var result: [String: [String: Value]] = [:]
    for row in table.rows {
      var byKey: [String: Value] = [:]
      for (key, cell) in zip(table.header, row).dropFirst() { byKey[key] = read(cell) }
      result[row[0]] = byKey
    }
    return result
  }

  private static func amount(_ text: String) -> FixedDecimal? {
    if case .exact(let value) = FixedDecimal.read(jsonNumber: text) { value } else { nil }
  }
}

/// An RDA or AI: a daily amount in the journal's unit of its nutrient.
public struct ReferenceIntake: Sendable, Hashable {
  /// Which kind of reference value the tables give.
  public enum Kind: String, Sendable, Hashable {
    case recommendedAllowance = "RDA"
    case adequateIntake = "AI"
  }

  public var amount: FixedDecimal
  public var kind: Kind
}

/// A Tolerable Upper Intake Level (or, for sodium, the Chronic Disease Risk Reduction intake).
public struct UpperLimit: Sendable, Hashable {
  /// What intake the limit concerns (the tables' footnotes).
  public enum Scope: String, Sendable, Hashable {
    /// Food, water and supplements.
    case total
    /// Synthetic forms or supplements only.
    case supplements
    /// Preformed vitamin A only.
    case preformed
    /// Sodium's Chronic Disease Risk Reduction intake.
    case cdrr

    /// Whether a journal's total from food is compared with it.
    public var comparesFood: Bool { self == .total || self == .cdrr }
  }

  public var amount: FixedDecimal
  public var scope: Scope
}
