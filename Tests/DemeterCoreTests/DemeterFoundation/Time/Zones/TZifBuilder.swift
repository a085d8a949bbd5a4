@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// Writes small TZif files (RFC 8536) for tests: one data block per version, as `zic` lays them out.
struct TZifBuilder {
  var transitions: [(time: Int64, type: UInt8)] = []
  var types: [(offset: Int32, isDST: Bool)] = [(0, false)]
  var footer = ""
  var leapSeconds = 0

  /// Version 1 (32-bit data only), or 2, 3 or 4 (a 32-bit block, then a 64-bit block and the footer).
  func bytes(version: Int) -> [UInt8] {
    var out: [UInt8] = []
    if version == 1 {
      out += block(version: 0, timeSize: 4)
    } else {
      out += block(version: UInt8(ascii: "0") + UInt8(version), timeSize: 4)
      out += block(version: UInt8(ascii: "0") + UInt8(version), timeSize: 8)
      out += Array(("\n" + footer + "\n").utf8)
    }
    return out
  }

  private func block(version: UInt8, timeSize: Int) -> [UInt8] {
    let abbreviations = Array("LMT\0STD\0DST\0".utf8)
    var out = Array("TZif".utf8) + [version] + [UInt8](repeating: 0, count: 15)
    let kept =
      timeSize == 4 ? transitions.filter { Int64(Int32.min)...Int64(Int32.max) ~= $0.time } : transitions
    for count in [types.count, types.count, leapSeconds, kept.count, types.count, abbreviations.count] {
      out += bigEndian(UInt64(count), size: 4)
    }
    for transition in kept { out += bigEndian(UInt64(bitPattern: transition.time), size: timeSize) }
    out += kept.map(\.type)
    for (index, type) in types.enumerated() {
      out += bigEndian(UInt64(UInt32(bitPattern: type.offset)), size: 4)
      out += [type.isDST ? 1 : 0, UInt8(min(index, 2) * 4)]
    }
    out += abbreviations
    for index in 0..<leapSeconds {
      out += bigEndian(UInt64(78_796_800 + index), size: timeSize) + bigEndian(1, size: 4)
    }
    out += [UInt8](repeating: 0, count: types.count * 2)
    return out
  }

  private func bigEndian(_ value: UInt64, size: Int) -> [UInt8] {
    (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64(size - 1 - $0))) }
  }
}
