/// Where "today" comes from for period words such as `this week`.
public struct ReportClock: Sendable {
  /// Today's date: `override` (`--today DATE`, for tests and cron replays) when given, otherwise
  /// the date at `unixSeconds` (default: now) in `zone`.
  ///
  /// `asWritten` and `local` both use the machine's time zone (`LocalTimeZone`): this is the one
  /// place where it matters, because "today" is the user's own today. A named zone the system
  /// does not know (only possible for a rule built by hand) also falls back to the machine's zone.
  public static func today(
    override: CivilDate?, zone: TimeZoneRule, unixSeconds: Int = SystemClock.unixSeconds()
  ) -> CivilDate {
    if let override { return override }
    let rule: TimeZoneRule
    switch zone {
    case .asWritten, .local: rule = .local
    case .fixedOffset, .named: rule = zone
    }
    let offset =
      rule.utcOffset(atUnixSeconds: unixSeconds) ?? LocalTimeZone.rules.utcOffset(atUnixSeconds: unixSeconds)
    return Timestamp(unixSeconds: unixSeconds, utcOffsetSeconds: offset).localDate
  }
}
