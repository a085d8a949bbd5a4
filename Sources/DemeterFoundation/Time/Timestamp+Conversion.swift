extension Timestamp {
  /// The moment this timestamp names, as whole seconds since 1970-01-01T00:00:00Z plus the
  /// nanoseconds within that second; nil for wall-clock time (no offset), which names no moment.
  public var instant: (seconds: Int, nanosecond: Int)? {
    guard let offset = utcOffsetSeconds else { return nil }
    return (localDate.dayNumber * 86_400 + secondOfDay - offset, nanosecond)
  }

  /// The same moment written in the local time of `zone`.
  ///
  /// - `asWritten` returns the timestamp unchanged (its own offset decides its date).
  /// - Wall-clock timestamps (no offset) name no moment and are returned unchanged, whatever the zone.
  /// - Named zones use the offset in force at that moment, so both sides of a daylight-saving
  ///   transition convert correctly (the repeated hour of a fall-back night gets two offsets).
  /// - A named zone that the system does not know (only possible when the rule was built by hand
  ///   rather than by `TimeZoneRule.parse`) leaves the timestamp unchanged.
  public func converted(to zone: TimeZoneRule) -> Timestamp {
    guard let (seconds, _) = instant, let offset = zone.utcOffset(atUnixSeconds: seconds) else { return self }
    return Timestamp(unixSeconds: seconds, nanosecond: nanosecond, utcOffsetSeconds: offset)
  }

  /// This wall-clock time written with the UTC offset `zone` has at that time of day (the offset
  /// before a change when the time is repeated or skipped); unchanged when it has an offset already
  /// or `zone` gives none (`asWritten`).
  public func withOffset(of zone: TimeZoneRule) -> Timestamp {
    guard utcOffsetSeconds == nil else { return self }
    let wallClock = localDate.dayNumber * 86_400 + secondOfDay
    guard let guess = zone.utcOffset(atUnixSeconds: wallClock) else { return self }
    var placed = self
    placed.utcOffsetSeconds = zone.utcOffset(atUnixSeconds: wallClock - guess) ?? guess
    return placed
  }

  /// The timestamp for the moment `unixSeconds` (+ `nanosecond`), written with `utcOffsetSeconds`.
  public init(unixSeconds: Int, nanosecond: Int = 0, utcOffsetSeconds: Int) {
    let local = unixSeconds + utcOffsetSeconds
    let (day, second) = TimeText.floorDivMod(local, 86_400)
    self.init(
      localDate: CivilDate(dayNumber: day), secondOfDay: second, nanosecond: nanosecond,
      utcOffsetSeconds: utcOffsetSeconds)
  }
}
