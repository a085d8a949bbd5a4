extension POSIXTimeZoneRule {
  /// Reads a TZ string: `std offset [dst [offset] [,start[/time],end[/time]]]`.
  ///
  /// Names are three or more letters, or `<…>` around three or more letters, digits, `+` and `-`.
  /// Offsets are `[+-]hh[:mm[:ss]]` west of UTC with hours 0–24; the daylight-saving offset
  /// defaults to one hour ahead of standard time, and missing transitions to the US rules
  /// `M3.2.0,M11.1.0`. Transition times default to 02:00 and may be -167 to 167 hours. Returns nil
  /// for anything else, including trailing text.
  public init?(parsing text: String) {
    var scanner = TZScanner(bytes: Array(text.utf8))
    guard scanner.name(), let standardWest = scanner.offset(maxHours: 24) else { return nil }
    self.init(standardOffset: -standardWest)
    if scanner.isAtEnd { return }
    guard scanner.name() else { return nil }
    var savingWest = standardWest - 3_600
    if let next = scanner.peek, next != UInt8(ascii: ",") {
      guard let west = scanner.offset(maxHours: 24) else { return nil }
      savingWest = west
    }
    let start: Transition
    let end: Transition
    if scanner.isAtEnd {
      start = Transition(day: .monthWeekDay(month: 3, week: 2, weekday: 0), time: 7_200)
      end = Transition(day: .monthWeekDay(month: 11, week: 1, weekday: 0), time: 7_200)
    } else {
      guard scanner.skip(","), let first = scanner.transition(), scanner.skip(","),
        let second = scanner.transition(), scanner.isAtEnd
      else { return nil }
      (start, end) = (first, second)
    }
    daylightSaving = DaylightSaving(utcOffset: -savingWest, start: start, end: end)
  }
}

/// A cursor over the bytes of a TZ string.
private struct TZScanner {
  package let bytes: [UInt8]
  package var index = 0

  package var isAtEnd: Bool { index == bytes.count }
  package var peek: UInt8? { isAtEnd ? nil : bytes[index] }

  mutating func skip(_ character: Character) -> Bool {
    guard peek == character.asciiValue else { return false }
    index += 1
    return true
  }

  /// A zone abbreviation: `<[A-Za-z0-9+-]{3,}>` or `[A-Za-z]{3,}`.
  package mutating func name() -> Bool {
    if skip("<") {
      let start = index
      while let byte = peek,
        isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
      {
        index += 1
      }
      return index - start >= 3 && skip(">")
    }
    let start = index
    while let byte = peek, isLetter(byte) { index += 1 }
    return index - start >= 3
  }

  /// `[+-]hh[:mm[:ss]]` in seconds, hours at most `maxHours`.
  package mutating func offset(maxHours: Int) -> Int? {
    let sign = skip("-") ? -1 : 1
    if sign == 1 { _ = skip("+") }
    guard let hours = number(maxDigits: 3), hours <= maxHours else { return nil }
    var seconds = hours * 3_600
    for unit in [60, 1] {
      guard skip(":") else { break }
      guard let value = number(maxDigits: 2), value <= 59 else { return nil }
      seconds += value * unit
    }
    return sign * seconds
  }

  /// `date[/time]`, the time defaulting to 02:00.
  package mutating func transition() -> POSIXTimeZoneRule.Transition? {
    let day: POSIXTimeZoneRule.Day
    if skip("J") {
      guard let number = number(maxDigits: 3), (1...365).contains(number) else { return nil }
      day = .julian(number)
    } else if skip("M") {
      guard let month = number(maxDigits: 2), (1...12).contains(month), skip("."),
        let week = number(maxDigits: 1), (1...5).contains(week), skip("."),
        let weekday = number(maxDigits: 1), (0...6).contains(weekday)
      else { return nil }
      day = .monthWeekDay(month: month, week: week, weekday: weekday)
    } else {
      guard let number = number(maxDigits: 3), (0...365).contains(number) else { return nil }
      day = .dayOfYear(number)
    }
    var time = 7_200
    if skip("/") {
      guard let given = offset(maxHours: 167) else { return nil }
      time = given
    }
    return POSIXTimeZoneRule.Transition(day: day, time: time)
  }

  /// One to `maxDigits` decimal digits.
  private mutating func number(maxDigits: Int) -> Int? {
    var value = 0
    var count = 0
    while count < maxDigits, let byte = peek, isDigit(byte) {
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
      index += 1
      count += 1
    }
    return count > 0 ? value : nil
  }

  private func isLetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
      || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
  }

  private func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
}
