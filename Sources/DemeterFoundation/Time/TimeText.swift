/// Byte-level helpers shared by the date and timestamp parsers.
@usableFromInline package enum TimeText {
  /// The offset of a byte that is missing or not what was expected.
  @usableFromInline package struct BadByte: Error {
    package var offset: Int

    @usableFromInline package init(offset: Int) {
      self.offset = offset
    }
  }

  /// The value of `count` ASCII digits starting at `start`, or the offset of the first byte that
  /// is missing or not a digit.
  @inlinable @inline(__always)
  package static func digits(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, count: Int) -> Result<Int, BadByte> {
    var value = 0
    var index = start
    while index < start + count {
      guard index < bytes.count else { return .failure(BadByte(offset: index)) }
      let digit = Int(bytes[index]) &- 48
      guard digit >= 0, digit <= 9 else { return .failure(BadByte(offset: index)) }
      value = value &* 10 &+ digit
      index += 1
    }
    return .success(value)
  }

  /// Whether the byte at `index` exists and equals `byte`.
  @inlinable @inline(__always)
  package static func has(_ bytes: UnsafeBufferPointer<UInt8>, _ byte: UInt8, at index: Int) -> Bool {
    index < bytes.count && bytes[index] == byte
  }

  /// Reads `YYYY-MM-DD` from the first ten bytes; bytes after them are not looked at.
  package static func date(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<CivilDate, TimestampError> {
    let year: Int
    switch digits(bytes, at: 0, count: 4) {
    case .success(let value): year = value
    case .failure(let bad):
      return .failure(TimestampError(offset: bad.offset, message: "expected a 4-digit year"))
    }
    guard has(bytes, UInt8(ascii: "-"), at: 4) else {
      return .failure(TimestampError(offset: 4, message: "expected '-' after the year"))
    }
    let month: Int
    switch digits(bytes, at: 5, count: 2) {
    case .success(let value): month = value
    case .failure(let bad):
      return .failure(TimestampError(offset: bad.offset, message: "expected a 2-digit month"))
    }
    guard (1...12).contains(month) else {
      return .failure(TimestampError(offset: 5, message: "month \(pad2(month)) is out of range (01–12)"))
    }
    guard has(bytes, UInt8(ascii: "-"), at: 7) else {
      return .failure(TimestampError(offset: 7, message: "expected '-' after the month"))
    }
    let day: Int
    switch digits(bytes, at: 8, count: 2) {
    case .success(let value): day = value
    case .failure(let bad):
      return .failure(TimestampError(offset: bad.offset, message: "expected a 2-digit day"))
    }
    guard let date = CivilDate(year: year, month: month, day: day) else {
      return .failure(TimestampError(offset: 8, message: dayOutOfRange(year: year, month: month, day: day)))
    }
    return .success(date)
  }

  package static func dayOutOfRange(year: Int, month: Int, day: Int) -> String {
    if month == 2, day == 29 {
      return "day 29 is out of range: \(CivilDate.pad(year, 4)) is not a leap year"
    }
    let last = CivilDate.daysInMonth(year: year, month: month)
    return "day \(pad2(day)) is out of range for \(CivilDate.pad(year, 4))-\(pad2(month)) (01–\(last))"
  }

  /// Division rounding towards negative infinity, with a remainder in `0..<divisor`.
  package static func floorDivMod(_ value: Int, _ divisor: Int) -> (quotient: Int, remainder: Int) {
    let remainder = value % divisor
    return remainder < 0 ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
  }

  static func pad2(_ value: Int) -> String { CivilDate.pad(value, 2) }
}
