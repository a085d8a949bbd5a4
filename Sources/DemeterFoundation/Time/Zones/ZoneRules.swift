/// The UTC offsets of one time zone at every moment: a table of transitions (from a TZif file)
/// and a POSIX rule for the moments after the last one.
public final class ZoneRules: Sendable {
  /// Transition times in seconds since 1970-01-01T00:00:00Z, increasing.
  private let transitionTimes: [Int]
  /// The offset east of UTC that starts at each transition.
  private let offsets: [Int]
  /// The offset before the first transition (TZif local time type 0).
  private let initialOffset: Int
  /// The rule after the last transition (for every moment when there are no transitions).
  private let rule: POSIXTimeZoneRule?

  /// The rules of a TZif file (RFC 8536 §3.2): type 0 before the first transition, the table up to
  /// the last one, the footer's TZ string after it (or the last type, without a usable footer).
  public init(_ tzif: TZif) {
    transitionTimes = tzif.transitionTimes.map { Int($0) }
    offsets = tzif.transitionTypes.map { tzif.types[Int($0)].utcOffset }
    initialOffset = tzif.types[0].utcOffset
    rule = tzif.footer.isEmpty ? nil : POSIXTimeZoneRule(parsing: tzif.footer)
  }

  /// The rules of a POSIX TZ rule alone.
  public init(_ rule: POSIXTimeZoneRule) {
    transitionTimes = []
    offsets = []
    initialOffset = rule.standardOffset
    self.rule = rule
  }

  /// UTC all the time.
  public static let utc = ZoneRules(POSIXTimeZoneRule(standardOffset: 0))

  /// The offset east of UTC in force at `unixSeconds`.
  /// - Complexity: O(log n) in the number of transitions.
  public func utcOffset(atUnixSeconds unixSeconds: Int) -> Int {
    guard let last = transitionTimes.last else {
      return rule?.utcOffset(atUnixSeconds: unixSeconds) ?? initialOffset
    }
    if unixSeconds >= last, let rule { return rule.utcOffset(atUnixSeconds: unixSeconds) }
    if unixSeconds < transitionTimes[0] { return initialOffset }
    // The last transition at or before the moment.
    var low = 0
    var high = transitionTimes.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if transitionTimes[middle] <= unixSeconds { low = middle } else { high = middle - 1 }
    }
    return offsets[low]
  }
}
