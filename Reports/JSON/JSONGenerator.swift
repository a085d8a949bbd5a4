import DemeterReporting

/// The report model itself as JSON (`"schema": 1`), for other programs and plugins.
public struct JSONGenerator: TableStreamingGenerator {
  public let name = "json"
  public let fileExtension = "json"
  public let mediaType = "application/json"
  public let summary = "the report model as JSON (schema 1), exact numbers"

  public init() {}

  public func render(_ report: ReportModel, options: RenderOptions) -> [UInt8] {
    Array((report.jsonText + "\n").utf8)
  }

  public func renderHead(of report: ReportModel, options: RenderOptions) -> [UInt8] {
    Array(report.jsonTextAroundRows.head.utf8)
  }

  public func renderRows(_ rows: [ReportTableRow], after written: Int, options: RenderOptions) -> [UInt8] {
    var out = ""
    for (index, row) in rows.enumerated() {
      if written + index > 0 { out += "," }
      out += row.jsonText
    }
    return Array(out.utf8)
  }

  public func renderTail(of report: ReportModel, options: RenderOptions) -> [UInt8] {
    Array((report.jsonTextAroundRows.tail + "\n").utf8)
  }
}
