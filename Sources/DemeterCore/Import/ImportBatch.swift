import DemeterFoundation
import DemeterJournal

/// What reading an import's files gave: the entries to add, each with the row it came from (held
/// on disk, `ImportedLines`), the weigh-ins of weight exports, the bad rows' problems, and the rows
/// left out on purpose.
public struct ImportBatch {
  /// A valid entry line and the source row it came from.
  public struct Line: Sendable {
    public var line: JournalEntryLine
    public var source: SourceLocation
    /// The id an earlier version of the importer derived for this row (an app export's row without
    /// an id, whose id hashed its time in the zone of the import): a journal with it has the row.
    public var formerID: String?
  }

  /// A weigh-in for the body log and the source row it came from.
  public struct WeighIn: Sendable {
    public var measurement: BodyMeasurement
    public var source: SourceLocation
  }

  public var lines: ImportedLines
  /// The weigh-ins read from weight exports (`WeightExport`), in file order.
  public var weighIns: [WeighIn] = []
  /// How many of the files read were weight exports.
  public var weightExports = 0
  /// The problems of the bad rows, located `FILE:ROW:COLUMN`, in file order.
  public var problems: [Diagnostic] = []
  /// How many rows had problems (a row may have several).
  public var badRows = 0
  /// Rows left out on purpose, by reason ("exercise rows"), with how many.
  public var skipped: [String: Int] = [:]
  /// Rows left out as the same as an earlier row (same id, same content; `settleSharedIDs`).
  public var repeated = 0

  /// An empty batch whose lines go to a temporary file in `folder` (the journal's state folder
  /// when importing into it).
  /// - Throws: when that file cannot be made.
  public init(folder: String) throws(OutputError) {
    lines = try ImportedLines(folder: folder)
  }

  /// Adds a row's outcome: its entry, or its problems (counted as one bad row).
  /// - Throws: `unreadable`, located at the row, when its line cannot be held.
  mutating func add(_ outcome: Result<Line, RowProblems>) throws(ImportError) {
    switch outcome {
    case .success(let line):
      do throws(OutputError) {
        try lines.append(line.line, source: line.source, formerID: line.formerID)
      } catch {
        throw .unreadable(Diagnostic(.error, line.source, error.message))
      }
    case .failure(let row):
      problems += row.diagnostics
      badRows += 1
    }
  }
}

/// The problems of one bad row.
struct RowProblems: Error {
  var diagnostics: [Diagnostic]
}

/// Ids for imported entries that come without one: a version 8 (custom, RFC 9562) UUID whose 122
/// free bits hash the importer's name, the entry as read (every field but the id, its time as the
/// source wrote it, before any time zone is applied) and how many equal rows came before it in the
/// file. Importing a file again, or an export that overlaps an earlier one, gives the same rows the
/// same ids, so they are recognised as already in the journal; two equal rows (two identical
/// snacks) stay two entries. Like a UUIDv5 it is a name-based id; the hash is `ContentHash`
/// (XXH64), not SHA-1: not meant to resist a forger, only to tell rows apart. Equal rows are
/// counted by a 128-bit hash of their content, so memory holds 20 bytes a distinct row, not its text.
struct ImportedEntryIDs {
  let kind: String
  private var occurrences: [UInt128: Int32] = [:]

  init(kind: String) {
    self.kind = kind
  }

  /// The id of the next row whose content (its canonical line without an id) is `content`.
  mutating func next(content: String) -> String {
    let name = kind + "\n" + content
    let key = UInt128(ContentHash.hash(name, seed: 9)) << 64 | UInt128(ContentHash.hash(name, seed: 10))
    let occurrence = occurrences[key, default: 0]
    occurrences[key] = occurrence + 1
    let full = name + "\n" + String(occurrence)
    return RandomUUID.text(
      high: ContentHash.hash(full, seed: 7), low: ContentHash.hash(full, seed: 8), version: 8)
  }
}
