import DemeterFoundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The record of a multi-file change being committed (manual: writing): `<journal>/.demeter/transaction`,
/// one JSON object listing each staged file, the file it replaces, and the staged bytes' size and
/// `ContentHash`:
///
///     {"transaction":1,"renames":[{"staged":"2026/.2026-11-21.jsonl.tmp","final":"2026/2026-11-21.jsonl","size":812,"hash":"9f03…"}]}
///
/// Paths inside the journal are relative to it (the journal may be named `j` or `./j/` on the next
/// run, from another folder); others are absolute.
///
/// A `JournalTransaction` writes it (atomically and durably, through `AtomicFileWriter`) once every
/// staged file is flushed and before the first rename, and removes it after the last rename, all
/// under the exclusive `JournalCommitLock`. So a record on disk is whole, and while one exists no
/// reader reads. One left behind (a writer was killed in that window) is completed by `complete`,
/// from what is on disk:
/// - every rename still staged (the staged file has the recorded size and hash) or done (the staged
///   file is gone and the final file has them): roll forward, renaming the rest;
/// - a staged file missing or changed and no rename done: roll back, removing the staged files;
/// - some lost and some done (only outside hands do that): the rest rolled forward, and an error
///   names the files that could not be restored.
/// Either way the record is removed last, so completing it again (after a kill during completion)
/// finds the renames done and does nothing more.
@usableFromInline package struct TransactionLog: Equatable {
  /// One staged file and the file it replaces.
  package struct Rename: Equatable {
    package var staged: String
    package var final: String
    package var size: Int
    package var hash: UInt64

    package init(staged: String, final: String, size: Int, hash: UInt64) {
      self.staged = staged
      self.final = final
      self.size = size
      self.hash = hash
    }
  }

  /// What completing a record found and did.
  package enum Completion: Equatable {
    case rolledForward
    case rolledBack
  }

  package var renames: [Rename]

  package init(renames: [Rename]) {
    self.renames = renames
  }

  /// The format's version, the value of `"transaction"`.
  package static let version = 1

  /// `<journal>/.demeter/transaction`.
  package static func path(journal: String) -> String {
    JournalLayout(journal: journal).transactionRecord
  }

  /// Whether `journal` has a record (a transaction being committed, or a killed writer's).
  @usableFromInline package static func isPending(journal: String) -> Bool {
    var info = stat()
    return lstat(path(journal: journal), &info) == 0
  }

  // MARK: - Committing

  /// Writes the record, durably. The caller holds the `JournalLock` and the exclusive
  /// `JournalCommitLock`, and has flushed every staged file.
  package func write(journal: String) throws(ModelError) {
    do throws(OutputError) {
      try AtomicFileWriter.write(encoded(journal: journal), to: Self.path(journal: journal))
    } catch {
      throw .persistenceError(error.message)
    }
  }

  /// Renames every staged file into place, then removes the record (written by `write`).
  /// - Throws: `persistenceError` when a step fails; the record then stays for the next command to
  ///   complete.
  package func apply(journal: String) throws(ModelError) {
    try rollForward(renames, journal: journal)
  }

  /// Renames `pending`'s staged files into place (their times set to now first, so that the digest
  /// cache, which trusts a file's size and modification time, never takes a replaced file for the
  /// one it read before the commit), flushes their folders, and removes the record.
  private func rollForward(_ pending: [Rename], journal: String) throws(ModelError) {
    for step in pending {
      _ = utimensat(AT_FDCWD, step.staged, nil, 0)
      if rename(step.staged, step.final) != 0 {
        throw .persistenceError(
          "cannot rename \(AtomicFileWriter.quoted(step.staged)) to \(AtomicFileWriter.quoted(step.final)): "
            + "\(errnoText()); the transaction record "
              + "\(AtomicFileWriter.quoted(Self.path(journal: journal))) "
            + "stays, and the next command completes it")
      }
    }
    try finish(syncing: pending.map(\.final), journal: journal)
  }

  /// Flushes the folders of `paths`, then removes the record and flushes its folder.
  private func finish(syncing paths: [String], journal: String) throws(ModelError) {
    var folders: [String] = []
    for path in paths {
      if let folder = try? AtomicFileWriter.split(path).folder, !folders.contains(folder) {
        folders.append(folder)
      }
    }
    folders.forEach(AtomicFileWriter.syncFolder)
    if unlink(Self.path(journal: journal)) != 0 && errno != ENOENT {
      throw .persistenceError(
        "cannot remove the transaction record \(AtomicFileWriter.quoted(Self.path(journal: journal))): "
          + errnoText())
    }
    AtomicFileWriter.syncFolder(JournalStateFolder.path(journal: journal))
  }

  // MARK: - Completing a killed writer's record

  /// Completes the record `journal` holds, if any, under the exclusive `JournalCommitLock`; the
  /// caller holds the `JournalLock`. Returns what was done (nil: there was no record).
  /// - Throws: `persistenceError` with the record's location when it cannot be read or completed.
  @discardableResult
  package static func complete(journal: String) throws(ModelError) -> Completion? {
    guard isPending(journal: journal) else { return nil }
    let window = try JournalCommitLock.exclusive(journal: journal)
    defer { window.release() }
    let log: TransactionLog
    do throws(Diagnostic) {
      log = try read(journal: journal)
    } catch {
      throw .persistenceError(
        error.rendered + "\n" + "the journal has a transaction record that cannot be read; check the files "
          + "it names (and any '.NAME.tmp' beside them), then remove it to write again")
    }
    return try log.complete(journal: journal)
  }

  /// Rolls this record forward or back (see the type's comment).
  package func complete(journal: String) throws(ModelError) -> Completion {
    var staged: [Rename] = []
    var done = 0
    var lost: [Rename] = []
    for rename in renames {
      if Self.holds(rename.staged, rename) {
        staged.append(rename)
      } else if !FileBytes.exists(rename.staged) && Self.holds(rename.final, rename) {
        done += 1
      } else {
        lost.append(rename)
      }
    }
    if !lost.isEmpty && done == 0 {
      for rename in renames { _ = unlink(rename.staged) }
      try finish(syncing: renames.map(\.staged), journal: journal)
      return .rolledBack
    }
    try rollForward(staged, journal: journal)
    guard lost.isEmpty else {
      let names = lost.map { AtomicFileWriter.quoted($0.final) }.joined(separator: ", ")
      throw .persistenceError(
        "\(AtomicFileWriter.quoted(Self.path(journal: journal))): a transaction was completed, but the new "
          + "contents of \(names) were missing (removed or changed by another program); check "
            + "\(lost.count == 1 ? "it" : "them")"
      )
    }
    return .rolledForward
  }

  /// Whether the file at `path` has the size and hash `rename` records.
  private static func holds(_ path: String, _ rename: Rename) -> Bool {
    guard let status = FileStatus.of(path), status.size == rename.size,
      let bytes = try? FileBytes.read(path, limit: .dayFile)
    else { return false }
    return ContentHash.hash(bytes) == rename.hash
  }

  // MARK: - Format

  /// The record's bytes: one line of JSON.
  package func encoded(journal: String) -> [UInt8] {
    let items: [JSONValue] = renames.map { rename in
      .object(
        Self.object([
          ("staged", .string(Self.relative(rename.staged, to: journal))),
          ("final", .string(Self.relative(rename.final, to: journal))),
          ("size", .number(JSONNumber(literal: String(rename.size)))),
          ("hash", .string(Self.hex(rename.hash))),
        ]))
    }
    let record = Self.object([
      ("transaction", .number(JSONNumber(literal: String(Self.version)))), ("renames", .array(items)),
    ])
    return Array((JSONWriter.string(.object(record)) + "\n").utf8)
  }

  /// Reads the record of `journal`, its paths resolved against the journal.
  /// - Throws: a located error when it cannot be read or is not a whole record.
  package static func read(journal: String) throws(Diagnostic) -> TransactionLog {
    let path = path(journal: journal)
    let bytes: [UInt8]
    do throws(FileBytes.ReadError) {
      bytes = try FileBytes.read(path, limit: .transactionRecord)
    } catch {
      throw Diagnostic(
        .error, SourceLocation(path: path, line: 1, column: 1), "cannot read: \(error.message)")
    }
    return try decode(bytes, path: path, journal: journal)
  }

  /// The record in `bytes` (the contents of `path`).
  package static func decode(_ bytes: [UInt8], path: String, journal: String) throws(Diagnostic) -> TransactionLog {
    func problem(_ offset: Int, _ message: String) -> Diagnostic {
      let before = bytes.prefix(offset)
      let line = before.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
      let column = offset - (before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) + 1
      return Diagnostic(
        .error, SourceLocation(path: path, line: line, column: column),
        "not a whole transaction record: \(message)")
    }
    let value: JSONValue
    do {
      value = try JSONParser().parse(bytes)
    } catch {
      throw problem(error.offset, error.message)
    }
    guard case .object(let record) = value else { throw problem(0, "expected an object") }
    guard let version = record.member("transaction"), case .number(let number) = version.value,
      number.literal == String(Self.version)
    else { throw problem(0, "expected \"transaction\":\(Self.version)") }
    guard let list = record.member("renames"), case .array(let items) = list.value, !items.isEmpty else {
      throw problem(0, "expected a non-empty \"renames\" list")
    }
    var renames: [Rename] = []
    for item in items {
      guard case .object(let fields) = item,
        case .string(let staged)? = fields["staged"], !staged.isEmpty,
        case .string(let final)? = fields["final"], !final.isEmpty,
        case .number(let size)? = fields["size"], let count = Int(size.literal), count >= 0,
        case .string(let hashText)? = fields["hash"], hashText.count == 16,
        let hash = UInt64(hashText, radix: 16)
      else {
        throw problem(
          list.valueOffset, "each rename needs \"staged\", \"final\", \"size\" and a 16-digit \"hash\"")
      }
      renames.append(
        Rename(
          staged: resolved(staged, in: journal), final: resolved(final, in: journal), size: count, hash: hash)
      )
    }
    return TransactionLog(renames: renames)
  }

  private static func object(_ members: [(String, JSONValue)]) -> JSONObject {
    JSONObject(members: members.map { JSONMember(key: $0.0, value: $0.1, keyOffset: 0, valueOffset: 0) })
  }

  /// `path` relative to `journal` when inside it, else absolute.
  package static func relative(_ path: String, to journal: String) -> String {
    let prefix = journal.hasSuffix("/") ? journal : journal + "/"
    if path.hasPrefix(prefix) { return String(path.dropFirst(prefix.count)) }
    if path.hasPrefix("/") { return path }
    guard let folder = getcwd(nil, 0) else { return path }
    defer { free(folder) }
    return JournalLayout.join(String(cString: folder), path)
  }

  /// A recorded path resolved: absolute as is, else inside `journal`.
  private static func resolved(_ path: String, in journal: String) -> String {
    path.hasPrefix("/") ? path : JournalLayout.join(journal, path)
  }

  private static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
