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
    if let common = parseCommonForm(bytes) { return .success(common) }
    return parseByteByByte(bytes)
  }

  /// The timestamp written in the common form `YYYY-MM-DDTHH:MM:SS` with nothing, `Z` or
  /// `±HH:MM` after it, read a word (eight bytes) at a time; nil for anything else, including
  /// errors, fractions and leap seconds (which `parseByteByByte` reads).
  static func parseCommonForm(_ bytes: UnsafeBufferPointer<UInt8>) -> Timestamp? {
    let count = bytes.count
    guard count == 19 || count == 20 || count == 25 else { return nil }
    let raw = UnsafeRawPointer(bytes.baseAddress!)
    func word(_ offset: Int) -> UInt64 {
      UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
    /// Whether the bytes of `word` selected by `mask` are all ASCII digits: each becomes 0x33
    /// exactly when it is one (high nibble 3, and still 3 with 6 added); a carry out of a byte
    /// ≥ 0xFA can only make a digit after it look like none.
    func digits(_ word: UInt64, _ mask: UInt64) -> Bool {
      let high: UInt64 = 0xF0F0_F0F0_F0F0_F0F0
      return ((word & high) | (((word &+ 0x0606_0606_0606_0606) & high) >> 4)) & mask == 0x3333_3333_3333_3333
        & mask
    }
    /// The value of the two digits at bytes `at` and `at + 1` of `word`.
    func twoDigits(_ word: UInt64, _ at: UInt64) -> Int {
      Int((word &>> (8 * at)) & 0x0F) * 10 + Int((word &>> (8 * at + 8)) & 0x0F)
    }
    let date = word(0)  // YYYY-MM-
    let day = word(8)  // DDT…
    let time = word(11)  // HH:MM:SS
    let separator = UInt8(truncatingIfNeeded: day >> 16)
    guard digits(date, 0x00FF_FF00_FFFF_FFFF), date & 0xFF00_00FF_0000_0000 == 0x2D00_002D_0000_0000,
      digits(day, 0xFFFF), separator | 0x20 == UInt8(ascii: "t") || separator == UInt8(ascii: " "),
      digits(time, 0xFFFF_00FF_FF00_FFFF), time & 0x0000_FF00_00FF_0000 == 0x0000_3A00_003A_0000
    else { return nil }
    let hour = twoDigits(time, 0)
    let minute = twoDigits(time, 3)
    let second = twoDigits(time, 6)
    guard hour <= 23, minute <= 59, second <= 59,
      let localDate = CivilDate(
        year: twoDigits(date, 0) * 100 + twoDigits(date, 2), month: twoDigits(date, 5), day: twoDigits(day, 0)
      )
    else { return nil }
    var offset: Int?
    switch count {
    case 20:
      guard bytes[19] | 0x20 == UInt8(ascii: "z") else { return nil }
      offset = 0
    case 25:
      let zone = word(17)  // SS±HH:MM
      let sign = UInt8(truncatingIfNeeded: zone >> 16)
      guard sign == JSONByte.plus || sign == JSONByte.minus, digits(zone, 0xFFFF_00FF_FF00_0000),
        zone & 0x0000_FF00_0000_0000 == 0x0000_3A00_0000_0000
      else { return nil }
      let (hours, minutes) = (twoDigits(zone, 3), twoDigits(zone, 6))
      guard hours <= 23, minutes <= 59 else { return nil }
      offset = (sign == JSONByte.minus ? -1 : 1) * (hours * 3600 + minutes * 60)
    default:
      offset = nil
    }
    return Timestamp(
      localDate: localDate, secondOfDay: hour * 3600 + minute * 60 + second, utcOffsetSeconds: offset)
  }

  /// `parse`, byte by byte: every form the rules allow, and the located error for any other text.
  static func parseByteByByte(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<Timestamp, TimestampError> {
    let date: CivilDate
    switch TimeText.date(bytes) {
    case .success(let value): date = value
    case .failure(let error): return .failure(error)
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
