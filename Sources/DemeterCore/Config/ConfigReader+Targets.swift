import DemeterFoundation
import DemeterJournal

/// The person's `profile` and their own `targets` in `.demeter.json` (manual: targets).
extension ConfigReader {
  /// Reads `{"sex":"female","birthYear":1990,"pregnant":false,"lactating":false,"heightCm":168,
  /// "weightKg":64,"activity":"active"}`.
  mutating func readProfile(_ member: JSONMember) -> PersonProfile {
    var profile = PersonProfile()
    guard case .object(let object) = member.value else {
      report(
        .error, at: member.valueOffset,
        "\"profile\" must be an object like {\"sex\":\"female\",\"birthYear\":1990}")
      return profile
    }
    for field in object.members {
      switch field.key {
      case "sex":
        guard case .string(let text) = field.value, let sex = PersonProfile.Sex(rawValue: text) else {
          report(.error, at: field.valueOffset, "\"sex\" must be \"female\" or \"male\"")
          continue
        }
        profile.sex = sex
      case "birthYear":
        guard case .number(let number) = field.value, let year = Int(number.literal),
          (1900...9999).contains(year)
        else {
          report(.error, at: field.valueOffset, "\"birthYear\" must be a year such as 1990")
          continue
        }
        profile.birthYear = year
      case "pregnant", "lactating":
        guard case .bool(let value) = field.value else {
          report(.error, at: field.valueOffset, "\"\(field.key)\" must be true or false")
          continue
        }
        if field.key == "pregnant" { profile.pregnant = value } else { profile.lactating = value }
      case "heightCm", "weightKg":
        guard case .number(let number) = field.value,
          case .exact(let amount) = FixedDecimal.read(jsonNumber: number.literal),
          amount > .zero, amount <= FixedDecimal(1000)!
        else {
          let unit = field.key == "heightCm" ? "centimetres" : "kilograms"
          report(.error, at: field.valueOffset, "\"\(field.key)\" must be a positive number of \(unit) up to 1000")
          continue
        }
        if field.key == "heightCm" { profile.heightCm = amount } else { profile.weightKg = amount }
      case "activity":
        guard case .string(let text) = field.value, let level = ActivityLevel(rawValue: text) else {
          report(.error, at: field.valueOffset, "\"activity\" must be \(ActivityLevel.names)")
          continue
        }
        profile.activity = level
      default:
        report(
          .warning, at: field.keyOffset,
          "unknown profile key \(JSONWriter.quoted(field.key)) is ignored "
            + "(sex, birthYear, pregnant, lactating, heightCm, weightKg, activity)"
        )
      }
    }
    return profile
  }

  /// Reads `{"iron_mg":12,"fiber":30}`: daily targets by nutrient key, over the reference intakes.
  mutating func readTargets(_ member: JSONMember) -> [String: FixedDecimal] {
    guard case .object(let object) = member.value else {
      report(
        .error, at: member.valueOffset, "\"targets\" must be an object like {\"iron_mg\":12,\"fiber\":30}")
      return [:]
    }
    var targets: [String: FixedDecimal] = [:]
    let known = NutrientLabel.targetKeys
    for target in object.members {
      guard known.contains(target.key) else {
        var message = "unknown target \(JSONWriter.quoted(target.key)) is ignored"
        if let near = Suggestion.closest(to: target.key, among: known) {
          message += "; did you mean \"\(near)\"?"
        }
        report(.warning, at: target.keyOffset, message)
        continue
      }
      guard case .number(let number) = target.value,
        case .exact(let value) = FixedDecimal.read(jsonNumber: number.literal),
        value > .zero
      else {
        report(.error, at: target.valueOffset, "target \"\(target.key)\" must be a positive number")
        continue
      }
      targets[target.key] = value
    }
    return targets
  }
}
