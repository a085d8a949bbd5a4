import DemeterFoundation

/// Dates and times as trackers' exports write them.
enum ImportedTime {
  /// `2026-11-21`, or `11/21/2026` (month first, as US exports write it).
  static func date(_ text: String) throws(ImportProblem) -> CivilDate {
    if case .success(let date) = CivilDate.parse(text) { return date }
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    if parts.count == 3, let month = Int(parts[0]), let day = Int(parts[1]), let year = Int(parts[2]),
      parts[2].count == 4, let date = CivilDate(year: year, month: month, day: day)
    {
      return date
    }
    throw ImportProblem("expected a date like 2026-11-21 or 11/21/2026, got \"\(text)\"")
  }

  /// `08:15`, `8:15:30`, `8:15 AM`, `12:05 pm` → seconds after midnight.
  static func secondOfDay(_ text: String) throws(ImportProblem) -> Int {
    var clock = Substring(text.lowercased())
    var afternoon: Bool?
    for (suffix, isAfternoon) in [("am", false), ("pm", true)] where clock.hasSuffix(suffix) {
      afternoon = isAfternoon
      clock = Substring(clock.dropLast(2).trimmingSpaces())
    }
    let parts = clock.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
    let invalid = ImportProblem("expected a time like 08:15 or 8:15 AM, got \"\(text)\"")
    guard (2...3).contains(parts.count), parts.allSatisfy({ $0 != nil }), var hour = parts[0] else {
      throw invalid
    }
    let minute = parts[1]!
    let second = parts.count == 3 ? parts[2]! : 0
    if let afternoon {
      guard (1...12).contains(hour) else { throw invalid }
      hour = hour % 12 + (afternoon ? 12 : 0)
    }
    guard (0..<24).contains(hour), (0..<60).contains(minute), (0..<60).contains(second) else { throw invalid }
    return hour * 3600 + minute * 60 + second
  }

  /// An RFC 3339 timestamp (`2026-11-21T08:15:00-05:00`, `2026-11-21 08:15:00`), also without
  /// seconds (`2026-11-21 08:15`); without an offset it is wall-clock time.
  static func timestamp(_ text: String) throws(ImportProblem) -> Timestamp {
    if case .success(let timestamp) = Timestamp.parse(text) { return timestamp }
    let utf8 = Array(text.utf8)
    // `YYYY-MM-DD HH:MM`, then an offset or nothing: add the seconds.
    if utf8.count >= 16, utf8[13] == UInt8(ascii: ":"), utf8.count == 16 || !(utf8[16] == UInt8(ascii: ":")),
      case .success(let timestamp) = Timestamp.parse(
        String(text.prefix(16)) + ":00" + String(text.dropFirst(16)))
    {
      return timestamp
    }
    throw ImportProblem("expected a time like 2026-11-21T08:15:00-05:00 or 2026-11-21 08:15, got \"\(text)\"")
  }
}
