import DemeterCore

extension ReportSettings {
  /// The person's nutrient targets (manual: targets): this request's profile over `config`'s, its
  /// life-stage group in `year` (the report's last day's) in the published reference intakes, its
  /// energy requirement at `trendWeight` (the body log's, else the profile's weight), and
  /// `config`'s own `targets` over those.
  public func nutrientTargets(
    config: JournalConfig, year: Int, trendWeight: (kilograms: FixedDecimal, date: CivilDate)?
  ) -> NutrientTargets {
    NutrientTargets(
      profile: profile.over(config.profile), year: year, own: config.targets, reference: .published,
      trendWeight: trendWeight)
  }

  /// Whether the person is described (a profile given here or in `config`, or targets of their
  /// own): the period reports then compare the intake with their targets.
  public func describesPerson(config: JournalConfig) -> Bool {
    profile != PersonProfile() || config.profile != PersonProfile() || !config.targets.isEmpty
  }
}
