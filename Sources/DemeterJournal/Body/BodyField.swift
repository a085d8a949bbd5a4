/// The keys of a body log line (manual: body-log), in the order a canonical line writes them.
public enum BodyField: String, Sendable, CaseIterable {
  case timestamp
  case weightKilograms = "weight_kg"
  case weightPounds = "weight_lb"
  case bodyFatPercent = "body_fat_pct"
  case waistCentimetres = "waist_cm"
  case note
  case id

  /// The weight key of `unit`.
  public init(weightIn unit: WeightUnit) {
    self = unit == .kg ? .weightKilograms : .weightPounds
  }
}
