/// Integer division rounded to the nearest whole number, ties to the even one: the one rounding of
/// the body log's arithmetic (manual: body-log), so a Python `round(Fraction(n, d))` gives the same.
public enum HalfEven {
  /// `numerator / denominator` rounded half to even; `denominator` must be positive.
  public static func quotient(_ numerator: Int128, _ denominator: Int128) -> Int128 {
    precondition(denominator > 0, "a rounded quotient needs a positive denominator")
    var quotient = numerator / denominator
    var remainder = numerator % denominator
    if remainder < 0 {
      quotient -= 1
      remainder += denominator
    }
    // `quotient` is now the floor; round up when past the half, or at the half when it is odd.
    if remainder * 2 > denominator || (remainder * 2 == denominator && quotient & 1 != 0) {
      quotient += 1
    }
    return quotient
  }
}
