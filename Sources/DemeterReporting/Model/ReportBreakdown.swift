/// The split of each bucket of a report by a dimension (manual: queries, `--by`): JSON writes
/// `"by"` and each bucket's rows, CSV one table of every bucket's rows (`table`), readers a table
/// per bucket (among the report's tables).
public struct ReportBreakdown: Sendable, Hashable {
  /// One bucket with entries and its rows.
  public struct Bucket: Sendable, Hashable {
    /// The bucket's label (`2026-W47`, `2026-11`, a date).
    public var label: String
    /// Its first and last day, `YYYY-MM-DD`.
    public var first: String
    public var last: String
    /// Its rows: the value, entries, nutrient totals and share of the bucket's kcal.
    public var table: ReportTable

    public init(label: String, first: String, last: String, table: ReportTable) {
      self.label = label
      self.first = first
      self.last = last
      self.table = table
    }
  }

  /// The dimension's name (`meal`, `tag`, …).
  public var by: String
  /// The name of the bucket column (`week`, `month`, `date`).
  public var bucketColumn: String
  public var buckets: [Bucket]

  public init(by: String, bucketColumn: String, buckets: [Bucket]) {
    self.by = by
    self.bucketColumn = bucketColumn
    self.buckets = buckets
  }

  /// Every bucket's rows in one table (what CSV writes): the bucket and its first and last day,
  /// `by`, then each row's columns.
  public var table: ReportTable {
    let rowColumns = buckets.first?.table.columns ?? []
    let columns =
      [
        ReportColumn(id: bucketColumn, title: bucketColumn.prefix(1).uppercased() + bucketColumn.dropFirst(), isNumeric: false),
        ReportColumn(id: "first", title: "First", isNumeric: false),
        ReportColumn(id: "last", title: "Last", isNumeric: false),
        ReportColumn(id: "by", title: "By", isNumeric: false),
      ] + rowColumns
    let rows = buckets.flatMap { bucket in
      bucket.table.rows.map { row in
        ReportTableRow(cells: [.text(bucket.label), .text(bucket.first), .text(bucket.last), .text(by)] + row.cells)
      }
    }
    return ReportTable(id: "breakdown", caption: "By \(by)", columns: columns, rows: rows)
  }
}
