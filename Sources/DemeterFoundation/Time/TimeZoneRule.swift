/// Which local time a report reads timestamps in (`--tz`, or `timeZone` in the config).
///
/// By default (`asWritten`) every entry counts for the date written in its own timestamp, so
/// reports never depend on the machine's time zone. Any other rule converts each timestamp that
/// has an offset to that zone first; wall-clock timestamps (no offset) name no moment and are
/// never converted.
public enum TimeZoneRule: Sendable, Hashable, CustomStringConvertible {
  /// Each timestamp's own offset decides its date (the default).
  case asWritten
  /// A fixed offset east of UTC in seconds (`UTC` and `Z` are 0).
  case fixedOffset(seconds: Int)
  /// An IANA time zone such as `Europe/Berlin`, with its daylight-saving rules.
  case named(String)
  /// The machine's time zone (`LocalTimeZone`: `TZ`, else `/etc/localtime`); only when the user
  /// asks for it.
  case local

  /// The offset east of UTC in force at `unixSeconds` (seconds since 1970-01-01T00:00:00Z),
  /// or nil for `asWritten` and for a named zone the system does not know.
  public func utcOffset(atUnixSeconds unixSeconds: Int) -> Int? {
    switch self {
    case .asWritten:
      return nil
    case .fixedOffset(let seconds):
      return seconds
    case .named(let identifier):
      return ZoneInfoDatabase.system.rules(named: identifier)?.utcOffset(atUnixSeconds: unixSeconds)
    case .local:
      return LocalTimeZone.rules.utcOffset(atUnixSeconds: unixSeconds)
    }
  }

  /// The text that `parse` reads back: `as-written`, `UTC`, `+05:30`, `Europe/Berlin` or `local`.
  public var description: String {
    switch self {
    case .asWritten: return "as-written"
    case .fixedOffset(let seconds): return seconds == 0 ? "UTC" : Timestamp.offsetText(seconds)
    case .named(let identifier): return identifier
    case .local: return "local"
    }
  }

  // MARK: - Parsing

  /// Reads the text of `--tz` (or the config's `timeZone`).
  ///
  /// Accepted spellings: `UTC`, `GMT` or `Z`; an offset `±HH:MM`, `±HHMM` or `±HH` (optionally
  /// after `UTC`/`GMT`, hours 00–23, minutes 00–59); an IANA name such as `Europe/Berlin`, read from
  /// the installed zone database (`ZoneInfoDatabase`; letter case is corrected: `europe/berlin`
  /// works); `local` for the machine's zone; `as-written` for the default. Anything else is an
  /// error that lists these spellings.
  public static func parse(_ text: String) throws(TimeZoneRuleError) -> TimeZoneRule {
    let trimmed = text.trimmingSpaces()
    let lower = trimmed.lowercased()
    switch lower {
    case "": throw TimeZoneRuleError(text: text, message: "the time zone is empty")
    case "utc", "gmt", "z": return .fixedOffset(seconds: 0)
    case "local": return .local
    case "as-written", "aswritten", "as written": return .asWritten
    default: break
    }
    for prefix in ["utc", "gmt"] where lower.hasPrefix(prefix + "+") || lower.hasPrefix(prefix + "-") {
      return try parseOffset(String(trimmed.dropFirst(prefix.count)), original: text)
    }
    if let first = trimmed.first, first == "+" || first == "-" {
      return try parseOffset(trimmed, original: text)
    }
    if let identifier = ZoneInfoDatabase.system.identifier(matching: trimmed) {
      return .named(identifier)
    }
    throw TimeZoneRuleError(text: text, message: "unknown time zone")
  }

  private static func parseOffset(_ text: String, original: String) throws(TimeZoneRuleError) -> TimeZoneRule
  {
    let sign = text.first == "-" ? -1 : 1
    let body = Array(text.utf8.dropFirst()).filter { $0 != UInt8(ascii: ":") }
    let colons = text.utf8.filter { $0 == UInt8(ascii: ":") }.count
    guard body.allSatisfy({ (48...57).contains($0) }), body.count == 2 || body.count == 4,
      colons == 0 || (colons == 1 && body.count == 4 && Array(text.utf8)[3] == UInt8(ascii: ":"))
    else {
      throw TimeZoneRuleError(text: original, message: "an offset is written like +05:30 or -03:00")
    }
    let hours = Int(body[0] - 48) * 10 + Int(body[1] - 48)
    let minutes = body.count == 4 ? Int(body[2] - 48) * 10 + Int(body[3] - 48) : 0
    guard hours <= 23, minutes <= 59 else {
      throw TimeZoneRuleError(
        text: original, message: "the offset is out of range (hours 00–23, minutes 00–59)")
    }
    return .fixedOffset(seconds: sign * (hours * 3600 + minutes * 60))
  }
}

/// A `--tz` text that names no time zone; the message says how to spell one.
public struct TimeZoneRuleError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The text as given.
  public var text: String
  /// What is wrong, without the list of valid spellings.
  public var message: String

  public init(text: String, message: String) {
    self.text = text
    self.message = message
  }

  /// `unknown time zone 'Mars/Olympus': use UTC, an offset like +05:30, an IANA name like …`.
  public var description: String {
    "\(message) '\(TerminalSafeText.escaped(text))': use UTC, an offset like +05:30 or -03:00, an IANA name "
      + "like Europe/Berlin"
      + " or America/New_York, local (this machine's zone) or as-written (each entry's own offset)"
  }
}
