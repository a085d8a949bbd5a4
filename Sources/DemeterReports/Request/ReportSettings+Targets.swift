import DemeterCore

extension ReportSettings {
  /// The person's nutrient targets (manual: targets): this request's profile over `config`'s, its
  /// life-stage group in `year` (the report's last day's) in the published reference intakes, and
  /// `config`'s own `targets` over those.
  public func nutrientTargets(config: JournalConfig, year: Int) -> NutrientTargets {
    NutrientTargets(
      profile: profile.over(config.profile), year: year, own: config.targets, reference: .published)
  }

  /// `nutrientTargets(config:year:)` when the person is described (a profile given here or in
  /// `config`, or targets of their own), else nil: what the period reports compare with.
  public func describedTargets(config: JournalConfig, year: Int) -> NutrientTargets? {
    profile == PersonProfile() && config.profile == PersonProfile() && config.targets.isEmpty
      ? nil : nutrientTargets(config: config, year: year)
  }
}
