import DemeterFoundation
import DemeterJournal

/// Reads a weight export (`WeightExport`) into weigh-ins: each weight row's date and time (07:00
/// when it has none) written with the import zone's offset, its weight in the unit of its row, of
/// its column's header, else the import's; each is read back by the body log's own rules. Rows of
/// other metrics and deleted rows are left out and counted; a bad row's problems are located
/// `FILE:ROW:COLUMN`, naming the column.
struct WeightImporter {
  var export: WeightExport
  var decimalStyle: DecimalStyle
  var zone: TimeZoneRule
  /// The unit of weights whose row and header name none (`--unit`, else the journal's `weightUnit`).
  var unit: WeightUnit?

  /// The columns read, by index in the header.
  private struct Columns {
    var date: Int
    var time: Int?
    var weight: Int
    var unit: Int?
    var metric: Int?
    var deleted: Int?
    /// The unit of weights whose row names none.
    var fallbackUnit: WeightUnit?
  }

  /// Adds the weigh-ins of the records of `stream`, read from `path`, to `batch`.
  /// - Throws: `ImportError.noWeightUnit` when neither the export nor the import names the unit,
  ///   `ImportError.unreadable` when a column read is in the header twice or a record is malformed.
  func read(_ stream: inout CSVTable.Stream, path: String, into batch: inout ImportBatch) throws(ImportError) {
    let table = stream.head
    let columns = try resolve(table, path: path)
    let weightRow = export.metric.map { ImportColumn.normalized($0.weight) }
    batch.weightExports += 1
    while let record = try CSVEntryImporter.next(&stream) {
      if let deleted = columns.deleted,
        ["true", "1", "yes"].contains(record[deleted].trimmingSpaces().lowercased())
      {
        batch.skipped["deleted rows", default: 0] += 1
        continue
      }
      if let metric = columns.metric, ImportColumn.normalized(record[metric]) != weightRow {
        batch.skipped["rows of other metrics", default: 0] += 1
        continue
      }
      switch weighIn(record, columns, header: table.header, path: path) {
      case .success(let weighIn): batch.weighIns.append(weighIn)
      case .failure(let row):
        batch.problems += row.diagnostics
        batch.badRows += 1
      }
    }
  }

  /// The export's columns found in `table`.
  private func resolve(_ table: CSVTable, path: String) throws(ImportError) -> Columns {
    func index(_ headers: [String]) throws(ImportError) -> Int? { try table.column(named: headers, path: path) }
    var missing: [String] = []
    let date = try index(export.dateHeaders)
    let weight = try index(export.weightHeaders)
    if date == nil { missing.append("'\(export.dateHeaders[0])'") }
    if weight == nil { missing.append("'\(export.weightHeaders[0])'") }
    guard let date, let weight else {
      throw .missingColumns(
        path: path, exportName: export.exportName, missing: missing, header: table.header, hint: "")
    }
    var columns = Columns(
      date: date, time: try index(export.timeHeaders), weight: weight, unit: try index(export.unitHeaders))
    if let metric = export.metric { columns.metric = try index(metric.headers) }
    if let deleted = export.deletedHeader { columns.deleted = try index([deleted]) }
    columns.fallbackUnit = WeightExport.unit(inHeader: table.header[weight]) ?? unit
    if columns.unit == nil, columns.fallbackUnit == nil {
      throw .noWeightUnit(path: path, exportName: export.exportName, column: table.header[weight])
    }
    return columns
  }

  /// The weigh-in of one record, or its problems (every bad cell of it).
  private func weighIn(_ record: CSVTable.Record, _ columns: Columns, header: [String], path: String)
    -> Result<ImportBatch.WeighIn, RowProblems>
  {
    var problems: [Diagnostic] = []
    func problem(_ column: Int, _ message: String) {
      problems.append(
        Diagnostic(
          .error, SourceLocation(path: path, line: record.line, column: column + 1),
          "\"\(header[column])\": \(message)"))
    }
    func cell(_ column: Int) -> String { record[column].trimmingSpaces() }
    var date: CivilDate?
    if cell(columns.date).isEmpty {
      problem(columns.date, "is empty; every weigh-in needs its date")
    } else {
      do throws(ImportProblem) { date = try ImportedTime.date(cell(columns.date)) } catch {
        problem(columns.date, error.message)
      }
    }
    var secondOfDay = WeightExport.defaultSecondOfDay
    if let time = columns.time, !cell(time).isEmpty {
      do throws(ImportProblem) { secondOfDay = try ImportedTime.secondOfDay(cell(time)) } catch {
        problem(time, error.message)
      }
    }
    var unit = columns.fallbackUnit
    if let column = columns.unit, !cell(column).isEmpty {
      unit = WeightExport.unit(named: cell(column))
      if unit == nil { problem(column, "expected the unit kg or lbs, got \"\(cell(column))\"") }
    } else if let column = columns.unit, unit == nil {
      problem(column, "is empty; a weigh-in needs its unit, kg or lbs")
    }
    var literal: String?
    if cell(columns.weight).isEmpty {
      problem(columns.weight, "is empty; every weigh-in needs its weight")
    } else {
      switch decimalStyle.literal(cell(columns.weight)) {
      case .success(let number): literal = number
      case .failure(let error): problem(columns.weight, error.message)
      }
    }
    guard problems.isEmpty, let date, let unit, let literal else { return .failure(RowProblems(diagnostics: problems)) }
    let timestamp = Timestamp(localDate: date, secondOfDay: secondOfDay, utcOffsetSeconds: nil).withOffset(of: zone)
    let line = "{\"timestamp\":\(JSONWriter.quoted(timestamp.rfc3339)),\"\(unit.key)\":\(literal)}\n"
    let read = BodyLog.read(Array(line.utf8), path: path)
    guard let measurement = read.measurements.first else {
      for refused in read.diagnostics where refused.severity == .error { problem(columns.weight, refused.message) }
      return .failure(RowProblems(diagnostics: problems))
    }
    return .success(
      ImportBatch.WeighIn(
        measurement: measurement, source: SourceLocation(path: path, line: record.line, column: columns.weight + 1)))
  }
}
