import DemeterFoundation

/// The person a journal is about, as far as their reference intakes depend on it (manual: targets):
/// `"profile": {"sex": "female", "birthYear": 1990, "pregnant": true, "heightCm": 168, "weightKg": 64,
/// "activity": "active"}` in the journal's config, or `--sex`, `--age`, `--pregnant`, `--lactating`,
/// `--activity` on the command line. Every value is optional; one given on the command line replaces
/// the config's.
public struct PersonProfile: Sendable, Hashable {
  /// The sex the reference tables are split by.
  public enum Sex: String, Sendable, Hashable, CaseIterable {
    case female, male
  }

  public var sex: Sex?
  public var birthYear: Int?
  /// The age in whole years, over `birthYear` when both are known.
  public var age: Int?
  public var pregnant: Bool?
  public var lactating: Bool?
  /// Height in centimetres, for the energy requirement.
  public var heightCm: FixedDecimal?
  /// Weight in kilograms, for the energy requirement when the body log has no trend weight.
  public var weightKg: FixedDecimal?
  /// The physical activity level of the energy requirement; `ActivityLevel.assumed` when nil.
  public var activity: ActivityLevel?

  public init(
    sex: Sex? = nil, birthYear: Int? = nil, age: Int? = nil, pregnant: Bool? = nil, lactating: Bool? = nil,
    heightCm: FixedDecimal? = nil, weightKg: FixedDecimal? = nil, activity: ActivityLevel? = nil
  ) {
    self.sex = sex
    self.birthYear = birthYear
    self.age = age
    self.pregnant = pregnant
    self.lactating = lactating
    self.heightCm = heightCm
    self.weightKg = weightKg
    self.activity = activity
  }

  /// These values, each where given, over `base`'s. An age given replaces a base's birth year.
  public func over(_ base: PersonProfile) -> PersonProfile {
    PersonProfile(
      sex: sex ?? base.sex, birthYear: age == nil ? birthYear ?? base.birthYear : birthYear,
      age: age ?? (birthYear == nil ? base.age : nil), pregnant: pregnant ?? base.pregnant,
      lactating: lactating ?? base.lactating, heightCm: heightCm ?? base.heightCm,
      weightKg: weightKg ?? base.weightKg, activity: activity ?? base.activity)
  }

  /// The age in `year`: `age` when given, else `year − birthYear` (the age reached during that
  /// year); nil when neither is known.
  public func age(in year: Int) -> Int? {
    age ?? birthYear.map { year - $0 }
  }
}
