import DemeterReporting

/// The report model itself as JSON (`"schema": 1`), for other programs and plugins.
public struct JSONGenerator: ReportGenerator {
  public let name = "json"
  public let fileExtension = "json"
  public let mediaType = "application/json"
  public let summary = "the report model as JSON (schema 1), exact numbers"

  public init() {}

  public func render(_ report: ReportModel, options: RenderOptions) -> [UInt8] {
    Array((report.jsonText + "\n").utf8)
  }
}
