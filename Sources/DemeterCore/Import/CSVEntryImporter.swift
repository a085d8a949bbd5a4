import DemeterFoundation
import DemeterJournal

/// Reads a CSV export into entries with a `CSVImportProfile`: each record's mapped cells are read
/// (numbers in the export's `DecimalStyle`, dates, times, amounts), problems are located at
/// `FILE:ROW:COLUMN` naming the column, and each row is finished by `ImportedRow`.
public struct CSVEntryImporter: Sendable {
  public var profile: CSVImportProfile
  public var decimalStyle: DecimalStyle
  /// The zone whose offset times without one are written with.
  public var zone: TimeZoneRule

  public init(profile: CSVImportProfile, decimalStyle: DecimalStyle, zone: TimeZoneRule) {
    self.profile = profile
    self.decimalStyle = decimalStyle
    self.zone = zone
  }

  /// Adds the entries of the CSV file `bytes`, named `path` in problems, to `batch`, a record at a
  /// time.
  /// - Throws: `ImportError` when the file is not CSV or lacks the profile's required columns.
  public func read(_ bytes: [UInt8], path: String, into batch: inout ImportBatch) throws(ImportError) {
    var stream = try Self.stream(bytes, path: path)
    try read(&stream, path: path, into: &batch)
  }

  /// The CSV records of `bytes`, their header read.
  /// - Throws: `ImportError.unreadable` when it is not CSV.
  public static func stream(_ bytes: [UInt8], path: String) throws(ImportError) -> CSVTable.Stream {
    do throws(Diagnostic) {
      return try CSVTable.Stream(bytes, path: path)
    } catch {
      throw .unreadable(error)
    }
  }

  /// Adds the entries of the records of `stream`, read from `path`, to `batch`.
  /// - Throws: `ImportError.missingColumns` when it lacks the profile's required columns,
  ///   `ImportError.unreadable` when a column it reads is in the header twice or a record is
  ///   malformed.
  public func read(_ stream: inout CSVTable.Stream, path: String, into batch: inout ImportBatch)
    throws(ImportError)
  {
    let table = stream.head
    let columns = try profile.resolve(table, path: path)
    var deleted: Int?
    if let name = profile.deletedColumn { deleted = try table.column(named: [name], path: path) }
    let caloriesColumn = columns.first { $0.column.field == .entry(.calories) }?.index
    var ids = ImportedEntryIDs(kind: profile.kind)
    while let record = try Self.next(&stream) {
      if let deleted, ["true", "1", "yes"].contains(record[deleted].trimmingSpaces().lowercased()) {
        batch.skipped["deleted rows", default: 0] += 1
        continue
      }
      if profile.skipsNegativeCalories, let caloriesColumn,
        record[caloriesColumn].trimmingSpaces().hasPrefix("-")
      {
        batch.skipped["exercise rows (negative calories)", default: 0] += 1
        continue
      }
      try batch.add(entry(of: record, columns: columns, path: path, ids: &ids))
    }
  }

  /// The next record of `stream`.
  /// - Throws: `ImportError.unreadable` when it is malformed.
  static func next(_ stream: inout CSVTable.Stream) throws(ImportError) -> CSVTable.Record? {
    do throws(Diagnostic) {
      return try stream.next()
    } catch {
      throw .unreadable(error)
    }
  }

  /// The entry of one record, or its problems (every bad cell of it).
  private func entry(
    of record: CSVTable.Record, columns: [CSVImportProfile.Resolved], path: String,
    ids: inout ImportedEntryIDs
  ) -> Result<ImportBatch.Line, RowProblems> {
    var row = ImportedRow(location: SourceLocation(path: path, line: record.line, column: 1))
    var problems: [Diagnostic] = []
    for resolved in columns {
      let text = record[resolved.index].trimmingSpaces()
      do throws(ImportProblem) {
        try read(text, into: &row, as: resolved.column)
      } catch {
        problems.append(
          Diagnostic(
            .error, SourceLocation(path: path, line: record.line, column: resolved.index + 1),
            "\"\(resolved.header)\": \(error.message)"))
      }
    }
    if let suffix = profile.foodNameAfterMeal, let group = row.group, !group.isEmpty {
      row.members[.foodName] = .string(group + suffix)
    }
    let reported = Set(problems.map(\.location.column))
    for (field, column) in requiredColumns(columns)
    where row.members[field] == nil && !reported.contains(column.index + 1) {
      problems.append(
        Diagnostic(
          .error, SourceLocation(path: path, line: record.line, column: column.index + 1),
          "\"\(column.header)\" is empty; every entry needs its \(field.rawValue)"))
    }
    guard problems.isEmpty else { return .failure(RowProblems(diagnostics: problems)) }
    row.firstColumn = columns.map(\.index).min().map { $0 + 1 } ?? 1
    return row.finish(zone: zone, ids: &ids)
  }

  /// The columns of the fields an entry cannot do without.
  private func requiredColumns(_ columns: [CSVImportProfile.Resolved]) -> [(
    EntryField, CSVImportProfile.Resolved
  )] {
    let fields: [EntryField] =
      [.calories, .protein, .carbohydrates, .fat] + (profile.foodNameAfterMeal == nil ? [.foodName] : [])
    return fields.compactMap { field in columns.first { $0.column.field == .entry(field) }.map { (field, $0) }
    }
  }

  /// Reads one cell (`text`, trimmed; empty means absent) as `column` says.
  private func read(_ text: String, into row: inout ImportedRow, as column: ImportColumn)
    throws(ImportProblem)
  {
    guard !text.isEmpty else { return }
    switch column.field {
    case .entry(let field) where field.holdsNumber:
      row.members[field] = .number(JSONNumber(literal: try number(text, divisor: column.divisor)))
    case .entry(.timestamp):
      row.timestamp = try ImportedTime.timestamp(text)
    case .entry(.meal):
      row.group = text
    case .entry(.tags):
      row.tags += text.split(separator: ";").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
    case .entry(let field):
      row.members[field] = .string(text)
    case .date:
      row.date = try ImportedTime.date(text)
    case .time:
      row.secondOfDay = try ImportedTime.secondOfDay(text)
    case .amount:
      let (quantity, unit) = try amount(text)
      row.members[.quantity] = .number(JSONNumber(literal: quantity))
      row.members[.unit] = .string(unit)
    case .micronutrient(let name):
      row.micronutrients[name] = try number(text, divisor: column.divisor)
    }
  }

  /// A number cell in the export's style, divided by `divisor` (to three decimals when inexact).
  private func number(_ text: String, divisor: Int) throws(ImportProblem) -> String {
    let literal = try decimalStyle.literal(text).get()
    if literal.hasPrefix("-") { throw ImportProblem("must be 0 or more, got \"\(text)\"") }
    guard divisor != 1, case .exact(let value) = FixedDecimal.read(jsonNumber: literal) else {
      return literal
    }
    let quotient = DecimalText.rounded(
      numerator: Int128(value.billionths), denominator: Int128(divisor) * Int128(FixedDecimal.unitsPerOne),
      decimals: 3)
    guard case .exact(let shortest) = FixedDecimal.read(jsonNumber: quotient) else { return quotient }
    return shortest.description
  }

  /// `1.00 cup` → (`1`, `cup`); `cup` alone → (`1`, `cup`).
  private func amount(_ text: String) throws(ImportProblem) -> (String, String) {
    let numberEnd =
      text.firstIndex { !(($0.isASCII && $0.isNumber) || $0 == "." || $0 == "," || $0 == "-" || $0 == "+") }
      ?? text.endIndex
    let quantityText = text[..<numberEnd]
    let unit = text[numberEnd...].trimmingSpaces()
    guard !quantityText.isEmpty else { return ("1", unit) }
    return (try number(String(quantityText), divisor: 1), unit)
  }
}
