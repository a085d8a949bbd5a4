/// A calendar date in the proleptic Gregorian calendar, independent of any time zone,
/// stored as the number of days since 1970-01-01.
public struct CivilDate: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// Days since 1970-01-01 (negative before).
  public var dayNumber: Int

  public init(dayNumber: Int) {
    self.dayNumber = dayNumber
  }

  /// The date `year-month-day`, or nil if it does not exist (month 1–12, day within the month).
  public init?(year: Int, month: Int, day: Int) {
    guard (1...12).contains(month), day >= 1, day <= CivilDate.daysInMonth(year: year, month: month) else {
      return nil
    }
    // Howard Hinnant's days_from_civil.
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let m = month > 2 ? month - 3 : month + 9
    let dayOfYear = (153 * m + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    self.dayNumber = era * 146_097 + dayOfEra - 719_468
  }

  /// Year, month (1–12) and day (1–31).
  public var components: (year: Int, month: Int, day: Int) {
    // Howard Hinnant's civil_from_days.
    let z = dayNumber + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  public var year: Int { components.year }
  public var month: Int { components.month }
  public var day: Int { components.day }

  public static func isLeapYear(_ year: Int) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }

  public static func daysInMonth(year: Int, month: Int) -> Int {
    switch month {
    case 2: return isLeapYear(year) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  public static func < (a: CivilDate, b: CivilDate) -> Bool { a.dayNumber < b.dayNumber }

  /// `YYYY-MM-DD`.
  public var description: String {
    let (y, m, d) = components
    guard (0...9999).contains(y) else { return Self.pad(y, 4) + "-" + Self.pad(m, 2) + "-" + Self.pad(d, 2) }
    return String(unsafeUninitializedCapacity: 10) { text in
      DecimalDigits.write(UInt64(y), count: 4, into: text, at: 0)
      text[4] = UInt8(ascii: "-")
      DecimalDigits.write(UInt64(m), count: 2, into: text, at: 5)
      text[7] = UInt8(ascii: "-")
      DecimalDigits.write(UInt64(d), count: 2, into: text, at: 8)
      return 10
    }
  }

  /// The date `days` later (earlier if negative).
  public func adding(days: Int) -> CivilDate { CivilDate(dayNumber: dayNumber + days) }

  /// `value` in decimal with at least `width` digits (zeros in front), after a `-` if negative.
  package static func pad(_ value: Int, _ width: Int) -> String {
    let digits = max(DecimalDigits.count(UInt64(value.magnitude)), width)
    let sign = value < 0 ? 1 : 0
    return String(unsafeUninitializedCapacity: sign + digits) { text in
      if sign == 1 { text[0] = UInt8(ascii: "-") }
      DecimalDigits.write(UInt64(value.magnitude), count: digits, into: text, at: sign)
      return sign + digits
    }
  }
}
