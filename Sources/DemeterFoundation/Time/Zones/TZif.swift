/// The parts of a TZif file (RFC 8536, versions 1 to 4) that give UTC offsets: the transition
/// times, the local time type after each, and the footer's POSIX TZ rule for later times.
///
/// Version 1 files are read from their 32-bit data block; later versions from the 64-bit block
/// that follows it. Abbreviations, leap-second records and the standard/wall and UT/local
/// indicators are checked for size and skipped: offsets are all this tool needs.
public struct TZif: Sendable, Hashable {
  /// A local time type: its offset east of UTC in seconds and whether it is daylight saving time.
  public struct LocalTimeType: Sendable, Hashable {
    public var utcOffset: Int
    public var isDaylightSaving: Bool
  }

  /// The format version: 1, 2, 3 or 4.
  public var version: Int
  /// Transition times in seconds since 1970-01-01T00:00:00Z, strictly increasing.
  public var transitionTimes: [Int64]
  /// For each transition, the index in `types` of the local time type that starts there.
  public var transitionTypes: [UInt8]
  /// The local time types; type 0 also applies before the first transition.
  public var types: [LocalTimeType]
  /// The footer's TZ string for times after the last transition (empty when there is none,
  /// always empty in version 1).
  public var footer: String

  /// Why bytes are not a TZif file.
  public struct FormatError: Error, Sendable, Hashable, CustomStringConvertible {
    public var description: String
  }

  /// Reads `bytes` as a TZif file.
  public init(parsing bytes: [UInt8]) throws(FormatError) {
    var reader = Reader(bytes: bytes)
    let first = try reader.header()
    version = first.version
    guard first.version >= 2 else {
      (transitionTimes, transitionTypes, types) = try reader.data(first, timeSize: 4)
      footer = ""
      return
    }
    try reader.skip(first.dataSize(timeSize: 4))
    let second = try reader.header()
    (transitionTimes, transitionTypes, types) = try reader.data(second, timeSize: 8)
    footer = try reader.footer()
  }
}

// MARK: - Reading

extension TZif {
  /// The counts of a TZif header.
  fileprivate struct Header {
    package var version: Int
    var isUTCount: Int
    var isStandardCount: Int
    var leapCount: Int
    var timeCount: Int
    var typeCount: Int
    var characterCount: Int

    func dataSize(timeSize: Int) -> Int {
      timeCount * (timeSize + 1) + typeCount * 6 + characterCount + leapCount * (timeSize + 4)
        + isStandardCount + isUTCount
    }
  }

  /// A cursor over the file's bytes; every read checks that the bytes are there.
  fileprivate struct Reader {
    package let bytes: [UInt8]
    package var offset = 0

    package mutating func header() throws(FormatError) -> Header {
      guard offset + 44 <= bytes.count, Array(bytes[offset..<offset + 4]) == Array("TZif".utf8) else {
        throw FormatError(description: "not a TZif file")
      }
      let version: Int
      switch bytes[offset + 4] {
      case 0: version = 1
      case UInt8(ascii: "2"), UInt8(ascii: "3"), UInt8(ascii: "4"): version = Int(bytes[offset + 4] - 48)
      default: throw FormatError(description: "unknown TZif version \(bytes[offset + 4])")
      }
      offset += 20
      var counts: [Int] = []
      for _ in 0..<6 { counts.append(Int(try unsigned(4))) }
      return Header(
        version: version, isUTCount: counts[0], isStandardCount: counts[1], leapCount: counts[2],
        timeCount: counts[3], typeCount: counts[4], characterCount: counts[5])
    }

    /// The data block that `header` describes. (The version 1 block of a later version is only
    /// skipped, so its counts are checked only here.)
    package mutating func data(_ header: Header, timeSize: Int) throws(FormatError) -> (
      [Int64], [UInt8], [LocalTimeType]
    ) {
      guard header.typeCount > 0, header.characterCount > 0,
        header.isUTCount == 0 || header.isUTCount == header.typeCount,
        header.isStandardCount == 0 || header.isStandardCount == header.typeCount
      else { throw FormatError(description: "inconsistent TZif header counts") }
      guard offset + header.dataSize(timeSize: timeSize) <= bytes.count else {
        throw FormatError(description: "truncated TZif data")
      }
      var times: [Int64] = []
      times.reserveCapacity(header.timeCount)
      for _ in 0..<header.timeCount {
        let raw = try unsigned(timeSize)
        let time = timeSize == 4 ? Int64(Int32(bitPattern: UInt32(raw))) : Int64(bitPattern: raw)
        if let last = times.last, time <= last {
          throw FormatError(description: "TZif transition times are not increasing")
        }
        times.append(time)
      }
      let indices = Array(bytes[offset..<offset + header.timeCount])
      offset += header.timeCount
      guard indices.allSatisfy({ Int($0) < header.typeCount }) else {
        throw FormatError(description: "TZif transition names a missing local time type")
      }
      var types: [LocalTimeType] = []
      for _ in 0..<header.typeCount {
        let utcOffset = Int(Int32(bitPattern: UInt32(try unsigned(4))))
        let isDaylightSaving = try unsigned(1)
        guard isDaylightSaving <= 1, try unsigned(1) < header.characterCount else {
          throw FormatError(description: "invalid TZif local time type")
        }
        types.append(LocalTimeType(utcOffset: utcOffset, isDaylightSaving: isDaylightSaving == 1))
      }
      try skip(
        header.characterCount + header.leapCount * (timeSize + 4) + header.isStandardCount + header.isUTCount)
      return (times, indices, types)
    }

    /// The footer `\nTZ-string\n` of version 2 and later.
    package mutating func footer() throws(FormatError) -> String {
      guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\n"),
        let end = bytes[(offset + 1)...].firstIndex(of: UInt8(ascii: "\n"))
      else { throw FormatError(description: "missing TZif footer") }
      return String(decoding: bytes[(offset + 1)..<end], as: UTF8.self)
    }

    mutating func skip(_ count: Int) throws(FormatError) {
      guard offset + count <= bytes.count else { throw FormatError(description: "truncated TZif data") }
      offset += count
    }

    /// A big-endian unsigned integer of `size` bytes.
    package mutating func unsigned(_ size: Int) throws(FormatError) -> UInt64 {
      guard offset + size <= bytes.count else { throw FormatError(description: "truncated TZif data") }
      var value: UInt64 = 0
      for byte in bytes[offset..<offset + size] { value = value << 8 | UInt64(byte) }
      offset += size
      return value
    }
  }
}
