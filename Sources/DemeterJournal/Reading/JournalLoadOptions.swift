import DemeterFoundation

/// How a journal is read.
public struct JournalLoadOptions: Sendable {
  /// How timestamps map to the day they count for (default: the date as written).
  public var timeZone: TimeZoneRule
  /// Whether to collect warnings (entry date ≠ file date, missing final newline, …): `check` wants
  /// them, reports do not.
  public var collectWarnings: Bool
  /// Whether to report `check --strict`'s extra warnings: keys the tool does not know (a near miss of
  /// a known key is a warning anyway) and timestamps without a UTC offset.
  public var reportUnknownKeys: Bool
  /// Where warnings are collected, how many of each `WarningKind` a day file keeps (the rest are
  /// counted: `LineProblems`); nil keeps them all (`check --all`).
  public var warningsKeptPerKind: Int?
  /// Limits on a single line.
  public var limits: JSONLimits
  /// Worker threads; defaults to the number of active processors.
  public var threads: Int
  /// Whether loads read lines through the fast path first (`EntryLineScanner`; the default).
  /// False sends every line through the strict parser and entry decoder, which give the same
  /// entries and problems; differential tests and the benchmark compare the two.
  public var scansFast: Bool
  /// Whether `DigestLoader.load(journal:options:rules:)` reuses and keeps digests in the journal's
  /// `.demeter/cache/` (off by default; loading named files never uses it).
  public var cache: JournalCacheMode
  /// Whether a load that writes no cache keeps the digests' detail (confidence distributions,
  /// tallies by name, flagged entries) besides their totals. False suits a report that shows only
  /// totals (a CSV of buckets): reading is then lighter, and any detail asked for after all is
  /// made again from the files. A load that writes the cache always keeps it.
  public var keepsDetail: Bool
  /// Whether a load of totals alone that writes no cache keeps, for each date, the names of the
  /// micronutrients its counted entries state (a CSV export's columns), so that they need no read
  /// of their own (`JournalDigests.micronutrientNames(in:)`). Off by default.
  public var keepsMicronutrientNames = false
  /// Told of each day file read (not part of what is read: the cache ignores it).
  public var progress: WorkProgress?

  public init(
    timeZone: TimeZoneRule = .asWritten, collectWarnings: Bool = false, reportUnknownKeys: Bool = false,
    limits: JSONLimits = .default, threads: Int = ProcessorCount.active, scansFast: Bool = true,
    cache: JournalCacheMode = .off, keepsDetail: Bool = true
  ) {
    self.timeZone = timeZone
    self.collectWarnings = collectWarnings
    self.reportUnknownKeys = reportUnknownKeys
    self.limits = limits
    self.threads = max(1, threads)
    self.scansFast = scansFast
    self.cache = cache
    self.keepsDetail = keepsDetail
  }
}
