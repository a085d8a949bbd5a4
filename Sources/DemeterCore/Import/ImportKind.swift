import DemeterFoundation

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
    case .cronometer: return "Cronometer's servings.csv (Food & Recipe Entries export)"
    case .myfitnesspal: return "MyFitnessPal's Nutrition Summary CSV (one entry per date and meal)"
    case .loseit: return "Lose It!'s food log CSV (exercise and deleted rows left out)"
    case .demeterApp: return "the Demeter iOS app's JSON export (FoodEntryDTO array; ids kept)"
    case .csv: return "any CSV with a header, mapped with --map field=Column or --map-file FILE"
    }
  }

  /// How to read a file: numbers' style, the zone for times without an offset, and for `csv` the
  /// column mapping.
  public struct Options: Sendable {
    public var decimalStyle: DecimalStyle
    public var zone: TimeZoneRule
    public var mapping: CSVColumnMapping

    public init(
      decimalStyle: DecimalStyle = .point, zone: TimeZoneRule, mapping: CSVColumnMapping = CSVColumnMapping()
    ) {
      self.decimalStyle = decimalStyle
      self.zone = zone
      self.mapping = mapping
    }
  }

  /// Adds the entries of the export `bytes`, named `path` in problems, to `batch`.
  /// - Throws: `ImportError` when the file cannot be read as this kind of export at all.
  public func read(
    _ bytes: [UInt8], path: String, options: Options, into batch: inout ImportBatch
  ) throws(ImportError) {
    let profile: CSVImportProfile
    switch self {
    case .cronometer: profile = CronometerImport.profile
    case .myfitnesspal: profile = MyFitnessPalImport.profile
    case .loseit: profile = LoseItImport.profile
    case .demeterApp: return try DemeterAppImport.read(bytes, path: path, zone: options.zone, into: &batch)
    case .csv:
      var stream = try CSVEntryImporter.stream(bytes, path: path)
      let header = stream.head.header
      let absent = options.mapping.absentColumns(in: header)
      guard absent.isEmpty else {
        throw .missingColumns(
          path: path, exportName: "readable with this mapping", missing: absent.map { "'\($0)'" },
          header: header, hint: "; check the names given to --map")
      }
      let importer = CSVEntryImporter(
        profile: options.mapping.profile(header: header), decimalStyle: options.decimalStyle,
        zone: options.zone)
      return try importer.read(&stream, path: path, into: &batch)
    }
    try CSVEntryImporter(profile: profile, decimalStyle: options.decimalStyle, zone: options.zone)
      .read(bytes, path: path, into: &batch)
  }
}
