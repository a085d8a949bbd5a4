@testable import DemeterReporting

/// Rendering a report's primary table as it would come in parts, for comparing with `render`.
enum StreamingFixtures {
  static let options = RenderOptions(decimals: 3)

  /// Head, the rows in parts of 1, 2, 3 and 100 (each size must give the same bytes), and tail.
  static func streamed(_ report: ReportModel, _ generator: any TableStreamingGenerator) -> [UInt8] {
    let rows = report.primaryTable?.rows ?? []
    var shell = report
    if !shell.tables.isEmpty { shell.tables[0].rows = [] }
    var results: [[UInt8]] = []
    for size in [1, 2, 3, 100] {
      var bytes = generator.renderHead(of: shell, options: options)
      for start in stride(from: 0, to: rows.count, by: size) {
        bytes += generator.renderRows(
          Array(rows[start..<min(start + size, rows.count)]), after: start, options: options)
      }
      results.append(bytes + generator.renderTail(of: shell, options: options))
    }
    return results.allSatisfy { $0 == results[0] } ? results[0] : []
  }
}
