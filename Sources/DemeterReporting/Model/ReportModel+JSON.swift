import DemeterCore

extension ReportModel {
  /// The model as compact JSON with a fixed key order (`"schema"` first).
  public var jsonText: String {
    JSONWriter.string(jsonValue)
  }

  var jsonValue: JSONValue {
    .object(
      JSONObject(members: [
        member("schema", .number(JSONNumber(literal: String(Self.schema)))),
        member("kind", .string(kind.rawValue)),
        member("title", .string(title)),
        member(
          "period",
          .object(
            JSONObject(members: [
              member("first", .string(periodFirst)), member("last", .string(periodLast)),
            ]))),
        member("weekStart", .string(weekStart)),
        member("skippedLines", count(skippedLines)),
        member("summary", summary.jsonValue),
        member("rows", .array(rows.map(\.jsonValue))),
      ]))
  }
}

extension ReportRow {
  var jsonValue: JSONValue {
    .object(
      JSONObject(members: [
        member("label", .string(label)),
        member("first", .string(first)),
        member("last", .string(last)),
        member("entries", count(entries)),
        member("daysLogged", count(daysLogged)),
        member("daysInBucket", count(daysInBucket)),
        member("calories", number(calories)),
        member("protein", number(protein)),
        member("carbohydrates", number(carbohydrates)),
        member("fat", number(fat)),
        member("averageDailyCalories", averageDailyCalories.map(number) ?? .null),
        member("confidenceMean", confidenceMean.map(number) ?? .null),
        member("confidenceMin", confidenceMin.map(number) ?? .null),
        member("confidenceMax", confidenceMax.map(number) ?? .null),
        member("lowConfidenceEntries", count(lowConfidenceEntries)),
      ]))
  }
}

private func member(_ key: String, _ value: JSONValue) -> JSONMember {
  JSONMember(key: key, value: value, keyOffset: 0, valueOffset: 0)
}

private func number(_ value: ReportNumber) -> JSONValue {
  .number(JSONNumber(literal: value.exactText))
}

private func count(_ value: Int) -> JSONValue {
  .number(JSONNumber(literal: String(value)))
}
