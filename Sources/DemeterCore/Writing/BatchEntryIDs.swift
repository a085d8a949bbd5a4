import DemeterFoundation

/// Ids for the entries of an `add` batch that come without one (manual: writing): derived from the batch's
/// content and the line's position, so that running the same batch again (a retry after the first
/// run was killed, whether or not its transaction had landed) gives the same ids, and is refused as
/// already added instead of adding every entry twice. A batch that differs in any line gives other
/// ids to all of its lines.
///
/// The batch's content is the bytes of its non-blank lines without their line ends (a BOM, blank
/// lines and CRLF or LF line ends do not change it), in order. Each id is a version 8 (custom, RFC
/// 9562) UUID whose 122 free bits come from `ContentHash` (XXH64) of that content and the line's
/// position: not a secret, and not meant to resist a forger, only to tell batches apart.
public struct BatchEntryIDs {
  /// Two hashes of the whole batch.
  private let batch: [UInt64]

  /// The ids of the batch whose non-blank lines (their content, without line ends) are `lines`.
  public init(lines: some Sequence<[UInt8]>) {
    var lineHashes: [UInt64] = []
    for line in lines {
      lineHashes.append(ContentHash.hash(line, seed: 1))
      lineHashes.append(ContentHash.hash(line, seed: 2))
    }
    batch = lineHashes.withUnsafeBytes { [ContentHash.hash($0, seed: 3), ContentHash.hash($0, seed: 4)] }
  }

  /// The id of the batch's line at `position` (0 for the first non-blank line), lowercase.
  public func id(at position: Int) -> String {
    (batch + [UInt64(position)]).withUnsafeBytes { bytes in
      RandomUUID.text(
        high: ContentHash.hash(bytes, seed: 5), low: ContentHash.hash(bytes, seed: 6), version: 8)
    }
  }
}
