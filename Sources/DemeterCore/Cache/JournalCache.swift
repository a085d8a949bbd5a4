#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The parse cache of one journal folder: `<journal>/.demeter/cache/`, one entry file per day file
/// (named by a hash of the day file's path inside the journal) holding its `DayFileParse`.
///
/// A day file is looked up this way:
/// - same size and modification time as the entry says, and the entry not racy: the entry is used
///   without reading the day file;
/// - same size but another time (after `touch` or `git checkout`), or a racy entry: the day file is
///   read and hashed, and the entry is used if the hash matches (and rewritten with the new time);
/// - otherwise, or if the entry is missing, foreign (other settings, program or format) or damaged in
///   any way: the day file is parsed, and the entry written.
///
/// Entries are written with a temporary file and a rename, so readers in other processes see an old
/// entry or a new one, never a mix; two processes writing the same entry both write a correct one.
/// The cache never makes a run fail: a folder that cannot be created or written (a read-only journal)
/// only means every file is parsed. Entries of day files that no longer exist are removed.
struct JournalCache: Sendable {
  /// The journal path ending in `/`, which every day file path found in it starts with.
  let prefix: String
  /// `<journal>/.demeter/cache`.
  let folder: String
  /// `CacheFingerprint` of the settings and program; entries with another one are ignored.
  let fingerprint: UInt64
  /// False when the folder could not be created or is not writable: entries are then only read.
  let canWrite: Bool

  /// The cache of `journal` when `options` ask for one, creating its folder if needed.
  init?(journal: String, options: JournalLoadOptions) {
    guard case .journalFolder(let toolVersion) = options.cache, !journal.isEmpty else { return nil }
    prefix = journal.hasSuffix("/") ? journal : journal + "/"
    folder = prefix + ".demeter/cache"
    fingerprint = CacheFingerprint.make(options: options, toolVersion: toolVersion)
    canWrite = Self.prepare(folder: folder, parent: prefix + ".demeter")
  }

  /// How a day file's parse result was obtained.
  enum Outcome: Sendable, Hashable {
    /// From its entry, without reading the day file (same size and time, entry not racy).
    case reused
    /// From its entry after reading and hashing the day file (its time changed, or the entry was racy).
    case verified
    /// By parsing the day file (no usable entry); the entry was then written, if the cache can be.
    case parsed
    /// By the parser alone: a file the cache does not handle (in memory, outside the journal, unreadable).
    case bypassed
  }

  /// The parse result of `file`: the cached one when it is valid, else a fresh parse (then stored).
  func parse(_ file: DayFile, with parser: DayFileParser) -> DayFileParse {
    lookUp(file, with: parser).parse
  }

  /// `parse(_:with:)`, and how the result was obtained.
  func lookUp(_ file: DayFile, with parser: DayFileParser) -> (parse: DayFileParse, outcome: Outcome) {
    guard file.contents == nil, let relative = relativePath(file) else {
      return (parser.parse(file), .bypassed)
    }
    let entryPath = folder + "/" + Self.entryName(relative)
    let entry = try? FileBytes.read(entryPath)
    let header = entry.flatMap { bytes in
      (try? bytes.withUnsafeBytes { raw throws(CacheFormatError) in try CacheEntry.header(raw) }).flatMap {
        $0.fingerprint == fingerprint && $0.key.relativePath == relative ? $0 : nil
      }
    }
    if let header, let entry, let status = FileStatus.of(file.path), header.key.provesUnchanged(status),
      let parse = decode(entry, path: file.path)
    {
      return (parse, .reused)
    }
    let readAt = FileStatus.now()
    guard let (bytes, status) = try? FileBytes.readWithStatus(file.path) else {
      return (parser.parse(file), .bypassed)  // the parser says why the file cannot be read
    }
    let key = DayFileCacheKey(
      relativePath: relative, size: status.size, modified: status.modified,
      contentHash: ContentHash.hash(bytes), readAt: readAt)
    if let header, let entry, header.key.size == key.size, header.key.contentHash == key.contentHash,
      let parse = decode(entry, path: file.path)
    {
      if header.key.modified != key.modified || !key.isRacy {
        store(parse, key: key, path: file.path, at: entryPath)
      }
      return (parse, .verified)
    }
    let parse = parser.parse(DayFile(path: file.path, date: file.date, contents: bytes))
    store(parse, key: key, path: file.path, at: entryPath)
    return (parse, .parsed)
  }

  /// Removes the entries of day files other than `files` (deleted or renamed ones), and temporary
  /// files a crashed run left behind more than an hour ago.
  func removeEntries(except files: [DayFile]) {
    guard canWrite, let names = DirectoryEntries.names(in: folder) else { return }
    let kept = Set(files.compactMap { relativePath($0) }.map(Self.entryName))
    let now = FileStatus.now()
    for name in names where !kept.contains(name) {
      let path = folder + "/" + name
      if Self.isEntryName(name) {
        unlink(path)
      } else if name.hasPrefix("."), name.contains(".tmp-"), let status = FileStatus.of(path),
        now &- status.modified > 3_600_000_000_000
      {
        unlink(path)
      }
    }
  }

  // MARK: - Helpers

  private func relativePath(_ file: DayFile) -> String? {
    let path = file.path.utf8
    guard path.starts(with: prefix.utf8), path.count > prefix.utf8.count else { return nil }
    return String(decoding: path.dropFirst(prefix.utf8.count), as: UTF8.self)
  }

  private func decode(_ entry: [UInt8], path: String) -> DayFileParse? {
    try? entry.withUnsafeBytes { raw throws(CacheFormatError) in try CacheEntry.decode(raw, path: path) }
  }

  private func store(_ parse: DayFileParse, key: DayFileCacheKey, path: String, at entryPath: String) {
    guard canWrite,
      let bytes = CacheEntry.encode(parse, key: key, fingerprint: fingerprint, path: path)
    else { return }
    try? AtomicFileWriter.write(bytes, to: entryPath, durable: false)
  }

  /// `0123456789abcdef.entry`: the hash of the day file's path inside the journal.
  static func entryName(_ relativePath: String) -> String {
    let hex = String(ContentHash.hash(relativePath), radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex + ".entry"
  }

  static func isEntryName(_ name: String) -> Bool {
    let bytes = Array(name.utf8)
    return bytes.count == 22 && name.hasSuffix(".entry")
      && bytes[0..<16].allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
  }

  /// Creates the cache folder if it is missing, with a `.gitignore` that keeps it out of a journal
  /// kept in git and a `CACHEDIR.TAG` that backup tools recognise; whether entries can be written.
  static func prepare(folder: String, parent: String) -> Bool {
    var info = stat()
    if stat(folder, &info) == 0 {
      return info.st_mode & S_IFMT == S_IFDIR && access(folder, W_OK) == 0
    }
    if mkdir(parent, 0o755) != 0 && errno != EEXIST { return false }
    guard mkdir(folder, 0o755) == 0 else { return false }
    try? AtomicFileWriter.write(Array("*\n".utf8), to: folder + "/.gitignore", durable: false)
    try? AtomicFileWriter.write(
      Array(
        """
        Signature: 8a477f597d28d172789f06886806bc55
        # This file is a cache directory tag created by demeter-report (parsed day files).
        # For information about cache directory tags see https://bford.info/cachedir/

        """.utf8), to: folder + "/CACHEDIR.TAG", durable: false)
    return true
  }
}
