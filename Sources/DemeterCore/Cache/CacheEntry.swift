/// One cache file: the parse result of one day file, with the key it is valid for.
///
/// Layout (integers little-endian):
///
///     0   magic "DEMCACHE"
///     8   checksum: ContentHash of every byte from offset 16 to the end
///     16  format version (UInt32), path length (UInt32)
///     24  fingerprint of the settings and program (UInt64)
///     32  day file size, modification time (ns), content hash, read time (ns)  (4 × 64 bits)
///     64  skipped lines (UInt64)
///     72  the day file's path inside the journal (UTF-8)
///         diagnostics block (`Diagnostic.encodeForCache`)
///         table block (`EntryTable.encodeForCache`)
///
/// The header is read first (a cheap look at the key); the checksum is checked and the blocks
/// decoded only when the entry is to be used. Anything unexpected (truncation, another magic,
/// version or fingerprint, a wrong checksum, bytes left over) makes the entry unusable.
enum CacheEntry {
  static let magic: [UInt8] = Array("DEMCACHE".utf8)
  /// Bumped whenever the layout or the meaning of a block changes.
  static let formatVersion: UInt32 = 2
  private static let checksumStart = 16

  /// The entry's file bytes.
  static func encode(_ parse: DayFileParse, key: DayFileCacheKey, fingerprint: UInt64, path: String)
    -> [UInt8]?
  {
    var writer = CacheWriter(capacity: 4096 + key.size)
    magic.withUnsafeBytes { writer.append(raw: $0) }
    writer.append(UInt64(0))
    writer.append(formatVersion)
    writer.append(UInt32(key.relativePath.utf8.count))
    writer.append(fingerprint)
    writer.append(UInt64(key.size))
    writer.append(key.modified)
    writer.append(key.contentHash)
    writer.append(key.readAt)
    writer.append(UInt64(parse.skippedLines))
    for byte in key.relativePath.utf8 { writer.append(byte) }
    Diagnostic.encodeForCache(parse.diagnostics, path: path, into: &writer)
    guard parse.table.encodeForCache(into: &writer) else { return nil }
    let checksum = writer.bytes.withUnsafeBytes {
      ContentHash.hash(UnsafeRawBufferPointer(rebasing: $0[checksumStart...]))
    }
    writer.set(checksum, at: magic.count)
    return writer.bytes
  }

  /// What an entry's header says (its checksum not yet checked).
  struct Header {
    var fingerprint: UInt64
    var key: DayFileCacheKey
    var skippedLines: UInt64
    /// Where the diagnostics block starts.
    var blocksOffset: Int
  }

  /// Reads an entry's header.
  static func header(_ bytes: UnsafeRawBufferPointer) throws(CacheFormatError) -> Header {
    var reader = CacheReader(bytes)
    guard try reader.bytes(magic.count).elementsEqual(magic) else {
      throw CacheFormatError("not a cache file")
    }
    _ = try reader.integer(UInt64.self)
    let version = try reader.integer(UInt32.self)
    guard version == formatVersion else { throw CacheFormatError("format version \(version)") }
    let pathLength = Int(try reader.integer(UInt32.self))
    let fingerprint = try reader.integer(UInt64.self)
    let size = try reader.integer(UInt64.self)
    guard size <= UInt64(Int.max) else { throw CacheFormatError("size \(size)") }
    let modified = try reader.integer(Int64.self)
    let contentHash = try reader.integer(UInt64.self)
    let readAt = try reader.integer(Int64.self)
    let skippedLines = try reader.integer(UInt64.self)
    let path = String(decoding: try reader.bytes(pathLength), as: UTF8.self)
    let key = DayFileCacheKey(
      relativePath: path, size: Int(size), modified: modified, contentHash: contentHash, readAt: readAt)
    return Header(fingerprint: fingerprint, key: key, skippedLines: skippedLines, blocksOffset: reader.offset)
  }

  /// The parse result an entry holds, for the day file now at `path`, after checking its checksum and
  /// every count and code in it.
  static func decode(_ bytes: UnsafeRawBufferPointer, path: String) throws(CacheFormatError) -> DayFileParse {
    let header = try header(bytes)
    var reader = CacheReader(bytes, offset: magic.count)
    let stored = try reader.integer(UInt64.self)
    guard stored == ContentHash.hash(UnsafeRawBufferPointer(rebasing: bytes[checksumStart...])) else {
      throw CacheFormatError("checksum mismatch")
    }
    guard header.skippedLines <= UInt64(header.key.size) else { throw CacheFormatError("skipped lines") }
    reader = CacheReader(bytes, offset: header.blocksOffset)
    var parse = DayFileParse()
    parse.skippedLines = Int(header.skippedLines)
    parse.diagnostics = try Diagnostic.decodeFromCache(&reader, path: path)
    parse.table = try EntryTable.decodeFromCache(&reader, path: path, rowLimit: header.key.size)
    guard reader.isAtEnd else { throw CacheFormatError("\(reader.remaining) bytes left over") }
    return parse
  }
}
