extension CivilDate {
  /// Reads a date written strictly as `YYYY-MM-DD` (four, two and two ASCII digits, nothing else).
  ///
  /// The error says where and what is wrong: `month 13 is out of range (01–12)`,
  /// `day 29 is out of range: 2023 is not a leap year`, `unexpected text after the date`.
  package static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<CivilDate, TimestampError> {
    switch TimeText.date(bytes) {
    case .failure(let error):
      return .failure(error)
    case .success(let date):
      guard bytes.count == 10 else {
        return .failure(
          TimestampError(offset: 10, message: "unexpected text after the date (write YYYY-MM-DD)"))
      }
      return .success(date)
    }
  }

  /// Reads a date written strictly as `YYYY-MM-DD`, like the byte-buffer form.
  public static func parse(_ text: String) -> Result<CivilDate, TimestampError> {
    var text = text
    return text.withUTF8 { parse($0) }
  }

  /// Reads a date as `description` writes it: `YYYY-MM-DD`, or `-YYYY-MM-DD` for a year before 0
  /// (the week of 0000-01-01 starts in -0001); nil for anything else.
  public init?(description text: String) {
    guard text.hasPrefix("-") else {
      guard case .success(let date) = Self.parse(text) else { return nil }
      self = date
      return
    }
    guard case .success(let mirrored) = Self.parse(String(text.dropFirst())),
      let date = CivilDate(year: -mirrored.year, month: mirrored.month, day: mirrored.day)
    else { return nil }
    self = date
  }
}
