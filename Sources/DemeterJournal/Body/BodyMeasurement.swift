import DemeterFoundation

/// One line of the body log, `body.jsonl` (manual: body-log): when, the weight as written, and the
/// optional body fat, waist, note and id; keys the tool does not know are kept for `fmt`.
public struct BodyMeasurement: Sendable, Hashable {
  /// When it was measured, as written (RFC 3339 with its offset).
  public var timestamp: Timestamp
  /// The weight in the unit it was written in.
  public var weight: FixedDecimal
  public var unit: WeightUnit
  /// Body fat, in percent of the weight.
  public var bodyFatPercent: FixedDecimal?
  public var waistCentimetres: FixedDecimal?
  public var note: String?
  public var id: String?
  /// Members of keys the format does not define, in the order written.
  public var otherMembers: [JSONMember] = []
  /// The line it was read from (1-based); 0 for one not read from a file.
  public var line = 0

  public init(
    timestamp: Timestamp, weight: FixedDecimal, unit: WeightUnit, bodyFatPercent: FixedDecimal? = nil,
    waistCentimetres: FixedDecimal? = nil, note: String? = nil, id: String? = nil
  ) {
    self.timestamp = timestamp
    self.weight = weight
    self.unit = unit
    self.bodyFatPercent = bodyFatPercent
    self.waistCentimetres = waistCentimetres
    self.note = note
    self.id = id
  }

  /// The weight in kilograms, to the billionth.
  public var kilograms: FixedDecimal { unit.kilograms(weight) }
}
