import DemeterCore

/// The cells the body report and the cohort's share (manual: body-log): kilograms, the trend over a
/// period, and the expenditure estimate with its band.
extension ReportBuilder {
  /// `value` kg, exact until written with one decimal.
  static func kilogramsCell(_ value: FixedDecimal) -> ReportCell {
    .number(.exact(FixedSum(value)), decimals: 1)
  }

  /// The trend's change over a stretch, kg (two decimals); missing without a trend.
  static func trendChangeCell(_ stretch: BodyTrend.Stretch) -> ReportCell {
    stretch.change.map { .number(.exact(FixedSum($0)), decimals: 2) } ?? .missing
  }

  /// The trend's weekly rate over a stretch, kg (two decimals); missing when it spans one day.
  static func weeklyRateCell(_ stretch: BodyTrend.Stretch) -> ReportCell {
    stretch.weeklyRate.map { .number(.fraction($0), decimals: 2) } ?? .missing
  }

  /// The estimate, kcal a day; missing without one.
  static func expenditureCell(_ expenditure: EnergyExpenditure) -> ReportCell {
    expenditure.expenditure.map { .number(.fraction($0), decimals: 0) } ?? .missing
  }

  /// The band's half-width, kcal a day; missing without an estimate.
  static func expenditureBandCell(_ expenditure: EnergyExpenditure) -> ReportCell {
    expenditure.band.map { .number(.derived($0.halfWidth), decimals: 0) } ?? .missing
  }
}
