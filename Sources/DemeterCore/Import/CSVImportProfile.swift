import DemeterFoundation

/// How a CSV export becomes entries: the columns an importer reads and its few rules, declared once
/// per importer (`CronometerImport`, `MyFitnessPalImport`, `LoseItImport`) or built from a mapping
/// (`CSVColumnMapping`) for the generic `csv` importer.
public struct CSVImportProfile: Sendable {
  /// The importer's name (`cronometer`), also part of each entry's id.
  public var kind: String
  /// The product whose export this reads, for messages ("a Cronometer servings.csv export").
  public var exportName: String
  /// The columns read when present.
  public var columns: [ImportColumn]
  /// Fields whose column must be present (one of the sets must be wholly present).
  public var requiredFields: [[ImportField]]
  /// When set, the food name is the meal's name followed by this text (" (MyFitnessPal)"): the
  /// export has no food names.
  public var foodNameAfterMeal: String?
  /// Whether rows with negative calories are exercise and left out (counted).
  public var skipsNegativeCalories = false
  /// A column whose `true`/`1`/`yes` marks a deleted row, left out (counted).
  public var deletedColumn: String?
  /// Said after the missing columns ("; map them with --map field=Column").
  public var missingColumnsHint = ""

  public init(
    kind: String, exportName: String, columns: [ImportColumn], requiredFields: [[ImportField]]
  ) {
    self.kind = kind
    self.exportName = exportName
    self.columns = columns
    self.requiredFields = requiredFields
  }

  /// The fields every entry needs (manual: journal) with a day: a timestamp or a date.
  static let entryRequirements: [[ImportField]] = [
    [
      .entry(.foodName), .entry(.calories), .entry(.protein), .entry(.carbohydrates), .entry(.fat),
      .entry(.timestamp),
    ],
    [.entry(.foodName), .entry(.calories), .entry(.protein), .entry(.carbohydrates), .entry(.fat), .date],
  ]

  /// A column of the table resolved: its index and how to read it.
  struct Resolved {
    var index: Int
    var column: ImportColumn
    var header: String
  }

  /// The profile's columns found in `table` (each field from its first matching column).
  /// - Throws: `ImportError.missingColumns` when no set of required fields is wholly present,
  ///   `ImportError.unreadable` when a column read is in the header twice.
  func resolve(_ table: CSVTable, path: String) throws(ImportError) -> [Resolved] {
    var resolved: [Resolved] = []
    var found = Set<ImportField>()
    for column in columns where !found.contains(column.field) {
      guard let index = try table.column(named: column.headers, path: path) else { continue }
      resolved.append(Resolved(index: index, column: column, header: table.header[index]))
      found.insert(column.field)
    }
    let present = requiredFields.contains { $0.allSatisfy(found.contains) }
    guard present else {
      let closest = requiredFields.min { a, b in
        a.filter { !found.contains($0) }.count < b.filter { !found.contains($0) }.count
      }!
      let missing = closest.filter { !found.contains($0) }.map { field in
        columns.first { $0.field == field }?.headers.first.map { "'\($0)'" } ?? field.mappingName
      }
      throw .missingColumns(
        path: path, exportName: exportName, missing: missing, header: table.header, hint: missingColumnsHint)
    }
    return resolved
  }
}

/// Why an import file could not be read at all.
public enum ImportError: Error, Sendable, Hashable {
  /// A file's structure is broken (not CSV, not a JSON array): nothing of it can be imported.
  case unreadable(Diagnostic)
  /// The header lacks columns the importer needs: for a generic CSV, a mapping to give.
  case missingColumns(path: String, exportName: String, missing: [String], header: [String], hint: String)
  /// A weight export whose weights name no unit (no unit column, none in the header), and the
  /// import gives none.
  case noWeightUnit(path: String, exportName: String, column: String)

  /// The message, one line (the diagnostic's is located).
  public var message: String {
    switch self {
    case .unreadable(let diagnostic):
      return diagnostic.rendered
    case .missingColumns(let path, let exportName, let missing, let header, let hint):
      return "\(path) is not \(exportName): it has no column for " + missing.joined(separator: ", ")
        + " (its columns: " + header.map { "'\($0)'" }.joined(separator: ", ") + ")" + hint
    case .noWeightUnit(let path, let exportName, let column):
      return "\(path) is \(exportName) whose '\(column)' column names no unit: give --unit kg or --unit lb "
        + "(or set \"weightUnit\" in the journal's .demeter.json)"
    }
  }
}
