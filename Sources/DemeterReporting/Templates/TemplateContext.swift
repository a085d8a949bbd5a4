import DemeterCore

/// What a template is rendered against (manual: output: "templates see the same report model as json"):
/// the JSON report model, plus a few conveniences Mustache cannot compute itself —
/// `readerColumns` on tables and `readerCells` on rows (the columns text formats show, with
/// `numeric`), `hasRows` and `leadsSummary` (drawn before the summary) on tables, `hasItems`,
/// `isCut` and `moreCount` on lists, `last` on facts,
/// `hasSummary`, `hasNotes`, `hasFacts`, `hasCharts` at the top, and `svg` (an inline SVG) and
/// `narrowSvg` (the same chart drawn for a phone's width, `ChartFrame.narrow`) on charts, and on
/// each media file of `galleries` `source` (a photo's `data:` URI, when the page embeds it), `alt`
/// (its caption, or its file's name) and `link` (its path, when the page links it).
///
/// The context is built from the model directly, member for member what `ReportModel.jsonValue`
/// holds (numbers as their exact JSON text), without making the JSON value first.
public enum TemplateContext {
  /// The context for `report`; `escape` is applied to every string of the model (e.g. Markdown
  /// escaping; HTML templates pass the identity and rely on Mustache's HTML escaping).
  ///
  /// With `names` (`MustacheTemplate.names`), members named by none of them are left out and never
  /// computed: a template that never names a member cannot tell it is missing.
  ///
  /// With `streamsPrimaryRows`, the primary table's rows are the one item `streamedRows` (and
  /// `hasRows` is true): a template split there (`MustacheTemplate.split`) renders the rows later,
  /// each made by `row(_:of:escape:names:)`.
  public static func make(
    _ report: ReportModel, escape: (String) -> String = { $0 }, names: Set<String>? = nil,
    streamsPrimaryRows: Bool = false
  ) -> MustacheValue {
    withoutActuallyEscaping(escape) {
      Builder(escape: $0, kept: KeptMembers(names), streamsPrimaryRows: streamsPrimaryRows).report(report)
    }
  }

  /// The context of `row` of `table`, as `make` makes it among the table's rows.
  public static func row(
    _ row: ReportTableRow, of table: ReportTable, escape: (String) -> String = { $0 }, names: Set<String>? = nil
  ) -> MustacheValue {
    withoutActuallyEscaping(escape) {
      Builder(escape: $0, kept: KeptMembers(names), streamsPrimaryRows: false).row(row, shown: table.readerColumns)
    }
  }

  /// The item that stands for the primary table's rows in a context made with `streamsPrimaryRows`.
  public static let streamedRows: MustacheValue = .object(["\u{0}streamed rows": true])

  /// Makes the objects of one context, keeping only the members a template can name.
  private struct Builder {
    let escape: (String) -> String
    let kept: KeptMembers
    /// Whether the primary table's rows are `streamedRows`.
    let streamsPrimaryRows: Bool

    func report(_ report: ReportModel) -> MustacheValue {
      var top = Members(kept, capacity: 14)
      top.set(.schema) { .number(String(ReportModel.schema)) }
      top.set(.kind) { .string(escape(report.kind.rawValue)) }
      top.set(.title) { .string(escape(report.title)) }
      top.set(.period) {
        guard let period = report.period else { return .null }
        var members = Members(kept, capacity: 2)
        members.set(.first) { .string(escape(period.first)) }
        members.set(.last) { .string(escape(period.last)) }
        return .object(members.values)
      }
      // Only a report of a query has one, as its JSON.
      if let query = report.query { top.set(.query) { .string(escape(query)) } }
      // Only a split report has them, as its JSON.
      if let breakdown = report.breakdown {
        top.set(.by) { .string(escape(breakdown.by)) }
        top.set(.buckets) { .list(breakdown.buckets.map(bucket)) }
      }
      top.set(.facts) {
        .list(report.facts.indices.map { fact(report.facts[$0], isLast: $0 == report.facts.count - 1) })
      }
      top.set(.summary) { .list(report.summary.map { fact($0, isLast: nil) }) }
      top.set(.tables) {
        .list(report.tables.indices.map { table(report.tables[$0], streamsRows: $0 == 0 && streamsPrimaryRows) })
      }
      top.set(.charts) { .list(report.charts.map(chart)) }
      top.set(.lists) { .list(report.lists.map(list)) }
      top.set(.notes) { .list(report.notes.map { .string(escape($0)) }) }
      // Only a report that shows media has them, as its JSON.
      if !report.galleries.isEmpty { top.set(.galleries) { .list(report.galleries.map(gallery)) } }
      top.set(.hasSummary) { .bool(!report.summary.isEmpty) }
      top.set(.hasNotes) { .bool(!report.notes.isEmpty) }
      top.set(.hasFacts) { .bool(!report.facts.isEmpty) }
      top.set(.hasCharts) { .bool(!report.charts.isEmpty) }
      return .object(top.values)
    }

    /// A bucket of a split report: `bucket`, `first`, `last` and its `breakdown` rows, each an
    /// object of the row's cells' values by column id.
    private func bucket(_ bucket: ReportBreakdown.Bucket) -> MustacheValue {
      var members = Members(kept, capacity: 4)
      members.set(.bucket) { .string(escape(bucket.label)) }
      members.set(.first) { .string(escape(bucket.first)) }
      members.set(.last) { .string(escape(bucket.last)) }
      members.set(.breakdown) {
        .list(
          bucket.table.rows.map { row in
            var values = MustacheObject(capacity: row.cells.count)
            for (column, cell) in zip(bucket.table.columns, row.cells) { values[column.id] = value(of: cell) }
            return .object(values)
          })
      }
      return .object(members.values)
    }

    /// A fact; `last` only on the facts list.
    private func fact(_ fact: ReportFact, isLast: Bool?) -> MustacheValue {
      var members = Members(kept, capacity: 5)
      members.set(.id) { .string(escape(fact.id)) }
      members.set(.label) { .string(escape(fact.label)) }
      cell(fact.value, into: &members)
      if let isLast { members.set(.last) { .bool(isLast) } }
      return .object(members.values)
    }

    /// `value` (the exact number, the text, or null when missing) and `display`.
    private func cell(_ cell: ReportCell, into members: inout Members) {
      members.set(.value) { value(of: cell) }
      members.set(.display) { .string(escape(cell.display)) }
    }

    /// The exact number of `cell`, its text, or null when missing.
    private func value(of cell: ReportCell) -> MustacheValue {
      if let number = cell.number, let date = cell.date {
        return .object(["date": .string(escape(date)), "calories": .number(number.exactText)])
      }
      if let number = cell.number { return .number(number.exactText) }
      return cell.display.isEmpty ? .null : .string(escape(cell.display))
    }

    private func table(_ table: ReportTable, streamsRows: Bool) -> MustacheValue {
      let shown = table.readerColumns
      var members = Members(kept, capacity: 7)
      members.set(.id) { .string(escape(table.id)) }
      members.set(.caption) { .string(escape(table.caption)) }
      members.set(.columns) {
        .list(
          table.columns.map { column in
            var members = Members(kept, capacity: 4)
            members.set(.id) { .string(escape(column.id)) }
            members.set(.title) { .string(escape(column.title)) }
            members.set(.numeric) { .bool(column.isNumeric) }
            members.set(.shown) { .bool(column.shownToReaders) }
            return .object(members.values)
          })
      }
      members.set(.rows) { .list(streamsRows ? [streamedRows] : table.rows.map { row($0, shown: shown) }) }
      members.set(.readerColumns) {
        .list(
          shown.map { entry in
            var members = Members(kept, capacity: 2)
            members.set(.title) { .string(escape(entry.column.title)) }
            members.set(.numeric) { .bool(entry.column.isNumeric) }
            return .object(members.values)
          })
      }
      members.set(.hasRows) { .bool(streamsRows || !table.rows.isEmpty) }
      members.set(.leadsSummary) { .bool(table.leadsSummary) }
      return .object(members.values)
    }

    /// A row of a table whose columns for readers are `shown`.
    func row(_ row: ReportTableRow, shown: [(index: Int, column: ReportColumn)]) -> MustacheValue {
      var members = Members(kept, capacity: 3)
      members.set(.role) { .string(escape(row.role.rawValue)) }
      members.set(.cells) {
        .list(
          row.cells.map {
            var members = Members(kept, capacity: 2)
            cell($0, into: &members)
            return .object(members.values)
          })
      }
      members.set(.readerCells) {
        .list(
          shown.map { entry in
            var members = Members(kept, capacity: 3)
            cell(row.cells[entry.index], into: &members)
            members.set(.numeric) { .bool(entry.column.isNumeric) }
            return .object(members.values)
          })
      }
      return .object(members.values)
    }

    private func chart(_ chart: ReportChart) -> MustacheValue {
      var members = Members(kept, capacity: 10)
      members.set(.id) { .string(escape(chart.id)) }
      members.set(.kind) { .string(escape(chart.kind.rawValue)) }
      members.set(.title) { .string(escape(chart.title)) }
      members.set(.summary) { .string(escape(chart.summary)) }
      members.set(.unit) { .string(escape(chart.unit)) }
      members.set(.goal) { chart.goal.map { .number(DecimalText.shortest($0)) } ?? .null }
      members.set(.line) {
        chart.line.map { line in
          var members = Members(kept, capacity: 2)
          members.set(.label) { .string(escape(line.label)) }
          members.set(.values) {
            .list(line.values.map { $0.map { .number(DecimalText.shortest($0)) } ?? .null })
          }
          return .object(members.values)
        } ?? .null
      }
      members.set(.points) {
        .list(
          chart.points.map { point in
            var members = Members(kept, capacity: 3)
            members.set(.label) { .string(escape(point.label)) }
            members.set(.value) { .number(DecimalText.shortest(point.value)) }
            members.set(.display) { .string(escape(point.display)) }
            return .object(members.values)
          })
      }
      members.set(.svg) { .string(SVGChart.render(chart)) }
      members.set(.narrowSvg) { .string(SVGChart.render(chart, in: .narrow)) }
      return .object(members.values)
    }

    private func gallery(_ gallery: ReportGallery) -> MustacheValue {
      var members = Members(kept, capacity: 3)
      members.set(.id) { .string(escape(gallery.id)) }
      members.set(.title) { .string(escape(gallery.title)) }
      members.set(.media) {
        .list(
          gallery.media.map { media in
            var members = Members(kept, capacity: 10)
            members.set(.path) { .string(escape(media.path)) }
            members.set(.caption) { .string(escape(media.caption)) }
            members.set(.featured) { .bool(media.featured) }
            members.set(.kind) { .string(media.isVideo ? "video" : "image") }
            members.set(.shown) { .string(media.shown.name) }
            members.set(.note) { .string(escape(media.shown.note)) }
            members.set(.source) { media.dataURI.map { .string($0) } ?? .null }
            members.set(.alt) { .string(escape(media.altText)) }
            members.set(.link) {
              guard case .linked = media.shown else { return .null }
              return .string(escape(media.path))
            }
            return .object(members.values)
          })
      }
      return .object(members.values)
    }

    private func list(_ list: ReportList) -> MustacheValue {
      var members = Members(kept, capacity: 8)
      members.set(.id) { .string(escape(list.id)) }
      members.set(.title) { .string(escape(list.title)) }
      members.set(.summary) { .string(escape(list.summary)) }
      members.set(.totalCount) { .number(String(list.totalCount)) }
      members.set(.items) {
        .list(
          list.items.map { item in
            var members = Members(kept, capacity: 2)
            members.set(.text) { .string(escape(item.text)) }
            members.set(.detail) { .string(escape(item.detail)) }
            return .object(members.values)
          })
      }
      members.set(.hasItems) { .bool(list.totalCount > 0) }
      members.set(.isCut) { .bool(list.items.count < list.totalCount) }
      members.set(.moreCount) { .number(String(list.totalCount - list.items.count)) }
      return .object(members.values)
    }
  }

  /// Every member the context's objects can have; `name` is the case's name (a test checks it).
  enum Member: Int, CaseIterable {
    case schema, kind, title, period, first, last, facts, summary, tables, charts, lists, notes
    case hasSummary, hasNotes, hasFacts, hasCharts
    case id, label, value, display, caption, columns, numeric, shown, rows, role, cells, readerCells
    case readerColumns, hasRows, leadsSummary, unit, goal, line, values, points, svg, narrowSvg
    case totalCount, items, text, detail, hasItems, isCut, moreCount, query
    case galleries, media, path, featured, note, source, alt, link
    case by, buckets, bucket, breakdown

    /// The names in case order; spelled out because `String(describing:)` reads them through
    /// reflection, too slow for every render.
    static let names = [
      "schema", "kind", "title", "period", "first", "last", "facts", "summary", "tables", "charts", "lists",
      "notes",
      "hasSummary", "hasNotes", "hasFacts", "hasCharts",
      "id", "label", "value", "display", "caption", "columns", "numeric", "shown", "rows", "role", "cells",
      "readerCells", "readerColumns", "hasRows", "leadsSummary", "unit", "goal", "line", "values", "points",
      "svg", "narrowSvg",
      "totalCount", "items", "text", "detail", "hasItems", "isCut", "moreCount", "query",
      "galleries", "media", "path", "featured", "note", "source", "alt", "link",
      "by", "buckets", "bucket", "breakdown",
    ]

    var name: String { Self.names[rawValue] }
  }

  /// The members a template can name, one bit each: its names are looked up once per render,
  /// not once per object.
  private struct KeptMembers {
    private var bits: UInt64 = 0

    init(_ names: Set<String>?) {
      precondition(Member.allCases.count <= UInt64.bitWidth, "one bit a member")
      for member in Member.allCases where names?.contains(member.name) ?? true {
        bits |= 1 << UInt64(member.rawValue)
      }
    }

    func contains(_ member: Member) -> Bool {
      bits & (1 << UInt64(member.rawValue)) != 0
    }
  }

  /// The members of one object, each made only when its name is kept; room for `capacity` (the
  /// object's members) is made at once.
  private struct Members {
    let kept: KeptMembers
    var values: MustacheObject

    init(_ kept: KeptMembers, capacity: Int) {
      self.kept = kept
      values = MustacheObject(capacity: capacity)
    }

    /// Sets `member` (each member is set once).
    mutating func set(_ member: Member, _ value: () -> MustacheValue) {
      if kept.contains(member) { values.append(member.name, value()) }
    }
  }
}

extension MustacheValue {
  /// The member `key` of an object, or null.
  func member(_ key: String) -> MustacheValue {
    if case .object(let members) = self, let value = members[key] { return value }
    return .null
  }
}
