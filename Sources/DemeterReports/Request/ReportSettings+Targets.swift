import DemeterCore

extension ReportSettings {
  /// The person's nutrient targets (manual: targets): this request's profile over `config`'s, its
  /// life-stage group in `year` (the report's last day's) in the published reference intakes, and
  /// `config`'s own `targets` over those.
  public func nutrientTargets(config: JournalConfig, year: Int) -> NutrientTargets {
    NutrientTargets(
      profile: profile.over(config.profile), year: year, own: config.targets, reference: .published)
  }
}
