import DemeterJournal

/// A tracker's weight export that `import` brings into the body log (manual: importing, body-log),
/// declared once per tracker: Cronometer's biometrics.csv (Day, Time, Group, Metric, Unit, Amount:
/// one row per measurement of any metric, the weigh-ins being the rows whose Metric is Weight),
/// MyFitnessPal's measurements export (Date, Weight) and Lose It!'s weights.csv (Date, Weight,
/// Deleted). `import --from KIND` reads a file as one when its header has the export's columns.
public struct WeightExport: Sendable {
  /// The product whose export this is, for messages ("a Cronometer biometrics.csv export").
  public var exportName: String
  var dateHeaders: [String]
  var timeHeaders: [String] = ["Time"]
  /// The headers of the weight column; a unit in parentheses (`Weight (lbs)`) is the column's unit.
  var weightHeaders: [String]
  /// A column naming each row's unit (`kg`, `lbs`), when the export has one.
  var unitHeaders: [String] = []
  /// A column naming each row's metric and the name of the weight rows; other rows are left out.
  var metric: (headers: [String], weight: String)?
  /// A column whose `true`/`1`/`yes` marks a deleted row, left out.
  var deletedHeader: String?

  /// The weight export `kind` reads, when `header` is one (it has the date and weight columns, and
  /// the metric column where the export has one).
  public static func of(_ kind: ImportKind, header: [String]) -> WeightExport? {
    let export: WeightExport
    switch kind {
    case .cronometer: export = cronometer
    case .myfitnesspal: export = myFitnessPal
    case .loseit: export = loseIt
    case .demeterApp, .csv: return nil
    }
    let names = Set(header.map(ImportColumn.normalized))
    let needed = [export.dateHeaders, export.weightHeaders] + (export.metric.map { [$0.headers] } ?? [])
    let isWeightExport = needed.allSatisfy { $0.contains { names.contains(ImportColumn.normalized($0)) } }
    return isWeightExport ? export : nil
  }

  static let cronometer = WeightExport(
    exportName: "a Cronometer biometrics.csv export", dateHeaders: ["Day", "Date"], weightHeaders: ["Amount"],
    unitHeaders: ["Unit"], metric: (["Metric"], "Weight"))

  static let myFitnessPal = WeightExport(
    exportName: "a MyFitnessPal measurements export", dateHeaders: ["Date"],
    weightHeaders: ["Weight", "Weight (kg)", "Weight (lbs)", "Weight (lb)"])

  static let loseIt = WeightExport(
    exportName: "a Lose It! weights export", dateHeaders: ["Date"],
    weightHeaders: ["Weight", "Weight (kg)", "Weight (lbs)", "Weight (lb)"], deletedHeader: "Deleted")

  /// The time of day a weigh-in without one gets: 07:00, a morning weigh-in.
  static let defaultSecondOfDay = 7 * 3600

  /// The unit a unit cell or a header's parenthesised suffix names: `kg`, `lb`, `lbs` (any case).
  static func unit(named text: some StringProtocol) -> WeightUnit? {
    switch text.lowercased() {
    case "kg", "kgs": return .kg
    case "lb", "lbs": return .lb
    default: return nil
    }
  }

  /// The unit in a header such as `Weight (lbs)`, if it names one.
  static func unit(inHeader header: String) -> WeightUnit? {
    guard header.hasSuffix(")"), let open = header.lastIndex(of: "(") else { return nil }
    return unit(named: header[header.index(after: open)..<header.index(before: header.endIndex)])
  }
}
