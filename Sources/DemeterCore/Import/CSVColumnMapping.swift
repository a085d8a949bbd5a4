/// The generic `csv` importer's column mapping: `field=Column` pairs (`--map foodName=Food,
/// calories=kcal`, or a mapping file with one pair a line, `#` comments and blank lines allowed).
/// Fields are entry keys (`foodName`, `calories`, `carbohydrates` or `carbs`, …), `date`, `time`,
/// `amount` or `micronutrients.NAME`; a header named exactly like a field needs no pair.
public struct CSVColumnMapping: Sendable, Hashable {
  /// The pairs in the order given (a later pair for the same field wins).
  public private(set) var pairs: [(field: ImportField, column: String)] = []

  public init() {}

  public static func == (a: CSVColumnMapping, b: CSVColumnMapping) -> Bool {
    a.pairs.elementsEqual(b.pairs) { $0.field == $1.field && $0.column == $1.column }
  }

  public func hash(into hasher: inout Hasher) {
    for pair in pairs {
      hasher.combine(pair.field)
      hasher.combine(pair.column)
    }
  }

  /// Adds the pairs of `text`, separated by `separator` (`,` for `--map`, a line end for a file).
  /// - Throws: why a pair cannot be read (no `=`, an unknown field), naming the pair.
  public mutating func add(_ text: String, separator: Character) throws(ImportProblem) {
    for piece in text.split(separator: separator) {
      let pair = piece.trimmingSpacesAndNewlines()
      if pair.isEmpty || (separator == "\n" && pair.hasPrefix("#")) { continue }
      guard let equals = pair.firstIndex(of: "=") else {
        throw ImportProblem("'\(pair)' is not field=Column")
      }
      let name = pair[..<equals].trimmingSpaces()
      let column = pair[pair.index(after: equals)...].trimmingSpaces()
      guard let field = ImportField(mappingName: name) else {
        throw ImportProblem(
          "'\(name)' is not a field to map; fields: " + ImportField.mappingNames.joined(separator: ", "))
      }
      guard !column.isEmpty else { throw ImportProblem("'\(pair)' names no column") }
      pairs.removeAll { $0.field == field }
      pairs.append((field, column))
    }
  }

  /// The profile of the generic importer with this mapping, for a file whose header is `header`:
  /// the mapped columns, and every header cell named exactly like an unmapped field.
  public func profile(header: [String]) -> CSVImportProfile {
    var columns = pairs.map { ImportColumn($0.field, [$0.column]) }
    for name in header {
      guard let field = ImportField(mappingName: name.trimmingSpaces()),
        !columns.contains(where: { $0.field == field })
      else { continue }
      columns.append(ImportColumn(field, [name]))
    }
    var profile = CSVImportProfile(
      kind: "csv", exportName: "readable with this mapping", columns: columns,
      requiredFields: CSVImportProfile.entryRequirements)
    profile.missingColumnsHint =
      "; map them with --map field=Column (a column named like the field needs none)"
    return profile
  }

  /// Column names the mapping gives that `header` lacks.
  public func absentColumns(in header: [String]) -> [String] {
    let names = Set(header.map(ImportColumn.normalized))
    return pairs.map(\.column).filter { !names.contains(ImportColumn.normalized($0)) }
  }
}
