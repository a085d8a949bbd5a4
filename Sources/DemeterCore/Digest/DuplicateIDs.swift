/// The journal-wide duplicate-id rule (SPEC §2) over file digests: an entry whose id (as a UUID
/// value) appeared on an earlier line, in path and line order, is skipped with an error.
///
/// Files keep only a 64-bit hash of each id, so the check first finds hashes that occur twice, then
/// reads just the files holding them again to compare the ids themselves.
struct DuplicateIDs: Sendable {
  /// Lines to skip, by file index.
  var lines: [Int32: Set<Int>] = [:]
  /// One error per skipped line.
  var diagnostics: [Diagnostic] = []

  /// - Complexity: O(n) in the number of entries, plus re-reading the files with a repeated hash.
  static func find(in digests: [FileDigest], files: [DayFile], options: JournalLoadOptions) -> DuplicateIDs {
    let repeated = repeatedHashes(digests.map(\.idHashes))
    guard !repeated.isEmpty else { return DuplicateIDs() }
    let parser = DayFileParser(options: options)
    var result = DuplicateIDs()
    var first: [UInt128: SourceLocation] = [:]
    for (index, digest) in digests.enumerated() where digest.idHashes.contains(where: repeated.contains) {
      let table = parser.parse(files[index]).table
      for row in 0..<table.count where repeated.contains(DuplicateIDFinder.mixed(table.ids.values[row])) {
        let location = table.location(ofRow: row)
        guard let earlier = first[table.ids.values[row]] else {
          first[table.ids.values[row]] = location
          continue
        }
        result.lines[Int32(index), default: []].insert(location.line)
        result.diagnostics.append(
          Diagnostic(
            .error, location,
            "duplicate id \(table.ids[row]) (first at \(earlier.path):\(earlier.line)); this entry is skipped"))
      }
    }
    return result
  }

  /// The hashes that occur more than once across `lists`.
  /// - Complexity: O(n) expected, with an open-addressing set of 8 bytes per slot.
  static func repeatedHashes(_ lists: [[UInt64]]) -> Set<UInt64> {
    let total = lists.reduce(0) { $0 + $1.count }
    guard total > 1 else { return [] }
    var capacity = 16
    while capacity < total + total / 3 { capacity <<= 1 }
    let mask = capacity - 1
    var slots = [UInt64](repeating: 0, count: capacity)
    var repeated = Set<UInt64>()
    for list in lists {
      for hash in list {
        let stored = hash == 0 ? 1 : hash
        var position = Int(truncatingIfNeeded: stored) & mask
        while true {
          if slots[position] == 0 {
            slots[position] = stored
            break
          }
          if slots[position] == stored {
            repeated.insert(hash)
            break
          }
          position = (position + 1) & mask
        }
      }
    }
    if repeated.contains(1) || repeated.contains(0) { repeated.formUnion([0, 1]) }
    return repeated
  }
}
