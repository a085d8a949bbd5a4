import DemeterFoundation
import DemeterJournal
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Everything besides a day file's bytes that its parse result depends on, hashed into one number that
/// every cache entry carries: an entry made under any other setting or by any other program is never
/// used.
///
/// It covers the cache format, the tool's version and the executable itself (its size and
/// modification time: a rebuilt parser with an unchanged version number does not reuse results), the
/// machine's integer width and byte order (columns are stored raw), every load option that changes a
/// parse (time zone rule, warnings, unknown keys, limits; not the thread count), and for a named or
/// the local time zone the zone's rules as the system has them (the zone file's bytes and its offsets
/// at sample instants), since a time zone database update can move an entry to another day. The
/// ingredients' alcohol (digest rules) counts by its `IngredientAlcohol.identity`, which names the
/// shares and the foods' names without reading them, with the rule that gives an unmatched entry
/// the alcohol of a food of its name (so a cache made before that rule is not used). A query's
/// digests carry its canonical text (`Query.canonicalText`), a breakdown's its dimension.
package enum CacheFingerprint {
  package static func make(options: JournalLoadOptions, toolVersion: String, rules: DigestRules? = nil) -> UInt64 {
    let limits = options.limits
    var parts = [
      "format \(DigestIndex.formatVersion)",
      "tool \(toolVersion)",
      "program \(programIdentity())",
      "machine \(Int.bitWidth) \(1.littleEndian == 1 ? "little" : "big")",
      "zone \(zoneIdentity(options.timeZone))",
      "warnings \(options.collectWarnings) kept \(options.warningsKeptPerKind.map(String.init) ?? "all")",
      "unknown keys \(options.reportUnknownKeys)",
      "limits \(limits.maxDepth) \(limits.maxStringBytes) \(limits.maxInputBytes)",
    ]
    if let rules {
      let energy = rules.energyConsistency
      parts.append(
        "digest rules \(rules.lowConfidence) \(rules.highConfidence) \(energy.relative) \(energy.calories) \(rules.reviewLimit)"
          + " unmatched \(rules.reviewsUnmatched)"
          + " alcohol \(energy.alcohol.identity), unmatched entries by food name")
      if let query = rules.query { parts.append("query \(query.canonicalText)") }
      if let dimension = rules.breakdown { parts.append("by \(dimension.rawValue)") }
    }
    return ContentHash.hash(parts.joined(separator: "\n"))
  }

  /// The running executable's size and modification time when first asked, or "" where they cannot
  /// be found (asked once per process: a cohort makes a fingerprint per journal).
  package static func programIdentity() -> String { program }

  private static let program = findProgramIdentity()

  private static func findProgramIdentity() -> String {
    #if canImport(Darwin)
      var size = UInt32(4096)
      var buffer = [CChar](repeating: 0, count: Int(size))
      guard _NSGetExecutablePath(&buffer, &size) == 0 else { return "" }
      let path = String(cString: buffer)
    #else
      let path = "/proc/self/exe"
    #endif
    guard let status = FileStatus.of(path) else { return "" }
    return "\(status.size) \(status.modified)"
  }

  /// The rule, and for a zone with rules the zone data they come from (worked out once per process
  /// for each zone, as `ZoneInfoDatabase` reads each zone's file once).
  static func zoneIdentity(_ rule: TimeZoneRule) -> String {
    let (name, file): (String, String)
    switch rule {
    case .asWritten:
      return "as written"
    case .fixedOffset(let seconds):
      return "fixed \(seconds)"
    case .named(let identifier):
      (name, file) = ("named \(identifier)", "/usr/share/zoneinfo/" + identifier)
    case .local:
      (name, file) = ("local \(ProcessEnvironment.processValue("TZ") ?? "-")", "/etc/localtime")
    }
    if let known = zoneIdentities.withLock({ $0[name] }) { return known }
    let identity = "\(name) \(fileHash(file)) \(sampledOffsets(rule))"
    zoneIdentities.withLock { $0[name] = identity }
    return identity
  }

  /// The identities of the zones met so far, by rule (and `TZ`, for the local zone).
  private static let zoneIdentities = Mutex<[String: String]>([:])

  /// The hash of a file's bytes, or "-" if it cannot be read.
  private static func fileHash(_ path: String) -> String {
    guard let bytes = try? FileBytes.read(path, limit: .timeZone) else { return "-" }
    return String(ContentHash.hash(bytes), radix: 16)
  }

  /// The zone's offsets twice a year from 1970 to 2037, a summary of its rules that does not depend
  /// on where the system keeps them.
  private static func sampledOffsets(_ rule: TimeZoneRule) -> String {
    var hash: UInt64 = 0
    for instant in stride(from: 0, to: 2_145_916_800, by: 15_778_800) {
      let offset = rule.utcOffset(atUnixSeconds: instant) ?? Int.min
      hash = ContentHash.hash("\(offset)", seed: hash)
    }
    return String(hash, radix: 16)
  }
}
