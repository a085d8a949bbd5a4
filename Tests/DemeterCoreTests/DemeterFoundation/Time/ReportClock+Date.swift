import DemeterCore
import Foundation

extension ReportClock {
  /// `today(override:zone:unixSeconds:)` for a Foundation `Date`, so the clock tests can keep
  /// taking their instants from Foundation (the library itself links no Foundation).
  static func today(override: CivilDate?, zone: TimeZoneRule, now: Date) -> CivilDate {
    today(override: override, zone: zone, unixSeconds: Int(now.timeIntervalSince1970.rounded(.down)))
  }
}
