/// The day a week starts on (`--week-start`, or `weekStart` in the config); Monday by default (ISO 8601).
public enum WeekStart: String, Sendable, CaseIterable {
  case monday, sunday, saturday

  /// The ISO weekday (Monday = 1 … Sunday = 7) of the first day of the week.
  public var isoWeekday: Int {
    switch self {
    case .monday: return 1
    case .sunday: return 7
    case .saturday: return 6
    }
  }

  /// Reads `monday`, `sunday` or `saturday`, ignoring letter case and surrounding spaces.
  public init?(parsing text: String) {
    self.init(rawValue: text.trimmingSpacesAndNewlines().lowercased())
  }
}
