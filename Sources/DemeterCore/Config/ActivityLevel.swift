/// The physical activity level of the Estimated Energy Requirement equations (manual: targets): the
/// four categories of the National Academies' *Dietary Reference Intakes for Energy* (2023), each a
/// range of an adult's physical activity level (PAL: total ÷ basal energy expenditure).
public enum ActivityLevel: String, Sendable, Hashable, CaseIterable {
  /// PAL 1.0 to below 1.53: the activities of daily living only.
  case inactive
  /// PAL 1.53 to below 1.68: daily living and about an hour of brisk walking.
  case lowActive = "low-active"
  /// PAL 1.68 to below 1.85: daily living and about two hours of moderate activity.
  case active
  /// PAL 1.85 to below 2.5: daily living and about two hours of moderate to vigorous activity.
  case veryActive = "very-active"

  /// The level of a profile that names none.
  public static let assumed = ActivityLevel.lowActive

  /// The names, for messages: `inactive, low-active, active or very-active`.
  public static let names =
    allCases.dropLast().map(\.rawValue).joined(separator: ", ") + " or " + allCases.last!.rawValue
}
