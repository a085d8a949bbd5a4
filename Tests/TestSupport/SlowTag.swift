import Foundation
import Testing

extension Tag {
  /// Suites that take a minute or more: kill loops, Spark, Chromium, building a consumer package,
  /// memory caps, long random runs (manual: testing).
  @Tag public static var slow: Self
}

extension Trait where Self == ConditionTrait {
  /// Leaves a `slow` suite out of an everyday run (`DEMETER_SKIP_SLOW=1 swift test`); `swift test`
  /// and CI run it.
  public static var slowSuite: Self {
    .disabled(
      if: ProcessInfo.processInfo.environment["DEMETER_SKIP_SLOW"].map { !$0.isEmpty } ?? false,
      "a slow suite: DEMETER_SKIP_SLOW is set")
  }
}
