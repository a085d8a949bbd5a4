import Foundation
import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// The suite that holds every test of `Sources/DemeterFoundation/Time` (run them with `--filter Time`).
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
