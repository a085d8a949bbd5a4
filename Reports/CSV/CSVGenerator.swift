import DemeterReporting

/// RFC 4180 CSV of the report's primary table (manual: reports): a header of the columns' stable ids, one
/// record per row (bucket, entry, ingredient or problem), exact numbers (or rounded to
/// `RenderOptions.decimals`) with `.` as the decimal mark, LF line ends. Total rows are left out.
/// Cells keep their bytes, except on a terminal (`RenderOptions.terminal`), where they are escaped
/// as text output is.
public struct CSVGenerator: TableStreamingGenerator {
  public let name = "csv"
  public let fileExtension = "csv"
  public let mediaType = "text/csv"
  public let summary = "comma-separated values of the main table, exact numbers"
  public let shows = ReportParts.primaryTable

  public init() {}

  public func render(_ report: ReportModel, options: RenderOptions) throws(ReportRenderError) -> [UInt8] {
    renderRowsInParts(
      report.primaryTable?.rows ?? [], following: renderHead(of: report, options: options), options: options)
  }

  /// The header record of the primary table's column ids (nothing without a table).
  public func renderHead(of report: ReportModel, options: RenderOptions) -> [UInt8] {
    guard let table = report.primaryTable else { return [] }
    var out: [UInt8] = []
    appendRecord(table.columns.map(\.id), to: &out)
    return out
  }

  public func renderRows(_ rows: [ReportTableRow], after written: Int, options: RenderOptions) -> [UInt8] {
    let items = rows.filter { $0.role != .total }
    return renderRows(count: items.count, after: written, options: options) { row, cell in
      for item in items[row].cells { cell(item) }
    }
  }

  /// A record a row, its cells appended as they are handed over.
  public func renderRows(
    count: Int, after written: Int, options: RenderOptions,
    cells: (_ row: Int, _ cell: (ReportCell) -> Void) -> Void
  ) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(count * 64)
    for row in 0..<count {
      var first = true
      cells(row) { cell in
        if !first { out.append(UInt8(ascii: ",")) }
        first = false
        if let number = cell.number {
          CSVField.append(number, decimals: options.decimals, to: &out)
        } else {
          CSVField.append(text: cell.display, options: options, to: &out)
        }
      }
      out.append(UInt8(ascii: "\n"))
    }
    return out
  }

  public func renderTail(of report: ReportModel, options: RenderOptions) -> [UInt8] { [] }

  private func appendRecord(_ cells: [String], to out: inout [UInt8]) {
    for (position, cell) in cells.enumerated() {
      if position > 0 { out.append(UInt8(ascii: ",")) }
      CSVField.append(cell, to: &out)
    }
    out.append(UInt8(ascii: "\n"))
  }
}
