import DemeterDigests
import DemeterFoundation
import DemeterJournal

/// How many entries of a journal reference each ingredient id (`matchedIngredientID`), which ranks
/// the foods a journal uses first in search (manual: journal, `IngredientRanking.usageBonus`).
///
/// Kept in `<journal>/.demeter/cache/ingredient-usage` (`IngredientCacheFile`), keyed by every day
/// file's path, size and modification time and by the program: a search after the first reads no
/// day file, and it never writes a digest index, so it cannot evict the one a report needs. When a
/// day file changed, the journal is read again without the digest cache (nothing but this file is
/// written); when one changed within the last `FileStatus.racyWindow`, the counts are not kept.
public enum IngredientUsageCache {
  static let fileName = "ingredient-usage"
  static let format = "demeter-ingredient-usage 1"

  /// The number of entries of `journal` that reference each ingredient id (ids no entry references
  /// are absent), from the cache when no day file changed, else counted (and kept); without
  /// `usingCache` (`--no-cache`), always counted, nothing kept.
  public static func uses(journal: String, usingCache: Bool) -> [String: Int] {
    let key = usingCache ? key(DayFileFinder.find(in: journal).files) : nil
    if let key, let body = IngredientCacheFile.read(journal: journal, name: fileName, key: key),
      let uses = decode(body)
    {
      return uses
    }
    let digests = DigestLoader.load(journal: journal)
    var uses: [String: Int] = [:]
    if let span = digests.span {
      for usage in digests.ingredientUsage(in: span).used { uses[usage.ingredientID] = usage.entries }
    }
    if let key, let body = encode(uses) {
      IngredientCacheFile.write(journal: journal, name: fileName, key: key, body: body)
    }
    return uses
  }

  /// What the counts are keyed by, or nil when a file's status is unknown or too recent to trust.
  private static func key(_ files: [DayFile]) -> String? {
    let now = FileStatus.now()
    var text = ""
    for file in files.sorted() {
      guard let status = file.status, !FileStatus.isRacy(modified: status.modified, at: now) else {
        return nil
      }
      text += "\(file.path)\t\(status.size)\t\(status.modified)\n"
    }
    return "\(format) files \(files.count) \(String(ContentHash.hash(text), radix: 16)) "
      + "program \(CacheFingerprint.programIdentity())"
  }

  /// `id<TAB>count` lines, by id; nil when an id holds a tab or a line end.
  private static func encode(_ uses: [String: Int]) -> [UInt8]? {
    var text = ""
    for (id, count) in uses.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
      guard !id.contains(where: { "\t\n\r".contains($0) }) else { return nil }
      text += "\(id)\t\(count)\n"
    }
    return Array(text.utf8)
  }

  /// The counts of `encode`'s lines; nil when a line is not one.
  private static func decode(_ body: ArraySlice<UInt8>) -> [String: Int]? {
    var uses: [String: Int] = [:]
    for line in body.split(separator: 0x0A) {
      let fields = line.split(separator: 0x09, omittingEmptySubsequences: false)
      guard fields.count == 2, let count = Int(String(decoding: fields[1], as: UTF8.self)), count > 0 else {
        return nil
      }
      uses[String(decoding: fields[0], as: UTF8.self)] = count
    }
    return uses
  }
}
