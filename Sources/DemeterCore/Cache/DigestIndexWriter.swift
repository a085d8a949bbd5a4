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
    writer.head.appendVarint(names.count)
    for name in names.strings { writer.head.append(name) }
    writer.head.append(duplicateFree)
    writer.head.appendVarint(files.count)
    var fileCountOfDay: [Int32: Int] = [:]
    for file in files {
      for day in file.digest.days { fileCountOfDay[day.day, default: 0] += 1 }
    }
    for file in files {
      let key = file.key
      writer.head.append(key.relativePath)
      writer.head.appendVarint(key.size)
      writer.head.append(key.modified)
      writer.head.append(key.contentHash)
      writer.head.appendSigned(Int128(key.readAt) - Int128(key.modified))
      writer.head.appendVarint(file.digest.skippedLines)
      writer.head.append(!file.digest.diagnostics.isEmpty)
      if !file.digest.diagnostics.isEmpty {
        Diagnostic.encodeForCache(file.digest.diagnostics, path: file.path, into: &writer.head)
      }
      writer.head.append(file.hadExclusions)
      writer.head.appendVarint(file.digest.days.count)
      var previous: Int32 = 0
      for day in file.digest.days {
        writer.head.appendSigned(day.day - previous)
        previous = day.day
      }
      writer.appendBlob { blob in
        blob.appendVarint(file.digest.days.count)
        for day in file.digest.days {
          let sharesDay = fileCountOfDay[day.day, default: 0] > 1
          blob.append(sharesDay)
          if sharesDay { blob.append(day.totals) } else { blob.appendSigned(day.day) }
          blob.append(day.detail)
        }
        blob.appendHashes(file.digest.idHashes)
      }
    }
    writer.head.appendVarint(days.count)
    for day in days { writer.head.append(day.totals) }
    let months = Dictionary(grouping: days) { MonthKey($0.totals.date) }.sorted { $0.key < $1.key }
    writer.head.appendVarint(months.count)
    for (month, monthDays) in months {
      writer.head.appendSigned(month.value)
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
    head.appendVarint(blobs.bytes.count)
    head.appendVarint(blob.bytes.count)
    head.append(blob.bytes.withUnsafeBytes { ContentHash.hash($0) })
    blob.bytes.withUnsafeBytes { blobs.append(raw: $0) }
  }
}
