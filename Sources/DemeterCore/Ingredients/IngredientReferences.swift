import DemeterDigests
import DemeterFoundation
import DemeterJournal

extension IngredientCatalog {
  /// The warning for the entry at `location` whose `matchedIngredientID` is `id`, an unknown one.
  public func unknownReference(_ id: String, at location: SourceLocation) -> Diagnostic {
    let place =
      builtIn == nil ? IngredientDatabase.fileName : "\(IngredientDatabase.fileName) or the built-in table"
    return .warning(.unknownIngredient, location, "matchedIngredientID \"\(id)\" is not in \(place)")
  }
}

extension JournalDigests {
  /// A warning for each entry whose `matchedIngredientID` names no ingredient of `catalog` nor is
  /// one that `alsoKnown` accepts (a recipe's `recipe:ID`), in path and line order. Where the
  /// digests' tallies are at hand (kept, or in the journal's cache) the ids used come from them,
  /// and the files are read only when one is unknown; else the files are read, one at a time on
  /// every processor (by the fast path), each id looked up once a file, so only the entries found
  /// are held, never the digests' detail.
  /// - Complexity: the merge of the journal's detail where it is at hand; with an unknown id, or
  ///   without the detail, a read of every file.
  public func unknownReferences(
    to catalog: IngredientCatalog, alsoKnown: @escaping @Sendable (String) -> Bool
  ) -> [Diagnostic] {
    let isUnknown = { @Sendable (id: String) in catalog.ingredient(withID: id) == nil && !alsoKnown(id) }
    if !keepsOnlyTotals || cachedJournal != nil {
      guard let span, ingredientUsage(in: span).used.contains(where: { isUnknown($0.ingredientID) }) else {
        return []
      }
    }
    let parser = DayFileParser(options: JournalLoadOptions(limits: loadOptions.limits))
    let files = self.files
    let duplicateLines = self.duplicateLines
    let found = ParallelMap.map(Array(files.indices), threads: loadOptions.threads) { index in
      var sink = IngredientReferenceSink(isUnknown: isUnknown, excluded: duplicateLines[Int32(index)] ?? [])
      parser.parse(files[index], into: &sink)
      return sink.found
    }
    return zip(files, found).flatMap { file, references in
      references.map {
        catalog.unknownReference($0.id, at: SourceLocation(path: file.path, line: $0.line, column: 1))
      }
    }
  }
}

/// The entries of one day file whose ingredient id is unknown, by line.
private struct IngredientReferenceSink: EntrySink {
  var diagnostics: [Diagnostic] = []
  var skippedLines = 0
  static var keepsRawDescription: Bool { false }
  /// Whether an id is unknown, and what it said of the ids asked about so far.
  let isUnknown: @Sendable (String) -> Bool
  private var verdicts: [String: Bool] = [:]
  /// Lines left out (repeated ids).
  let excluded: Set<Int>
  /// The entries found, in line order.
  var found: [(line: Int, id: String)] = []

  init(isUnknown: @escaping @Sendable (String) -> Bool, excluded: Set<Int>) {
    self.isUnknown = isUnknown
    self.excluded = excluded
  }

  mutating func beginFile(_ path: String, byteCount: Int) {}

  mutating func add(
    _ entry: inout ScannedEntry, line: UnsafeBufferPointer<UInt8>, decoded: UnsafeBufferPointer<UInt8>,
    offset: Int
  ) {
    guard let span = entry.matchedIngredientID else { return }
    let id = String(decoding: (span.inLine ? line : decoded)[span.range], as: UTF8.self)
    let unknown = verdicts[id] ?? isUnknown(id)
    verdicts[id] = unknown
    guard unknown, !excluded.contains(entry.line) else { return }
    found.append((entry.line, id))
  }
}
