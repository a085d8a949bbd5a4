import DemeterFoundation

/// Reads one body log line's object into a `BodyMeasurement`, every problem at its column (manual:
/// body): the same strictness as an entry line.
struct BodyLineDecoder {
  let location: (Int) -> SourceLocation

  /// What one line gave: the measurement when it is valid, its problems, and its unknown keys (a
  /// misspelt one is a warning in `problems` instead).
  struct Outcome {
    var measurement: BodyMeasurement?
    var problems: [Diagnostic] = []
    var unknownKeys: [(key: String, column: Int)] = []
  }

  /// The largest weight a line may give, in its unit.
  static let largestWeight = FixedDecimal(1000)!

  func decode(_ object: JSONObject) -> Outcome {
    var outcome = Outcome()
    var fields: [BodyField: JSONMember] = [:]
    for member in object.members {
      if let field = BodyField(rawValue: member.key) {
        fields[field] = member
      } else if let known = Suggestion.closest(
        to: member.key, among: BodyField.allCases.map(\.rawValue), within: member.key.count <= 4 ? 1 : 2)
      {
        outcome.problems.append(
          .warning(
            .misspeltKey, location(member.keyOffset + 1),
            "unknown key \"\(member.key)\"; did you mean \"\(known)\"? (its value is not read; the key is kept "
              + "when the line is rewritten)"))
      } else {
        outcome.unknownKeys.append((member.key, member.keyOffset + 1))
      }
    }
    func fail(_ column: Int, _ message: String) {
      outcome.problems.append(Diagnostic(.error, location(column), message))
    }
    func string(_ field: BodyField) -> String? {
      guard let member = fields[field] else { return nil }
      guard case .string(let text) = member.value else {
        fail(member.valueOffset + 1, "\"\(field.rawValue)\" must be a string, got \(member.value.kindName)")
        return nil
      }
      return text
    }
    func number(_ field: BodyField, _ rule: String, _ valid: (FixedDecimal) -> Bool) -> FixedDecimal? {
      guard let member = fields[field] else { return nil }
      guard case .number(let number) = member.value else {
        fail(member.valueOffset + 1, "\"\(field.rawValue)\" must be \(rule), got \(member.value.kindName)")
        return nil
      }
      let value: FixedDecimal
      switch FixedDecimal.read(jsonNumber: number.literal) {
      case .exact(let exact):
        value = exact
      case .rounded(let rounded):
        outcome.problems.append(
          .warning(
            .moreThan9Decimals, location(member.valueOffset + 1),
            "\"\(field.rawValue)\" has more than 9 decimals; counted as \(rounded)"))
        value = rounded
      case .outOfRange:
        fail(member.valueOffset + 1, "\"\(field.rawValue)\" must be \(rule), got \(number.literal)")
        return nil
      }
      guard valid(value) else {
        fail(member.valueOffset + 1, "\"\(field.rawValue)\" must be \(rule), got \(number.literal)")
        return nil
      }
      return value
    }
    var timestamp: Timestamp?
    if let text = string(.timestamp), let member = fields[.timestamp] {
      switch Timestamp.parse(text) {
      case .success(let parsed) where parsed.utcOffsetSeconds != nil:
        timestamp = parsed
      case .success:
        fail(
          member.valueOffset + 1,
          "\"timestamp\" needs a UTC offset, e.g. 2026-11-21T07:30:00-05:00 or …Z")
      case .failure(let failure):
        fail(
          member.valueOffset + 2 + failure.offset,
          "\"timestamp\" is not an RFC 3339 time like 2026-11-21T07:30:00-05:00: \(failure.message)")
      }
    } else if fields[.timestamp] == nil {
      fail(1, "missing required key \"timestamp\"")
    }
    let weightRule = "a number > 0 and ≤ \(Self.largestWeight)"
    let weights = WeightUnit.allCases.compactMap { unit in
      number(BodyField(weightIn: unit), weightRule) { $0 > .zero && $0 <= Self.largestWeight }.map {
        (unit, $0)
      }
    }
    let weightKeys = WeightUnit.allCases.filter { fields[BodyField(weightIn: $0)] != nil }
    if weightKeys.isEmpty {
      fail(1, "missing the weight: \"weight_kg\" or \"weight_lb\"")
    } else if weightKeys.count > 1, let second = fields[.weightPounds] {
      fail(second.keyOffset + 1, "give one weight, \"weight_kg\" or \"weight_lb\", not both")
    }
    let bodyFat = number(.bodyFatPercent, "a number > 0 and < 100") { $0 > .zero && $0 < FixedDecimal(100)! }
    let waist = number(.waistCentimetres, "a number > 0") { $0 > .zero }
    let note = string(.note)
    let id = string(.id)
    if let id, id.isEmpty, let member = fields[.id] {
      fail(member.valueOffset + 1, "\"id\" must not be empty")
    }
    guard let timestamp, weights.count == 1, weightKeys.count == 1,
      !outcome.problems.contains(where: { $0.severity == .error })
    else { return outcome }
    var measurement = BodyMeasurement(
      timestamp: timestamp, weight: weights[0].1, unit: weights[0].0, bodyFatPercent: bodyFat,
      waistCentimetres: waist, note: note, id: id)
    measurement.otherMembers = object.members.filter { BodyField(rawValue: $0.key) == nil }
    outcome.measurement = measurement
    return outcome
  }
}
