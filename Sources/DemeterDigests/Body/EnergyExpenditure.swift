import DemeterFoundation
import DemeterJournal

/// An estimate of the energy a person spends a day, from what they logged eating and how their
/// trend weight changed over a window of days (manual: body-log):
///
///     expenditure = mean intake on logged days − Δtrend × 7 700 kcal/kg ÷ N
///
/// where N is the window's days and Δtrend the trend at its last day minus the trend at the day
/// before its first. The window ends at a given day and is `days` long, cut to start the day after
/// the first weigh-in when that is later. Its band is a sum of four half-widths (`Band`).
public struct EnergyExpenditure: Sendable, Hashable {
  /// Energy per kilogram of body weight gained or lost.
  public static let kilocaloriesPerKilogram = 7700
  /// The window's length when none is given.
  public static let defaultDays = 28
  /// The fewest logged days (days with an entry) a window needs.
  public static let minimumLoggedDays = 14
  /// The fewest weigh-in days a window needs.
  public static let minimumWeighInDays = 8
  /// How far the trend's noise reaches, per unit of the weights' scatter around it:
  /// √(α / (2 − α)) for α = 0.1, the standard deviation of an exponentially smoothed average of
  /// independent noise.
  static let trendNoise = (0.1 / 1.9).squareRoot()

  /// The half-widths the band adds up, in kcal a day.
  public struct Band: Sendable, Hashable {
    /// s ÷ √n: the uncertainty of the mean of the n logged days (s their standard deviation).
    public var sampling: Double
    /// s × (N − n) ÷ N: the days not logged, which may have been any intake.
    public var unloggedDays: Double
    /// The low-confidence entries' calories ÷ (2 n): each may be off by half.
    public var lowConfidence: Double
    /// 7 700 × √2 × √(α/(2−α)) × σ ÷ N: the trend's noise at both ends of the window (σ the weigh-in
    /// days' standard deviation around the trend).
    public var weightNoise: Double

    /// The band's half-width: the four added.
    public var halfWidth: Double { sampling + unloggedDays + lowConfidence + weightNoise }
  }

  /// The window the estimate covers (possibly cut to the first weigh-in).
  public var window: Period
  public var loggedDays: Int
  public var weighInDays: Int
  /// The mean intake on logged days, kcal a day.
  public var meanIntake: ExactFraction
  /// The trend's change over the window, kg.
  public var trendChange: FixedDecimal
  /// The estimate, kcal a day; nil when `notEnoughData` says why.
  public var expenditure: ExactFraction?
  public var band: Band?
  /// Why there is no estimate, e.g. "9 logged days (14 needed)".
  public var notEnoughData: String?

  /// The estimate over the `days` days ending at `last`, from the day totals `totals` (any dates:
  /// those of the window are used) and the trend `trend`.
  public init(
    totals: some Sequence<DigestTotals>, trend: BodyTrend, last: CivilDate, days: Int = defaultDays
  ) {
    var first = last.adding(days: 1 - days)
    if let firstWeighIn = trend.days.first?.date, firstWeighIn >= first {
      first = firstWeighIn.adding(days: 1)
    }
    window = Period(first: first, last: max(first, last))
    let window = window
    let dayCount = first <= last ? window.dayCount : 0
    let logged = totals.filter { window.contains($0.date) && $0.entries > 0 && first <= last }
    loggedDays = logged.count
    var sum = FixedSum()
    var lowConfidenceCalories: Int128 = 0
    for day in logged {
      sum.add(day[.calories])
      lowConfidenceCalories += day.lowConfidenceCalories
    }
    meanIntake = ExactFraction.mean(sum, count: logged.count) ?? 0
    let weighed = window.days().compactMap { trend.day($0) }.filter { $0.weighIns > 0 }
    weighInDays = dayCount > 0 ? weighed.count : 0
    let start = trend.day(first.adding(days: -1))?.trend
    let end = trend.day(last)?.trend
    trendChange = FixedDecimal(billionths: (end?.billionths ?? 0) - (start?.billionths ?? 0))
    var missing: [String] = []
    if start == nil || dayCount == 0 { missing.append("no weigh-in before the window") }
    if loggedDays < Self.minimumLoggedDays {
      missing.append("\(count: loggedDays, "logged day") (\(Self.minimumLoggedDays) needed)")
    }
    if weighInDays < Self.minimumWeighInDays {
      missing.append("\(count: weighInDays, "weigh-in day") (\(Self.minimumWeighInDays) needed)")
    }
    guard missing.isEmpty else {
      notEnoughData = missing.joined(separator: ", ")
      return
    }
    let stored = ExactFraction(
      Int128(trendChange.billionths) * Int128(Self.kilocaloriesPerKilogram),
      over: Int128(FixedDecimal.unitsPerOne) * Int128(dayCount))
    expenditure = meanIntake - stored
    let intakes = logged.map { $0[.calories].divided(by: 1) }
    let mean = meanIntake.doubleValue
    let spread =
      intakes.count > 1
      ? (intakes.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(intakes.count - 1)).squareRoot() : 0
    let scatter = weighed.map { ($0.weight!.doubleValue - $0.trend.doubleValue) }
    let sigma =
      scatter.count > 1
      ? (scatter.reduce(0) { $0 + $1 * $1 } / Double(scatter.count - 1)).squareRoot() : 0
    band = Band(
      sampling: spread / Double(loggedDays).squareRoot(),
      unloggedDays: spread * Double(dayCount - loggedDays) / Double(dayCount),
      lowConfidence: Double(lowConfidenceCalories) / 1e9 / Double(2 * loggedDays),
      weightNoise: Double(Self.kilocaloriesPerKilogram) * 2.0.squareRoot() * Self.trendNoise * sigma
        / Double(dayCount))
  }
}
