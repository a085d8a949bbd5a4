import DemeterFoundation
import DemeterJournal

/// Writes a digest index in the layout `DigestIndex` reads, from fresh digests or by copying the
/// blobs of an earlier index that are still true.
package struct DigestIndexWriter {
  /// A blob's bytes: to encode, or copied from an earlier index (checked when copied).
  package enum Content {
    case encode((inout CacheWriter) -> Void)
    case copy(DigestIndex, DigestIndex.Blob)
  }

  /// What one day file contributes to the index besides its key.
  package struct FileContent {
    /// Its problems, skipped lines and dates (its days may be left out).
    package var digest: FileDigest
    package var hadExclusions: Bool
    package var digests: Content
    package var idHashes: Content
  }

  /// A day file's key, path and content.
  package struct FileEntry {
    package var key: DayFileCacheKey
    package var path: String
    package var content: FileContent
  }

  /// A month's merged detail, its flagged entries numbered in `files` (positions in the index's
  /// files), and their lines.
  package struct MonthEntry {
    package var month: MonthKey
    package var files: [Int32]
    package var detail: Content
    package var lines: Content
  }

  /// Blob bytes are handed to the file in pieces of about this size.
  static let flushBytes = 1 << 20

  private var head = CacheWriter(capacity: 1 << 16)
  private var pending = CacheWriter(capacity: flushBytes + flushBytes / 4)
  /// Blob bytes already handed to the file.
  private var flushed = 0

  /// Writes the index into `sink`: the blobs as they are made, then the head and the trailer.
  /// `file(position)` is asked for each of `fileCount` files in path order, once, and its entry
  /// written at once (so a caller can let go of each file's digests as it goes); `days` are sorted
  /// by date, `splits` empty or each day's split tallies (`DigestDetail.breakdown`) in that order;
  /// `holdsDetail` false marks an index of totals alone (files' digests without detail, no
  /// months). Throws if `file` gives no entry or a blob to copy is damaged.
  package static func write(
    into sink: inout AtomicFileWriter.Sink, fingerprint: UInt64, names: StringDictionary, duplicateFree: Bool,
    holdsDetail: Bool, folders: [FolderStamp], fileCount: Int, file: (Int) -> FileEntry?, days: [DigestTotals],
    splits: [[BreakdownTally]], months: [MonthEntry]
  ) throws(OutputError) {
    precondition(splits.isEmpty || splits.count == days.count, "a split per day")
    var writer = DigestIndexWriter()
    writer.head.appendVarint(folders.count)
    for folder in folders { writer.head.append(folder) }
    writer.head.appendVarint(fileCount)
    let stampsLength = writer.head.bytes.count
    writer.head.appendVarint(names.count)
    for name in names.strings { writer.head.append(name) }
    writer.head.append(duplicateFree)
    writer.head.append(holdsDetail)
    for position in 0..<fileCount {
      guard let file = file(position) else { throw OutputError("a day file has no key") }
      let key = file.key
      writer.head.append(key.relativePath)
      writer.head.appendVarint(key.size)
      writer.head.append(key.modified)
      writer.head.append(key.contentHash)
      writer.head.appendSigned(Int128(key.readAt) - Int128(key.modified))
      let content = file.content
      writer.head.appendVarint(content.digest.skippedLines)
      writer.head.append(!content.digest.diagnostics.isEmpty)
      if !content.digest.diagnostics.isEmpty {
        Diagnostic.encodeForCache(content.digest.diagnostics, path: file.path, into: &writer.head)
      }
      writer.head.append(content.hadExclusions)
      writer.head.appendVarint(content.digest.dates.count)
      var previous: Int32 = 0
      for date in content.digest.dates {
        writer.head.appendSigned(date - previous)
        previous = date
      }
      try writer.appendBlob(content.digests, into: &sink)
      try writer.appendBlob(content.idHashes, into: &sink)
    }
    writer.head.appendVarint(days.count)
    for day in days { writer.head.appendFixedWidth(day) }
    writer.head.appendVarint(splits.count)
    for split in splits { writer.head.append(split) }
    writer.head.appendVarint(months.count)
    for month in months {
      writer.head.appendSigned(month.month.value)
      writer.head.appendVarint(month.files.count)
      for file in month.files { writer.head.appendVarint(Int(file)) }
      try writer.appendBlob(month.detail, into: &sink)
      try writer.appendBlob(month.lines, into: &sink)
    }
    try sink.write(writer.pending.bytes)
    try sink.write(writer.head.bytes)
    var trailer = CacheWriter()
    trailer.append(UInt64(writer.head.bytes.count))
    trailer.append(writer.head.bytes.withUnsafeBytes { ContentHash.hash($0) })
    trailer.append(UInt64(stampsLength))
    let stamps = writer.head.bytes[..<stampsLength]
    trailer.append(stamps.withUnsafeBytes { ContentHash.hash($0) })
    trailer.append(fingerprint)
    trailer.append(DigestIndex.formatVersion)
    DigestIndex.magic.withUnsafeBytes { trailer.append(raw: $0) }
    try sink.write(trailer.bytes)
  }

  /// The blob of a file's digests: each date's totals (left out, as the head's, when `sharedDays`
  /// says no other file holds the date) and detail.
  static func digestsBlob(_ days: [DayDigest], sharedDays: Set<Int32>) -> Content {
    .encode { blob in
      blob.appendVarint(days.count)
      for day in days {
        let shared = sharedDays.contains(day.day)
        blob.append(shared)
        if shared { blob.append(day.totals) } else { blob.appendSigned(day.day) }
        blob.appendIndexed(day.detail)
      }
    }
  }

  static func hashesBlob(_ hashes: [UInt64]) -> Content { .encode { $0.appendHashes(hashes) } }

  /// A month's entry for `detail` (flagged entries located by file position) and the lines of
  /// its flagged entries, renumbering them in the month's own list of files. A line not in `lines`
  /// is left out (it is read from its file when listed).
  package static func month(_ month: MonthKey, detail: DigestDetail, lines: [FlaggedLine: [UInt8]]) -> MonthEntry {
    let files = Array(Set((detail.needsReview + detail.energyInconsistent).map(\.file))).sorted()
    let local = Dictionary(uniqueKeysWithValues: files.enumerated().map { ($1, Int32($0)) })
    var numbered = detail
    numbered.placeFlagged { local[$0]! }
    let stored = Set((detail.needsReview + detail.energyInconsistent).map(FlaggedLine.init)).sorted().compactMap {
      place in lines[place].map { (local: Int(local[place.file]!), offset: Int(place.offset), bytes: $0) }
    }
    return MonthEntry(
      month: month, files: files, detail: .encode { $0.appendIndexed(numbered) },
      lines: .encode { blob in
        blob.appendVarint(stored.count)
        for line in stored {
          blob.appendVarint(line.local)
          blob.appendVarint(line.offset)
          blob.appendVarint(line.bytes.count)
          line.bytes.withUnsafeBytes { blob.append(raw: $0) }
        }
      })
  }

  /// The dates held by more than one of `fileDates`.
  static func sharedDays(_ fileDates: [[Int32]]) -> Set<Int32> {
    var seen = Set<Int32>()
    var shared = Set<Int32>()
    for dates in fileDates {
      for date in dates where !seen.insert(date).inserted { shared.insert(date) }
    }
    return shared
  }

  /// Writes a blob and its reference into the head, handing full pieces to `sink`.
  private mutating func appendBlob(_ content: Content, into sink: inout AtomicFileWriter.Sink) throws(OutputError) {
    let start = pending.bytes.count
    switch content {
    case .encode(let body):
      body(&pending)
    case .copy(let index, let blob):
      guard index.copy(blob, into: &pending) else { throw OutputError("a stored blob is damaged") }
    }
    let checksum = pending.bytes.withUnsafeBytes { ContentHash.hash(UnsafeRawBufferPointer(rebasing: $0[start...])) }
    head.appendVarint(flushed + start)
    head.appendVarint(pending.bytes.count - start)
    head.append(checksum)
    if pending.bytes.count >= Self.flushBytes {
      try sink.write(pending.bytes)
      flushed += pending.bytes.count
      pending.removeAll()
    }
  }
}

extension CacheWriter {
  package mutating func append(_ folder: FolderStamp) {
    append(folder.relativePath)
    append(folder.device)
    append(folder.inode)
    appendVarint(folder.status.size)
    append(folder.status.modified)
    appendSigned(Int128(folder.listedAt) - Int128(folder.status.modified))
  }
}
