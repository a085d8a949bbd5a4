/// A built-in template's report written a primary-table row at a time (manual: architecture): the template rendered once around its rows (`MustacheSplit`), then each part of rows
/// rendered in their place. Made by `TemplateGenerator.streaming` for one report shell: its head and
/// tail are that report's, whatever report they are asked for.
struct TemplateTableStream: WholeFormatStream {
  let format: TemplateGenerator
  let split: MustacheSplit
  /// The primary table (its columns: what a row shows).
  let table: ReportTable
  let escape: @Sendable (String) -> String
  let names: Set<String>?

  func renderHead(of report: ReportModel, options: RenderOptions) -> [UInt8] { split.head }

  func renderRows(_ rows: [ReportTableRow], after written: Int, options: RenderOptions) -> [UInt8] {
    do {
      return try split.render(rows.map { TemplateContext.row($0, of: table, escape: escape, names: names) })
    } catch {
      // `TemplateGenerator.streaming` rendered a row of this table before handing this out.
      preconditionFailure("a built-in template's row did not render: \(error.description)")
    }
  }

  func renderTail(of report: ReportModel, options: RenderOptions) -> [UInt8] { split.tail }
}
