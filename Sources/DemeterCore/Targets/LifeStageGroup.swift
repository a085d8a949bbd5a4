/// A row of the Dietary Reference Intake tables (manual: targets): children 1–3 and 4–8 years, males
/// and females by age band, pregnancy and lactation by age band.
public struct LifeStageGroup: Sendable, Hashable, CustomStringConvertible {
  /// The row's name in the data files (`females-31-50`, `pregnancy-19-30`, `males-71+`).
  public let id: String

  public var description: String { id }

  /// The group of `profile` in `year`, or why there is none (no age, no sex from 9 years, an
  /// infant).
  public static func of(_ profile: PersonProfile, year: Int) -> Result<LifeStageGroup, TargetProblem> {
    guard let age = profile.age(in: year) else { return .failure(.noAge) }
    guard age >= 1 else { return .failure(.infant) }
    if age < 4 { return .success(LifeStageGroup(id: "children-1-3")) }
    if age < 9 { return .success(LifeStageGroup(id: "children-4-8")) }
    if profile.pregnant == true || profile.lactating == true {
      let stage = profile.pregnant == true ? "pregnancy" : "lactation"
      return .success(LifeStageGroup(id: "\(stage)-\(age <= 18 ? "14-18" : age <= 30 ? "19-30" : "31-50")"))
    }
    guard let sex = profile.sex else { return .failure(.noSex) }
    let band =
      switch age {
      case ..<14: "9-13"
      case ..<19: "14-18"
      case ..<31: "19-30"
      case ..<51: "31-50"
      case ..<71: "51-70"
      default: "71+"
      }
    return .success(LifeStageGroup(id: "\(sex == .female ? "females" : "males")-\(band)"))
  }
}

/// Why a profile has no reference intakes.
public enum TargetProblem: Error, Sendable, Hashable, CustomStringConvertible {
  case noAge, noSex, infant

  public var description: String {
    switch self {
    case .noAge:
      "no age: give --age, or a \"profile\" with a \"birthYear\" in the journal's .demeter.json"
    case .noSex:
      "no sex: give --sex female|male, or a \"profile\" with a \"sex\" in the journal's .demeter.json"
    case .infant: "the reference tables used here start at 1 year"
    }
  }
}
