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

  /// What is known only once every file is read: written into the head after the files' records.
  package struct Ending {
    package var names: StringDictionary
    package var duplicateFree: Bool
    /// False for an index of totals alone (files' digests without detail, no months).
    package var holdsDetail: Bool
    /// Sorted by date.
    package var days: [DigestTotals]
    /// Empty, or each day's split tallies (`DigestDetail.breakdown`) in the order of `days`.
    package var splits: [[BreakdownTally]]
  }

  /// Blob bytes are handed to the file in pieces of about this size.
  static let flushBytes = 1 << 20

  /// The head's records of the files added so far, in order.
  private var fileRecords = CacheWriter(capacity: 1 << 16)
  private(set) var fileCount = 0
  /// The head's records of the months added so far.
  private var monthRecords = CacheWriter()
  private var monthCount = 0
  private var pending = CacheWriter(capacity: flushBytes + flushBytes / 4)
  /// Blob bytes already handed to the file.
  private var flushed = 0

  package init() {}

  /// Writes the blobs of the next file (in path order) into `sink`, keeping its record for the head,
  /// so that a caller can let go of each file's digests as it goes. Throws if a blob to copy is
  /// damaged.
  package mutating func add(_ file: FileEntry, into sink: inout AtomicFileWriter.Sink) throws(OutputError) {
    let key = file.key
    fileRecords.append(key.relativePath)
    fileRecords.appendVarint(key.size)
    fileRecords.append(key.modified)
    fileRecords.append(key.contentHash)
    fileRecords.appendSigned(Int128(key.readAt) - Int128(key.modified))
    let content = file.content
    fileRecords.appendVarint(content.digest.skippedLines)
    fileRecords.append(!content.digest.diagnostics.isEmpty)
    if !content.digest.diagnostics.isEmpty {
      Diagnostic.encodeForCache(content.digest.diagnostics, path: file.path, into: &fileRecords)
    }
    fileRecords.append(content.hadExclusions)
    fileRecords.appendVarint(content.digest.dates.count)
    var previous: Int32 = 0
    for date in content.digest.dates {
      fileRecords.appendSigned(date - previous)
      previous = date
    }
    for blob in [content.digests, content.idHashes] { fileRecords.append(try appendBlob(blob, into: &sink)) }
    fileCount += 1
  }

  /// Writes a month's blobs into `sink`, keeping its record for the head.
  package mutating func add(_ month: MonthEntry, into sink: inout AtomicFileWriter.Sink) throws(OutputError) {
    monthRecords.appendSigned(month.month.value)
    monthRecords.appendVarint(month.files.count)
    for file in month.files { monthRecords.appendVarint(Int(file)) }
    for blob in [month.detail, month.lines] { monthRecords.append(try appendBlob(blob, into: &sink)) }
    monthCount += 1
  }

  /// Writes the blob bytes not yet handed over, then the head (`folders`, the files' and months'
  /// records, `ending`) and the trailer.
  package mutating func finish(
    into sink: inout AtomicFileWriter.Sink, fingerprint: UInt64, folders: [FolderStamp], ending: Ending
  ) throws(OutputError) {
    precondition(ending.splits.isEmpty || ending.splits.count == ending.days.count, "a split per day")
    var head = CacheWriter(capacity: fileRecords.bytes.count + monthRecords.bytes.count + (1 << 16))
    head.appendVarint(folders.count)
    for folder in folders { head.append(folder) }
    head.appendVarint(fileCount)
    let stampsLength = head.bytes.count
    head.appendVarint(ending.names.count)
    for name in ending.names.strings { head.append(name) }
    head.append(ending.duplicateFree)
    head.append(ending.holdsDetail)
    fileRecords.bytes.withUnsafeBytes { head.append(raw: $0) }
    head.appendVarint(ending.days.count)
    for day in ending.days { head.appendFixedWidth(day) }
    head.appendVarint(ending.splits.count)
    for split in ending.splits { head.append(split) }
    head.appendVarint(monthCount)
    monthRecords.bytes.withUnsafeBytes { head.append(raw: $0) }
    try sink.write(pending.bytes)
    try sink.write(head.bytes)
    var trailer = CacheWriter()
    trailer.append(UInt64(head.bytes.count))
    trailer.append(head.bytes.withUnsafeBytes { ContentHash.hash($0) })
    trailer.append(UInt64(stampsLength))
    let stamps = head.bytes[..<stampsLength]
    trailer.append(stamps.withUnsafeBytes { ContentHash.hash($0) })
    trailer.append(fingerprint)
    trailer.append(DigestIndex.formatVersion)
    DigestIndex.magic.withUnsafeBytes { trailer.append(raw: $0) }
    try sink.write(trailer.bytes)
  }

  /// The blob of a file's digests: each date's totals and detail.
  static func digestsBlob(_ days: [DayDigest]) -> Content {
    .encode { blob in
      blob.appendVarint(days.count)
      for day in days {
        blob.append(day.totals)
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

  /// Writes a blob into the pending bytes, handing full pieces to `sink`; returns where it is.
  private mutating func appendBlob(
    _ content: Content, into sink: inout AtomicFileWriter.Sink
  ) throws(OutputError) -> DigestIndex.Blob {
    let start = pending.bytes.count
    switch content {
    case .encode(let body):
      body(&pending)
    case .copy(let index, let blob):
      guard index.copy(blob, into: &pending) else { throw OutputError("a stored blob is damaged") }
    }
    let checksum = pending.bytes.withUnsafeBytes { ContentHash.hash(UnsafeRawBufferPointer(rebasing: $0[start...])) }
    let blob = DigestIndex.Blob(offset: flushed + start, length: pending.bytes.count - start, checksum: checksum)
    if pending.bytes.count >= Self.flushBytes {
      try sink.write(pending.bytes)
      flushed += pending.bytes.count
      pending.removeAll()
    }
    return blob
  }
}

extension CacheWriter {
  mutating func append(_ blob: DigestIndex.Blob) {
    appendVarint(blob.offset)
    appendVarint(blob.length)
    append(blob.checksum)
  }

  package mutating func append(_ folder: FolderStamp) {
    append(folder.relativePath)
    append(folder.device)
    append(folder.inode)
    appendVarint(folder.status.size)
    append(folder.status.modified)
    appendSigned(Int128(folder.listedAt) - Int128(folder.status.modified))
  }
}
