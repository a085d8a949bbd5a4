extension Timestamp {
  /// Reads an RFC 3339 timestamp: `YYYY-MM-DDTHH:MM:SS[.fraction][Z|±HH:MM]`.
  ///
  /// - The separator may be `T`, `t` or a space; `Z` may be written `z`.
  /// - Without `Z` or an offset the result is wall-clock time (`utcOffsetSeconds == nil`).
  /// - The fraction has at least one digit; digits past the ninth are truncated to nanoseconds.
  /// - Second `60` is read as a leap second and folded into `:59.999999999`.
  /// - Dates must exist (February 29 only in leap years); hours 00–23, minutes 00–59,
  ///   offset hours 00–23 and offset minutes 00–59.
  ///
  /// The error carries the byte offset of the problem and a short message such as
  /// `expected 'T' between date and time` or `missing seconds`.
  ///
  /// - Complexity: O(n) in the length of the text, without allocating on success.
  public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<Timestamp, TimestampError> {
    var memo = DateMemo()
    return parse(bytes, dates: &memo)
  }

  /// Reads an RFC 3339 timestamp as `parse(_:)` does, its date taken from `dates` when it is the
  /// one remembered there (and remembered otherwise).
  static func parse(_ bytes: UnsafeBufferPointer<UInt8>, dates: inout DateMemo) -> Result<
    Timestamp, TimestampError
  > {
    let date: CivilDate
    if let known = dates.date(of: bytes) {
      date = known
    } else {
      switch TimeText.date(bytes) {
      case .success(let value):
        date = value
        dates.remember(date, of: bytes)
      case .failure(let error): return .failure(error)
      }
    }
    guard bytes.count > 10 else {
      return .failure(
        TimestampError(offset: 10, message: "expected 'T' and a time (HH:MM:SS) after the date"))
    }
    switch bytes[10] {
    case UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " "): break
    default: return .failure(TimestampError(offset: 10, message: "expected 'T' between date and time"))
    }
    let hour: Int
    switch TimeText.digits(bytes, at: 11, count: 2) {
    case .success(let value): hour = value
    case .failure(let bad):
      return .failure(TimestampError(offset: bad.offset, message: "expected a 2-digit hour"))
    }
    guard hour <= 23 else {
      return .failure(TimestampError(offset: 11, message: "hour \(hour) is out of range (00–23)"))
    }
    guard TimeText.has(bytes, UInt8(ascii: ":"), at: 13) else {
      return .failure(TimestampError(offset: 13, message: "expected ':' after the hour"))
    }
    let minute: Int
    switch TimeText.digits(bytes, at: 14, count: 2) {
    case .success(let value): minute = value
    case .failure(let bad):
      return .failure(TimestampError(offset: bad.offset, message: "expected a 2-digit minute"))
    }
    guard minute <= 59 else {
      return .failure(TimestampError(offset: 14, message: "minute \(minute) is out of range (00–59)"))
    }
    guard TimeText.has(bytes, UInt8(ascii: ":"), at: 16) else {
      return .failure(TimestampError(offset: 16, message: "missing seconds (write HH:MM:SS)"))
    }
    var second: Int
    switch TimeText.digits(bytes, at: 17, count: 2) {
    case .success(let value): second = value
    case .failure(let bad):
      return .failure(TimestampError(offset: bad.offset, message: "expected a 2-digit second"))
    }
    guard second <= 60 else {
      return .failure(TimestampError(offset: 17, message: "second \(second) is out of range (00–60)"))
    }
    var index = 19
    var nanosecond = 0
    if TimeText.has(bytes, UInt8(ascii: "."), at: index) {
      index += 1
      let fractionStart = index
      var scale = 100_000_000
      while index < bytes.count {
        let digit = Int(bytes[index]) &- 48
        guard digit >= 0, digit <= 9 else { break }
        nanosecond += digit * scale
        scale /= 10
        index += 1
      }
      guard index > fractionStart else {
        return .failure(TimestampError(offset: index, message: "expected digits after '.'"))
      }
    }
    if second == 60 {
      second = 59
      nanosecond = 999_999_999
    }
    var offset: Int?
    if index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "Z"), UInt8(ascii: "z"):
        offset = 0
        index += 1
      case UInt8(ascii: "+"), UInt8(ascii: "-"):
        switch readOffset(bytes, at: index) {
        case .success(let value): offset = value
        case .failure(let error): return .failure(error)
        }
        index += 6
      default:
        return .failure(
          TimestampError(offset: index, message: "expected 'Z' or an offset like +05:30 after the time"))
      }
      guard index == bytes.count else {
        return .failure(TimestampError(offset: index, message: "unexpected text after the timestamp"))
      }
    }
    return .success(
      Timestamp(
        localDate: date, secondOfDay: hour * 3600 + minute * 60 + second, nanosecond: nanosecond,
        utcOffsetSeconds: offset))
  }

  /// Reads an RFC 3339 timestamp from text; see the byte-buffer form for the rules.
  public static func parse(_ text: String) -> Result<Timestamp, TimestampError> {
    var text = text
    return text.withUTF8 { parse($0) }
  }

  /// `±HH:MM` at `start` (the sign's offset), in seconds east of UTC.
  private static func readOffset(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Result<
    Int, TimestampError
  > {
    let sign = bytes[start] == UInt8(ascii: "-") ? -1 : 1
    let hours: Int
    switch TimeText.digits(bytes, at: start + 1, count: 2) {
    case .success(let value): hours = value
    case .failure(let bad):
      return .failure(TimestampError(offset: bad.offset, message: "expected an offset like +05:30"))
    }
    guard hours <= 23 else {
      return .failure(
        TimestampError(offset: start + 1, message: "offset hour \(hours) is out of range (00–23)"))
    }
    guard TimeText.has(bytes, UInt8(ascii: ":"), at: start + 3) else {
      return .failure(TimestampError(offset: start + 3, message: "expected ':' in the offset (like +05:30)"))
    }
    let minutes: Int
    switch TimeText.digits(bytes, at: start + 4, count: 2) {
    case .success(let value): minutes = value
    case .failure(let bad):
      return .failure(TimestampError(offset: bad.offset, message: "expected an offset like +05:30"))
    }
    guard minutes <= 59 else {
      return .failure(
        TimestampError(offset: start + 4, message: "offset minute \(minutes) is out of range (00–59)"))
    }
    return .success(sign * (hours * 3600 + minutes * 60))
  }
}
