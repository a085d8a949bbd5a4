import DemeterCore

extension ReportModel {
  /// The model as compact JSON with a fixed key order (`"schema"` first), exact numbers.
  public var jsonText: String {
    JSONWriter.string(jsonValue)
  }

  /// The model as a JSON value: what `json` writes and what templates and external generators see.
  public var jsonValue: JSONValue {
    object([
      ("schema", .number(JSONNumber(literal: String(Self.schema)))),
      ("kind", .string(kind.rawValue)),
      ("title", .string(title)),
      ("period", period.map { object([("first", .string($0.first)), ("last", .string($0.last))]) } ?? .null),
      ("facts", .array(facts.map(\.jsonValue))),
      ("summary", .array(summary.map(\.jsonValue))),
      ("tables", .array(tables.map(\.jsonValue))),
      ("charts", .array(charts.map(\.jsonValue))),
      ("lists", .array(lists.map(\.jsonValue))),
      ("notes", .array(notes.map { .string($0) })),
    ])
  }
}

extension ReportFact {
  var jsonValue: JSONValue {
    object([("id", .string(id)), ("label", .string(label))] + value.jsonMembers)
  }
}

extension ReportCell {
  /// `"value"` (exact number, text, or null when missing) and `"display"`.
  var jsonMembers: [(String, JSONValue)] {
    let value: JSONValue
    if let number {
      value = .number(JSONNumber(literal: number.exactText))
    } else {
      value = display.isEmpty ? .null : .string(display)
    }
    return [("value", value), ("display", .string(display))]
  }
}

extension ReportTable {
  var jsonValue: JSONValue {
    object([
      ("id", .string(id)),
      ("caption", .string(caption)),
      (
        "columns",
        .array(
          columns.map {
            object([
              ("id", .string($0.id)), ("title", .string($0.title)), ("numeric", .bool($0.isNumeric)),
              ("shown", .bool($0.shownToReaders)),
            ])
          })
      ),
      (
        "rows",
        .array(
          rows.map { row in
            object([
              ("role", .string(row.role.rawValue)),
              ("cells", .array(row.cells.map { object($0.jsonMembers) })),
            ])
          })
      ),
    ])
  }
}

extension ReportChart {
  var jsonValue: JSONValue {
    object([
      ("id", .string(id)),
      ("kind", .string(kind.rawValue)),
      ("title", .string(title)),
      ("summary", .string(summary)),
      ("unit", .string(unit)),
      ("goal", goal.map { .number(JSONNumber(literal: DecimalText.shortest($0))) } ?? .null),
      (
        "points",
        .array(
          points.map {
            object([
              ("label", .string($0.label)),
              ("value", .number(JSONNumber(literal: DecimalText.shortest($0.value)))),
              ("display", .string($0.display)),
            ])
          })
      ),
    ])
  }
}

extension ReportList {
  var jsonValue: JSONValue {
    object([
      ("id", .string(id)),
      ("title", .string(title)),
      ("summary", .string(summary)),
      ("totalCount", .number(JSONNumber(literal: String(totalCount)))),
      ("items", .array(items.map { object([("text", .string($0.text)), ("detail", .string($0.detail))]) })),
    ])
  }
}

/// A JSON object with members in the given order.
func object(_ members: [(String, JSONValue)]) -> JSONValue {
  .object(
    JSONObject(members: members.map { JSONMember(key: $0.0, value: $0.1, keyOffset: 0, valueOffset: 0) }))
}
