/// What a template is rendered against (SPEC §7: "templates see the same report model as json"):
/// the JSON report model, plus a few conveniences Mustache cannot compute itself —
/// `readerColumns` on tables and `readerCells` on rows (the columns text formats show, with
/// `numeric`), `hasRows`, `hasItems`, `isCut` and `moreCount` on lists, `last` on facts,
/// `hasSummary`, `hasNotes`, `hasFacts`, `hasCharts` at the top, and `svg` (an inline SVG) on charts.
public enum TemplateContext {
  /// The context for `report`; `escape` is applied to every string of the model (e.g. Markdown
  /// escaping; HTML templates pass the identity and rely on Mustache's HTML escaping).
  public static func make(_ report: ReportModel, escape: (String) -> String = { $0 }) -> MustacheValue {
    var root = strings(MustacheValue(json: report.jsonValue), escape)
    guard case .object(var top) = root else { return root }
    top["hasSummary"] = .bool(!report.summary.isEmpty)
    top["hasNotes"] = .bool(!report.notes.isEmpty)
    top["hasFacts"] = .bool(!report.facts.isEmpty)
    top["hasCharts"] = .bool(!report.charts.isEmpty)
    top["tables"] = .list(
      zip(report.tables, list(top["tables"])).map { table, value in tableContext(table, value) })
    top["lists"] = .list(
      zip(report.lists, list(top["lists"])).map { reportList, value in listContext(reportList, value) })
    top["charts"] = .list(
      zip(report.charts, list(top["charts"])).map { chart, value in
        adding(["svg": .string(SVGChart.render(chart))], to: value)
      })
    let facts = list(top["facts"])
    top["facts"] = .list(
      facts.enumerated().map { adding(["last": .bool($0.offset == facts.count - 1)], to: $0.element) })
    root = .object(top)
    return root
  }

  private static func tableContext(_ table: ReportTable, _ value: MustacheValue) -> MustacheValue {
    let shown = table.readerColumns
    let columns = shown.map { entry -> MustacheValue in
      .object([
        "title": list(value, "columns")[entry.index].member("title"),
        "numeric": .bool(entry.column.isNumeric),
      ])
    }
    let rows = zip(table.rows, list(value, "rows")).map { row, rowValue -> MustacheValue in
      let cells = list(rowValue, "cells")
      let readerCells = shown.map { entry -> MustacheValue in
        adding(["numeric": .bool(entry.column.isNumeric)], to: cells[entry.index])
      }
      return adding(["readerCells": .list(readerCells)], to: rowValue)
    }
    return adding(
      ["readerColumns": .list(columns), "rows": .list(rows), "hasRows": .bool(!table.rows.isEmpty)], to: value
    )
  }

  private static func listContext(_ reportList: ReportList, _ value: MustacheValue) -> MustacheValue {
    adding(
      [
        "hasItems": .bool(reportList.totalCount > 0),
        "isCut": .bool(reportList.items.count < reportList.totalCount),
        "moreCount": .number(String(reportList.totalCount - reportList.items.count)),
      ], to: value)
  }

  /// Applies `escape` to every string in `value`.
  private static func strings(_ value: MustacheValue, _ escape: (String) -> String) -> MustacheValue {
    switch value {
    case .string(let text): return .string(escape(text))
    case .list(let items): return .list(items.map { strings($0, escape) })
    case .object(let members): return .object(members.mapValues { strings($0, escape) })
    default: return value
    }
  }

  private static func adding(_ members: [String: MustacheValue], to value: MustacheValue) -> MustacheValue {
    guard case .object(var object) = value else { return value }
    object.merge(members) { _, new in new }
    return .object(object)
  }

  private static func list(_ value: MustacheValue?) -> [MustacheValue] {
    if case .list(let items)? = value { return items }
    return []
  }

  private static func list(_ value: MustacheValue, _ key: String) -> [MustacheValue] {
    list(value.member(key))
  }
}

extension MustacheValue {
  /// The member `key` of an object, or null.
  func member(_ key: String) -> MustacheValue {
    if case .object(let members) = self, let value = members[key] { return value }
    return .null
  }
}
