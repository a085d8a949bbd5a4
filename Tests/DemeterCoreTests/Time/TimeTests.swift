import Foundation
import Testing

@testable import DemeterCore

/// The suite that holds every test of `Sources/DemeterCore/Time` (run them with `--filter Time`).
@Suite enum TimeTests {}

extension CivilDate {
  /// `YYYY-MM-DD` for test literals; a bad literal is a test bug, so it traps.
  static func on(_ text: String) -> CivilDate {
    guard case .success(let date) = CivilDate.parse(text) else {
      preconditionFailure("bad date literal \(text)")
    }
    return date
  }
}

extension Period {
  /// `first..last` from two `YYYY-MM-DD` literals.
  static func from(_ first: String, _ last: String) -> Period {
    Period(first: .on(first), last: .on(last))
  }
}

extension Timestamp {
  /// A timestamp literal that must parse.
  static func at(_ text: String) -> Timestamp {
    guard case .success(let timestamp) = Timestamp.parse(text) else {
      preconditionFailure("bad timestamp literal \(text)")
    }
    return timestamp
  }
}

/// A small seeded generator (SplitMix64) so randomised tests are reproducible.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
