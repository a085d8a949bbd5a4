/// Writes a digest index in the layout `DigestIndex` reads.
struct DigestIndexWriter {
  /// What one day file contributes to the index.
  struct FileEntry {
    var key: DayFileCacheKey
    var path: String
    var digest: FileDigest
    var hadExclusions: Bool
  }

  private var head = CacheWriter(capacity: 1 << 16)
  private var blobs = CacheWriter(capacity: 1 << 20)

  /// The index bytes for `files` (sorted by path), the journal's merged `days` and their `names`.
  static func bytes(
    fingerprint: UInt64, names: StringDictionary, duplicateFree: Bool, files: [FileEntry], days: [DayDigest],
    limit: Int
  ) -> [UInt8] {
    var writer = DigestIndexWriter()
    writer.head.append(UInt64(names.count))
    for name in names.strings { writer.head.append(name) }
    writer.head.append(duplicateFree)
    writer.head.append(UInt64(files.count))
    for file in files {
      let key = file.key
      writer.head.append(key.relativePath)
      writer.head.append(UInt64(key.size))
      writer.head.append(key.modified)
      writer.head.append(key.contentHash)
      writer.head.append(key.readAt)
      writer.head.append(UInt64(file.digest.skippedLines))
      Diagnostic.encodeForCache(file.digest.diagnostics, path: file.path, into: &writer.head)
      writer.head.append(file.hadExclusions)
      writer.head.appendArray(file.digest.days.map(\.day))
      writer.appendBlob { blob in
        blob.append(UInt64(file.digest.days.count))
        for day in file.digest.days {
          blob.append(day.totals)
          blob.append(day.detail)
        }
      }
      writer.appendBlob { $0.appendArray(file.digest.idHashes) }
    }
    writer.head.append(UInt64(days.count))
    for day in days { writer.head.append(day.totals) }
    let months = Dictionary(grouping: days) { MonthKey($0.totals.date) }.sorted { $0.key < $1.key }
    writer.head.append(UInt64(months.count))
    for (month, monthDays) in months {
      writer.head.append(month.value)
      let detail = DigestDetail.merged(monthDays.map(\.detail), limit: limit)
      writer.appendBlob { $0.append(detail) }
    }
    var bytes = DigestIndex.magic
    var prefix = CacheWriter()
    prefix.append(DigestIndex.formatVersion)
    prefix.append(fingerprint)
    prefix.append(UInt64(writer.head.bytes.count))
    prefix.append(writer.head.bytes.withUnsafeBytes { ContentHash.hash($0) })
    bytes += prefix.bytes
    bytes += writer.head.bytes
    bytes += writer.blobs.bytes
    return bytes
  }

  /// Writes a blob with `body` and its reference into the head.
  private mutating func appendBlob(_ body: (inout CacheWriter) -> Void) {
    var blob = CacheWriter()
    body(&blob)
    head.append(UInt64(blobs.bytes.count))
    head.append(UInt64(blob.bytes.count))
    head.append(blob.bytes.withUnsafeBytes { ContentHash.hash($0) })
    blob.bytes.withUnsafeBytes { blobs.append(raw: $0) }
  }
}
