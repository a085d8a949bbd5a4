import DemeterFoundation
import DemeterJournal

/// The importers of `import --from KIND` (manual: importing), declared once: their names, what they read and
/// how.
public enum ImportKind: String, Sendable, CaseIterable {
  case cronometer
  case myfitnesspal
  case loseit
  case demeterApp = "demeter-app"
  case csv

  /// One line for help: the export each reads.
  public var summary: String {
    switch self {
    case .cronometer: return "Cronometer's servings.csv (Food & Recipe Entries) or biometrics.csv (weights)"
    case .myfitnesspal: return "MyFitnessPal's Nutrition Summary (an entry per meal) or its measurements (weights)"
    case .loseit: return "Lose It!'s food log CSV (no exercise or deleted rows) or its weights.csv"
    case .demeterApp: return "the Demeter iOS app's JSON export (FoodEntryDTO array; ids kept)"
    case .csv: return "any CSV with a header, mapped with --map field=Column or --map-file FILE"
    }
  }

  /// How to read a file: numbers' style, the zone for times without an offset, for `csv` the
  /// column mapping, and the unit of weights whose export names none.
  public struct Options: Sendable {
    public var decimalStyle: DecimalStyle
    public var zone: TimeZoneRule
    public var mapping: CSVColumnMapping
    public var weightUnit: WeightUnit?

    public init(
      decimalStyle: DecimalStyle = .point, zone: TimeZoneRule, mapping: CSVColumnMapping = CSVColumnMapping(),
      weightUnit: WeightUnit? = nil
    ) {
      self.decimalStyle = decimalStyle
      self.zone = zone
      self.mapping = mapping
      self.weightUnit = weightUnit
    }
  }

  /// Adds the entries of the export `bytes`, named `path` in problems, to `batch`; a weight export
  /// of this kind's tracker (`WeightExport`, told by its header) adds weigh-ins instead.
  /// - Throws: `ImportError` when the file cannot be read as this kind of export at all.
  public func read(
    _ bytes: [UInt8], path: String, options: Options, into batch: inout ImportBatch
  ) throws(ImportError) {
    if self == .demeterApp { return try DemeterAppImport.read(bytes, path: path, zone: options.zone, into: &batch) }
    var stream = try CSVEntryImporter.stream(bytes, path: path)
    let header = stream.head.header
    if let export = WeightExport.of(self, header: header) {
      let importer = WeightImporter(
        export: export, decimalStyle: options.decimalStyle, zone: options.zone, unit: options.weightUnit)
      return try importer.read(&stream, path: path, into: &batch)
    }
    let profile: CSVImportProfile
    switch self {
    case .cronometer: profile = CronometerImport.profile
    case .myfitnesspal: profile = MyFitnessPalImport.profile
    case .loseit: profile = LoseItImport.profile
    case .demeterApp, .csv:
      let absent = options.mapping.absentColumns(in: header)
      guard absent.isEmpty else {
        throw .missingColumns(
          path: path, exportName: "readable with this mapping", missing: absent.map { "'\($0)'" },
          header: header, hint: "; check the names given to --map")
      }
      profile = options.mapping.profile(header: header)
    }
    try CSVEntryImporter(profile: profile, decimalStyle: options.decimalStyle, zone: options.zone)
      .read(&stream, path: path, into: &batch)
  }
}
