import DemeterCore

extension ReportModel {
  /// The model as compact JSON with a fixed key order (`"schema"` first), exact numbers.
  public var jsonText: String {
    JSONWriter.string(jsonValue)
  }

  /// The model as a JSON value: what `json` writes and what templates and external generators see.
  public var jsonValue: JSONValue { object(jsonMembers) }

  /// The members in order; `"query"` only when the report answers one, `"by"` and `"buckets"` (each
  /// bucket's `"breakdown"` rows, which `"tables"` then leaves out) only when it is split (`--by`),
  /// `"galleries"` only when it shows media.
  private var jsonMembers: [(String, JSONValue)] {
    var members: [(String, JSONValue)] = [
      ("schema", .number(JSONNumber(literal: String(Self.schema)))),
      ("kind", .string(kind.rawValue)),
      ("title", .string(title)),
      ("period", period.map { object([("first", .string($0.first)), ("last", .string($0.last))]) } ?? .null),
    ]
    if let query { members.append(("query", .string(query))) }
    if let breakdown { members.append(("by", .string(breakdown.by))) }
    members += [
      ("facts", .array(facts.map(\.jsonValue))),
      ("summary", .array(summary.map(\.jsonValue))),
      ("tables", .array(jsonTables.map(\.jsonValue))),
      ("charts", .array(charts.map(\.jsonValue))),
      ("lists", .array(lists.map(\.jsonValue))),
      ("notes", .array(notes.map { .string($0) })),
    ]
    if let breakdown { members.append(("buckets", .array(breakdown.buckets.map(\.jsonValue)))) }
    if !galleries.isEmpty { members.append(("galleries", .array(galleries.map(\.jsonValue)))) }
    return members
  }

  /// The tables JSON writes: all but the split's, whose rows it writes under `"buckets"`.
  private var jsonTables: [ReportTable] {
    guard let breakdown else { return tables }
    let split = Set(breakdown.buckets.map(\.table.id))
    return tables.filter { !split.contains($0.id) }
  }

  /// `jsonText` cut where the primary table's rows go: the text before its first row and after its
  /// last, for writing the rows as they come (their own text is `ReportTableRow.jsonText`, joined
  /// by commas). The model's primary table holds no rows.
  public var jsonTextAroundRows: (head: String, tail: String) {
    var head = ""
    var tail = ""
    var output = "{"
    for (index, member) in jsonMembers.enumerated() {
      if index > 0 { output += "," }
      JSONWriter.writeQuoted(member.0, into: &output)
      output += ":"
      guard member.0 == "tables", let primary = jsonTables.first else {
        JSONWriter.write(member.1, into: &output)
        continue
      }
      output += "["
      output += String(JSONWriter.string(primary.jsonValue).dropLast(2))
      swap(&head, &output)
      output += "]}"
      for table in jsonTables.dropFirst() {
        output += ","
        JSONWriter.write(table.jsonValue, into: &output)
      }
      output += "]"
    }
    output += "}"
    swap(&tail, &output)
    return (head, tail)
  }
}

extension ReportFact {
  var jsonValue: JSONValue {
    object([("id", .string(id)), ("label", .string(label))] + value.jsonMembers)
  }
}

extension ReportCell {
  /// `"value"` (exact number, `{"date", "calories"}` for a day's calories, text, or null when missing)
  /// and `"display"`.
  var jsonMembers: [(String, JSONValue)] {
    let value: JSONValue
    if let number, let date {
      value = object([("date", .string(date)), ("calories", .number(JSONNumber(literal: number.exactText)))])
    } else if let number {
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
      ("rows", .array(rows.map(\.jsonValue))),
    ])
  }
}

extension ReportBreakdown.Bucket {
  /// `{"bucket", "first", "last", "breakdown": [{COLUMN: exact value, …}, …]}`.
  var jsonValue: JSONValue {
    let ids = table.columns.map(\.id)
    let rows = table.rows.map { row in
      object(zip(ids, row.cells).map { ($0, $1.jsonMembers[0].1) })
    }
    return object([
      ("bucket", .string(label)), ("first", .string(first)), ("last", .string(last)), ("breakdown", .array(rows)),
    ])
  }
}

extension ReportTableRow {
  var jsonValue: JSONValue {
    object([("role", .string(role.rawValue)), ("cells", .array(cells.map { object($0.jsonMembers) }))])
  }

  /// The row as compact JSON, as it stands in the model's `jsonText`.
  public var jsonText: String { JSONWriter.string(jsonValue) }
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
        "line",
        line.map { line in
          object([
            ("label", .string(line.label)),
            (
              "values",
              .array(
                line.values.map { $0.map { .number(JSONNumber(literal: DecimalText.shortest($0))) } ?? .null }
              )
            ),
          ])
        } ?? .null
      ),
      (
        "points",
        .array(
          points.map { point in
            let number = { (value: Double) in
              JSONValue.number(JSONNumber(literal: DecimalText.shortest(value)))
            }
            var members: [(String, JSONValue)] = [
              ("label", .string(point.label)), ("value", number(point.value)),
              ("display", .string(point.display)),
            ]
            if let spread = point.spread {
              members.append(
                (
                  "spread",
                  object([
                    ("low", number(spread.low)), ("high", number(spread.high)),
                    ("values", .array(spread.values.map(number))),
                  ])
                ))
            }
            return object(members)
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

extension ReportGallery {
  var jsonValue: JSONValue {
    object([
      ("id", .string(id)),
      ("title", .string(title)),
      (
        "media",
        .array(
          media.map { media in
            object([
              ("path", .string(media.path)), ("caption", .string(media.caption)),
              ("featured", .bool(media.featured)), ("kind", .string(media.isVideo ? "video" : "image")),
              ("shown", .string(media.shown.name)), ("note", .string(media.shown.note)),
            ])
          })
      ),
    ])
  }
}

/// A JSON object with members in the given order.
func object(_ members: [(String, JSONValue)]) -> JSONValue {
  .object(
    JSONObject(members: members.map { JSONMember(key: $0.0, value: $0.1, keyOffset: 0, valueOffset: 0) }))
}
