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
  package static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<Timestamp, TimestampError> {
    var memo = DateMemo()
    return parse(bytes, dates: &memo)
  }

  /// Reads an RFC 3339 timestamp as `parse(_:)` does, its date taken from `dates` when it is the
  /// one remembered there (and remembered otherwise).
  package static func parse(_ bytes: UnsafeBufferPointer<UInt8>, dates: inout DateMemo) -> Result<
    Timestamp, TimestampError
  > {
    let date: CivilDate
    if let known = dates.date(of: bytes) {
      if let timestamp = commonForm(bytes, date: known) { return .success(timestamp) }
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

  /// `parse(_:dates:)` of text in the common form whose date is the one `dates` remembers (most
  /// of a file's timestamps); nil for any other text, which `parse` then reads. Out of line and
  /// small, so that the common case does not pay for the frame of the full reading.
  @inline(never)
  package static func parseRemembered(_ bytes: UnsafeBufferPointer<UInt8>, dates: DateMemo) -> Timestamp? {
    guard let known = dates.date(of: bytes) else { return nil }
    return commonForm(bytes, date: known)
  }

  /// Reads an RFC 3339 timestamp from text; see the byte-buffer form for the rules.
  public static func parse(_ text: String) -> Result<Timestamp, TimestampError> {
    var text = text
    return text.withUTF8 { parse($0) }
  }

  /// The timestamp of text in a common form, `YYYY-MM-DDTHH:MM:SS±HH:MM`, the same with
  /// milliseconds (`…:SS.fff±HH:MM`) or `YYYY-MM-DDTHH:MM:SSZ`, whose date is `date`, its time
  /// read as one word; nil for any other form or a value out of range (the full reading then
  /// takes it, and explains what is wrong).
  @inline(__always)
  private static func commonForm(_ bytes: UnsafeBufferPointer<UInt8>, date: CivilDate) -> Timestamp? {
    let count = bytes.count
    guard count == 25 || count == 29 || count == 20, bytes[10] == UInt8(ascii: "T") else { return nil }
    let raw = UnsafeRawPointer(bytes.baseAddress!)
    // `HH:MM:SS` with each digit turned into its value and each colon into 0.
    let time = raw.littleEndianWord(at: 11) ^ 0x3030_3A30_303A_3030
    // A byte is at most 9 iff neither it nor it plus 0x76 has its high bit set (a carry out of a
    // byte only follows a byte that already fails).
    let colons: UInt64 = 0x0000_FF00_00FF_0000
    guard (time | (time &+ 0x7676_7676_7676_7676)) & 0x8080_8080_8080_8080 == 0, time & colons == 0 else {
      return nil
    }
    func digits(_ first: UInt64, of word: UInt64) -> Int {
      Int((word >> first) & 0xFF) * 10 + Int((word >> (first + 8)) & 0xFF)
    }
    let (hour, minute, second) = (digits(0, of: time), digits(24, of: time), digits(48, of: time))
    guard hour <= 23, minute <= 59, second <= 59 else { return nil }
    let secondOfDay = hour * 3600 + minute * 60 + second
    guard count != 20 else {
      guard bytes[19] == UInt8(ascii: "Z") else { return nil }
      return Timestamp(localDate: date, secondOfDay: secondOfDay, nanosecond: 0, utcOffsetSeconds: 0)
    }
    // The last eight bytes, `SS±HH:MM` (or the milliseconds' last two digits and the offset), as
    // one word, as the time: digits turned into their values, the colon into 0 (the sign apart; a
    // carry out of a sign or colon that fails only disturbs a line that is declined anyway).
    let zone = raw.littleEndianWord(at: count - 8) ^ 0x3030_3A30_3000_3030
    let zoneDigits: UInt64 = 0x8080_0080_8000_8080
    let sign = bytes[count - 6]
    guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"), zone & 0x0000_FF00_0000_0000 == 0,
      (zone | (zone &+ 0x7676_7676_7676_7676)) & zoneDigits == 0
    else { return nil }
    let (hours, minutes) = (digits(24, of: zone), digits(48, of: zone))
    guard hours <= 23, minutes <= 59 else { return nil }
    let offset = (sign == UInt8(ascii: "-") ? -1 : 1) * (hours * 3600 + minutes * 60)
    var nanosecond = 0
    if count == 29 {
      // `.fff`: the point, a digit, and the two digits the zone's word checked.
      let first = Int(bytes[20]) &- 48
      guard bytes[19] == UInt8(ascii: "."), first >= 0, first <= 9 else { return nil }
      nanosecond = (first * 100 + digits(0, of: zone)) * 1_000_000
    }
    return Timestamp(
      localDate: date, secondOfDay: secondOfDay, nanosecond: nanosecond, utcOffsetSeconds: offset)
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
