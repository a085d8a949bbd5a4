import DemeterFoundation

/// The person a journal is about, as far as their reference intakes depend on it (manual: targets):
/// `"profile": {"sex": "female", "birthYear": 1990, "pregnant": true, "heightCm": 168}` in the
/// journal's config, or `--sex`, `--age`, `--pregnant`, `--lactating` on the command line. Every
/// value is optional; one given on the command line replaces the config's.
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
  /// Height in centimetres (kept for the energy estimates of the body log).
  public var heightCm: FixedDecimal?

  public init(
    sex: Sex? = nil, birthYear: Int? = nil, age: Int? = nil, pregnant: Bool? = nil, lactating: Bool? = nil,
    heightCm: FixedDecimal? = nil
  ) {
    self.sex = sex
    self.birthYear = birthYear
    self.age = age
    self.pregnant = pregnant
    self.lactating = lactating
    self.heightCm = heightCm
  }

  /// These values, each where given, over `base`'s. An age given replaces a base's birth year.
  public func over(_ base: PersonProfile) -> PersonProfile {
    PersonProfile(
      sex: sex ?? base.sex, birthYear: age == nil ? birthYear ?? base.birthYear : birthYear,
      age: age ?? (birthYear == nil ? base.age : nil), pregnant: pregnant ?? base.pregnant,
      lactating: lactating ?? base.lactating, heightCm: heightCm ?? base.heightCm)
  }

  /// The age in `year`: `age` when given, else `year − birthYear` (the age reached during that
  /// year); nil when neither is known.
  public func age(in year: Int) -> Int? {
    age ?? birthYear.map { year - $0 }
  }
}
