import DemeterFoundation

/// The unit a body weight is written in (manual: body-log): kilograms or international pounds.
public enum WeightUnit: String, Sendable, Hashable, CaseIterable {
  case kg, lb

  /// The key a body log line writes a weight of this unit under (`weight_kg`, `weight_lb`).
  public var key: String { "weight_\(rawValue)" }

  /// Billionths of a kilogram in one unit: 1 lb is 0.45359237 kg exactly.
  private var billionthsOfKilogram: Int128 { self == .kg ? 1_000_000_000 : 453_592_370 }

  /// `amount` of this unit in kilograms, to the billionth (half to even).
  public func kilograms(_ amount: FixedDecimal) -> FixedDecimal {
    FixedDecimal(
      billionths: Int64(
        HalfEven.quotient(Int128(amount.billionths) * billionthsOfKilogram, Int128(FixedDecimal.unitsPerOne)))
    )
  }

  /// `kilograms` in this unit, to the billionth (half to even).
  public func amount(ofKilograms kilograms: FixedDecimal) -> FixedDecimal {
    FixedDecimal(
      billionths: Int64(
        HalfEven.quotient(
          Int128(kilograms.billionths) * Int128(FixedDecimal.unitsPerOne), billionthsOfKilogram)))
  }
}
