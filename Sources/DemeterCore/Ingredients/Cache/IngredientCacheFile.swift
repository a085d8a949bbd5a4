import DemeterFoundation
import DemeterJournal

/// A file of the ingredient caches (`IngredientFileCache`, `IngredientUsageCache`) in the journal's
/// cache folder, `<journal>/.demeter/cache/` (the digest cache's, `CacheFolder`), beside the digest
/// indexes and never counted among them. Its first line is what it was made from (its key) and the
/// hash of the rest; a file whose line is not exactly the one expected, or whose rest does not hash
/// to it, is ignored (and written again). Written atomically, never into a `.demeter` or `cache` that
/// is a symbolic link.
enum IngredientCacheFile {
  /// The cache folder of `journal`, if the tool's state may be kept there.
  static func folder(journal: String) -> String? {
    guard !journal.isEmpty, JournalStateFolder.problem(journal: journal) == nil else { return nil }
    let folder = JournalLayout(journal: journal).cache
    return FileStatus.isSymbolicLink(folder) ? nil : folder
  }

  /// The bytes after the first line of the cache file `name`, if its key is `key` and they are whole.
  static func read(journal: String, name: String, key: String) -> ArraySlice<UInt8>? {
    guard let folder = folder(journal: journal),
      let bytes = try? FileBytes.read(folder + "/" + name, limit: .cacheIndex),
      let newline = bytes.firstIndex(of: 0x0A)
    else { return nil }
    let body = bytes[(newline + 1)...]
    guard bytes[..<newline].elementsEqual(head(key: key, body: body).dropLast()) else { return nil }
    return body
  }

  /// Writes the cache file `name` holding `body` under `key` (best effort: a journal that cannot be
  /// written into keeps no cache).
  static func write(journal: String, name: String, key: String, body: [UInt8]) {
    guard let folder = folder(journal: journal), CacheFolder.prepare(JournalLayout(journal: journal)) else {
      return
    }
    let head = head(key: key, body: body[...])
    try? AtomicFileWriter.write(to: folder + "/" + name, durable: false) { sink throws(OutputError) in
      try sink.write(head)
      try sink.write(body)
    }
  }

  /// The first line: the key, a tab, the body's hash.
  private static func head(key: String, body: ArraySlice<UInt8>) -> [UInt8] {
    let hash = body.withUnsafeBytes { ContentHash.hash($0) }
    return Array("\(key)\t\(String(hash, radix: 16))\n".utf8)
  }
}
