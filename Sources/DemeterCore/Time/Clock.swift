import Foundation

/// Where "today" comes from for period words such as `this week`.
public struct ReportClock: Sendable {
  /// Today's date: `override` (`--today DATE`, for tests and cron replays) when given, otherwise
  /// the date at `now` in `zone`.
  ///
  /// `asWritten` and `local` both use the machine's time zone (`TimeZone.current`): this is the
  /// one place where it matters, because "today" is the user's own today. A named zone the system
  /// does not know (only possible for a rule built by hand) also falls back to the machine's zone.
  public static func today(override: CivilDate?, zone: TimeZoneRule, now: Date = Date()) -> CivilDate {
    if let override { return override }
    let seconds = Int((now.timeIntervalSince1970).rounded(.down))
    let rule: TimeZoneRule
    switch zone {
    case .asWritten, .local: rule = .local
    case .fixedOffset, .named: rule = zone
    }
    let offset = rule.utcOffset(atUnixSeconds: seconds) ?? TimeZone.current.secondsFromGMT(for: now)
    return Timestamp(unixSeconds: seconds, utcOffsetSeconds: offset).localDate
  }
}
