import DemeterReporting

/// RFC 4180 CSV, one row per bucket (SPEC §6). Columns are stable and documented in the README;
/// numbers are exact (or rounded to `RenderOptions.decimals`), with `.` as the decimal mark; LF line ends.
public struct CSVGenerator: ReportGenerator {
  public let name = "csv"
  public let fileExtension = "csv"
  public let mediaType = "text/csv"
  public let summary = "comma-separated values, one row per bucket, exact numbers"

  public init() {}

  public func render(_ report: ReportModel, options: RenderOptions) -> [UInt8] {
    let decimals = options.decimals
    var out = ""
    let bucketed = report.kind != .day && report.kind != .range
    var header = [report.kind.labelColumn]
    if bucketed { header.append("\(report.kind.labelColumn)_start") }
    header += ["entries"]
    if bucketed { header.append("days_logged") }
    header += ["calories", "protein", "carbohydrates", "fat"]
    if bucketed { header.append("avg_daily_calories") }
    header += ["confidence_mean", "confidence_min", "confidence_max", "low_confidence_entries"]
    appendRecord(header, to: &out)
    for row in report.rows {
      var cells = [row.label]
      if bucketed { cells.append(row.first) }
      cells.append(String(row.entries))
      if bucketed { cells.append(String(row.daysLogged)) }
      cells += [row.calories, row.protein, row.carbohydrates, row.fat].map { $0.text(decimals: decimals) }
      if bucketed { cells.append(row.averageDailyCalories?.text(decimals: decimals) ?? "") }
      cells += [row.confidenceMean, row.confidenceMin, row.confidenceMax].map {
        $0?.text(decimals: decimals) ?? ""
      }
      cells.append(String(row.lowConfidenceEntries))
      appendRecord(cells, to: &out)
    }
    return Array(out.utf8)
  }

  private func appendRecord(_ cells: [String], to out: inout String) {
    out += cells.map(CSVField.escape).joined(separator: ",")
    out += "\n"
  }
}
