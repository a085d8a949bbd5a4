import DemeterDigests
import DemeterFoundation
import DemeterJournal

/// Reads `.demeter.json` with located diagnostics (the file may span several lines).
struct ConfigReader {
  let bytes: [UInt8]
  let path: String
  var diagnostics: [Diagnostic] = []

  init(bytes: [UInt8], path: String) {
    self.bytes = bytes
    self.path = path
  }

  mutating func read() -> JournalConfig {
    var config = JournalConfig()
    let value: JSONValue
    do throws(JSONSyntaxError) {
      value = try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
        try JSONParser().parse(UnsafeBufferPointer(rebasing: buffer[(hasBOM ? 3 : 0)...]))
      }
    } catch {
      report(.error, at: error.offset, error.message)
      return config
    }
    guard case .object(let object) = value else {
      report(.error, at: 0, "the settings file must be one JSON object, like {\"weekStart\":\"monday\"}")
      return config
    }
    for member in object.members {
      switch member.key {
      case "weekStart":
        guard case .string(let text) = member.value, let start = WeekStart(parsing: text) else {
          report(
            .error, at: member.valueOffset, "\"weekStart\" must be \"monday\", \"sunday\" or \"saturday\"")
          continue
        }
        config.weekStart = start
      case "timeZone":
        guard case .string(let text) = member.value else {
          report(
            .error, at: member.valueOffset,
            "\"timeZone\" must be a string such as \"Europe/Berlin\" or \"UTC\"")
          continue
        }
        do throws(TimeZoneRuleError) {
          config.timeZone = try TimeZoneRule.parse(text)
        } catch {
          report(.error, at: member.valueOffset, "\"timeZone\": \(error.description)")
        }
      case "lowConfidence": config.lowConfidence = confidence(member)
      case "highConfidence": config.highConfidence = confidence(member)
      case "goals": readGoals(member, into: &config.goals)
      case "silencedWarnings": config.silencedWarnings = warningKinds(member)
      case "weightUnit":
        guard case .string(let text) = member.value, let unit = WeightUnit(rawValue: text) else {
          report(.error, at: member.valueOffset, "\"weightUnit\" must be \"kg\" or \"lb\"")
          continue
        }
        config.weightUnit = unit
      case "profile": config.profile = readProfile(member)
      case "targets": config.targets = readTargets(member)
      case "queries": config.queries = readQueries(member)
      default:
        report(.warning, at: member.keyOffset, "unknown setting \(JSONWriter.quoted(member.key)) is ignored")
      }
    }
    return config
  }

  private var hasBOM: Bool { bytes.starts(with: [0xEF, 0xBB, 0xBF]) }

  private mutating func confidence(_ member: JSONMember) -> FixedDecimal? {
    guard case .number(let number) = member.value,
      case .exact(let value) = FixedDecimal.read(jsonNumber: number.literal),
      value >= .zero, value <= FixedDecimal(1)!
    else {
      report(.error, at: member.valueOffset, "\"\(member.key)\" must be a number from 0 to 1")
      return nil
    }
    return value
  }

  private mutating func readGoals(_ member: JSONMember, into goals: inout Goals) {
    guard case .object(let object) = member.value else {
      report(
        .error, at: member.valueOffset, "\"goals\" must be an object like {\"calories\":2200,\"protein\":120}"
      )
      return
    }
    for goal in object.members {
      guard let nutrient = GoalNutrient(rawValue: goal.key) else {
        report(
          .warning, at: goal.keyOffset,
          "unknown goal \(JSONWriter.quoted(goal.key)) is ignored (calories, protein, carbohydrates, fat)")
        continue
      }
      let read: FixedDecimal.ReadResult? =
        if case .number(let number) = goal.value { FixedDecimal.read(jsonNumber: number.literal) } else {
          nil
        }
      if read == .outOfRange {
        report(
          .error, at: goal.valueOffset, "goal \"\(goal.key)\" is too large (at most \(FixedDecimal.largest))")
        continue
      }
      guard case .exact(let value) = read, value > .zero else {
        report(.error, at: goal.valueOffset, "goal \"\(goal.key)\" must be a positive number")
        continue
      }
      goals[nutrient] = value
    }
  }

  /// The warning kinds named in `member`'s array; an unknown name is warned about at that name
  /// (with the closest known one), and left out.
  private mutating func warningKinds(_ member: JSONMember) -> Set<WarningKind> {
    let names = WarningKind.allCases.map(\.rawValue)
    guard case .array(let values) = member.value else {
      report(
        .error, at: member.valueOffset,
        "\"silencedWarnings\" must be an array of warning kinds, like [\"\(names[0])\"]")
      return []
    }
    var kinds: Set<WarningKind> = []
    for value in values {
      guard case .string(let name) = value else {
        report(.error, at: member.valueOffset, "\"silencedWarnings\" must hold strings, like [\"\(names[0])\"]")
        continue
      }
      if let kind = WarningKind(rawValue: name) {
        kinds.insert(kind)
        continue
      }
      var message = "unknown warning kind \(JSONWriter.quoted(name)) is ignored"
      if let near = Suggestion.closest(to: name, among: names) {
        message += "; did you mean \"\(near)\"?"
      } else {
        message += " (kinds: \(names.joined(separator: ", ")))"
      }
      report(.warning, at: offset(of: name, after: member.valueOffset), message)
    }
    return kinds
  }

  /// Where the string `name`, written without escapes, first appears at or after `start` (else `start`).
  private func offset(of name: String, after start: Int) -> Int {
    let quoted = Array(("\"" + name + "\"").utf8)
    let textStart = hasBOM ? 3 : 0
    let from = textStart + start
    guard from < bytes.count, quoted.count <= bytes.count - from else { return start }
    for index in from...(bytes.count - quoted.count) where bytes[index..<(index + quoted.count)].elementsEqual(quoted) {
      return index - textStart
    }
    return start
  }

  /// A diagnostic at a byte offset of the parsed text, turned into line and column.
  mutating func report(_ severity: Diagnostic.Severity, at offset: Int, _ message: String) {
    diagnostics.append(
      Diagnostic(severity, at: offset, ofTextFrom: hasBOM ? 3 : 0, in: bytes, path: path, message))
  }
}
