import DemeterCore

/// The entries a journal has to review (manual: reviewing), newest first, and what is said beside them.
public struct ReviewQueue: Sendable {
  /// The entries to review, newest first.
  public var entries: [FlaggedEntry]
  /// Entries matched to no ingredient (listed only with `--review unmatched`).
  public var unmatchedEntries: Int
  /// Whether unmatched entries are among `entries`.
  public var listsUnmatched: Bool
  /// How the energy check counted (for the reasons' texts).
  public var tolerance: EnergyConsistencyTolerance

  /// The line said after the list: how many entries are to review, and the unmatched ones counted.
  public var summary: String {
    let count = "\(count: entries.count, "entry", plural: "entries") to review"
    guard !listsUnmatched, unmatchedEntries > 0 else { return count }
    return count + "; \(count: unmatchedEntries, "entry", plural: "entries") without a matched ingredient "
      + "\(unmatchedEntries == 1 ? "is" : "are") counted, not listed (--review unmatched lists them)"
  }
}
