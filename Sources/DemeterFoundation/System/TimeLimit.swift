/// How long something may take, in seconds (`--lock-timeout`, `--plugin-timeout`), and the
/// deadline it sets once started.
public struct TimeLimit: Sendable, Hashable, CustomStringConvertible {
  /// Limits longer than this (about 31 years) wait as long as this.
  package static let longest = 1e9

  /// The limit, a finite number of seconds ≥ 0.
  public let seconds: Double

  public init(seconds: Double) {
    self.seconds = seconds.isFinite ? min(max(seconds, 0), Self.longest) : Self.longest
  }

  /// `30`, `0.5`, `2.5e1`: a finite number ≥ 0; nil for anything else.
  public init?(parsing text: String) {
    guard let value = Double(text), value.isFinite, value >= 0 else { return nil }
    self.init(seconds: value)
  }

  /// `30 s`, `0.5 s`.
  public var description: String {
    (seconds == seconds.rounded() ? String(Int64(seconds)) : String(seconds)) + " s"
  }

  /// The deadline this limit sets when started now.
  public func startingNow() -> Deadline {
    Deadline(end: ContinuousClock.now.advanced(by: .seconds(seconds)))
  }

  /// A point in time that a wait must not pass.
  public struct Deadline: Sendable {
    package let end: ContinuousClock.Instant

    /// Seconds left until the deadline; 0 once it has passed.
    public var remainingSeconds: Double {
      let left = ContinuousClock.now.duration(to: end).components
      return max(0, Double(left.seconds) + Double(left.attoseconds) / 1e18)
    }

    public var hasPassed: Bool { ContinuousClock.now >= end }
  }
}
