/// What a template is rendered against (SPEC §7: "templates see the same report model as json"):
/// the JSON report model, plus a few conveniences Mustache cannot compute itself —
/// `readerColumns` on tables and `readerCells` on rows (the columns text formats show, with
/// `numeric`), `hasRows`, `hasItems`, `isCut` and `moreCount` on lists, `last` on facts,
/// `hasSummary`, `hasNotes`, `hasFacts`, `hasCharts` at the top, and `svg` (an inline SVG) on charts.
public enum TemplateContext {
  /// The context for `report`; `escape` is applied to every string of the model (e.g. Markdown
  /// escaping; HTML templates pass the identity and rely on Mustache's HTML escaping).
  public static func make(_ report: ReportModel, escape: (String) -> String = { $0 }) -> MustacheValue {
    let root = MustacheValue(json: report.jsonValue, escapingStrings: escape)
    guard case .object(var top) = root else { return root }
    top["hasSummary"] = .bool(!report.summary.isEmpty)
    top["hasNotes"] = .bool(!report.notes.isEmpty)
    top["hasFacts"] = .bool(!report.facts.isEmpty)
    top["hasCharts"] = .bool(!report.charts.isEmpty)
    var tables = takeList("tables", from: &top)
    for (index, table) in zip(tables.indices, report.tables) { tableContext(table, &tables[index]) }
    top["tables"] = .list(tables)
    var lists = takeList("lists", from: &top)
    for (index, reportList) in zip(lists.indices, report.lists) { listContext(reportList, &lists[index]) }
    top["lists"] = .list(lists)
    var charts = takeList("charts", from: &top)
    for (index, chart) in zip(charts.indices, report.charts) {
      add(["svg": .string(SVGChart.render(chart))], to: &charts[index])
    }
    top["charts"] = .list(charts)
    var facts = takeList("facts", from: &top)
    for index in facts.indices { add(["last": .bool(index == facts.count - 1)], to: &facts[index]) }
    top["facts"] = .list(facts)
    return .object(top)
  }

  private static func tableContext(_ table: ReportTable, _ value: inout MustacheValue) {
    guard case .object(var object) = value else { return }
    value = .null  // `object` and its rows are then changed without copies
    let shown = table.readerColumns
    let columnValues = list(object["columns"])
    let columns = shown.map { entry -> MustacheValue in
      .object(["title": columnValues[entry.index].member("title"), "numeric": .bool(entry.column.isNumeric)])
    }
    var rows = takeList("rows", from: &object)
    for index in rows.indices {
      let cells = list(rows[index].member("cells"))
      let readerCells = shown.map { entry -> MustacheValue in
        var cell = cells[entry.index]
        add(["numeric": .bool(entry.column.isNumeric)], to: &cell)
        return cell
      }
      add(["readerCells": .list(readerCells)], to: &rows[index])
    }
    object["readerColumns"] = .list(columns)
    object["rows"] = .list(rows)
    object["hasRows"] = .bool(!table.rows.isEmpty)
    value = .object(object)
  }

  private static func listContext(_ reportList: ReportList, _ value: inout MustacheValue) {
    add(
      [
        "hasItems": .bool(reportList.totalCount > 0),
        "isCut": .bool(reportList.items.count < reportList.totalCount),
        "moreCount": .number(String(reportList.totalCount - reportList.items.count)),
      ], to: &value)
  }

  /// Adds `members` to the object `value` (replacing members of the same names), in place.
  private static func add(_ members: [String: MustacheValue], to value: inout MustacheValue) {
    guard case .object(var object) = value else { return }
    value = .null  // `object` is then the only reference, merged without a copy
    object.merge(members) { _, new in new }
    value = .object(object)
  }

  /// The list `key` of `object`, removed from it so it can be changed without a copy.
  private static func takeList(_ key: String, from object: inout [String: MustacheValue]) -> [MustacheValue] {
    list(object.removeValue(forKey: key))
  }

  private static func list(_ value: MustacheValue?) -> [MustacheValue] {
    if case .list(let items)? = value { return items }
    return []
  }
}

extension MustacheValue {
  /// The member `key` of an object, or null.
  func member(_ key: String) -> MustacheValue {
    if case .object(let members) = self, let value = members[key] { return value }
    return .null
  }
}
