extension IngredientCatalog {
  /// The ids of `ids` that name no ingredient of the journal's file or the built-in table (manual:
  /// journal: an entry's `matchedIngredientID` "should name an ingredient in the database") nor are
  /// one that `alsoKnown` accepts (a recipe's `recipe:ID`).
  public func unknownIDs(among ids: some Sequence<String>, alsoKnown: (String) -> Bool) -> Set<String> {
    Set(ids.filter { ingredient(withID: $0) == nil && !alsoKnown($0) })
  }

  /// The warning for the entry at `location` whose `matchedIngredientID` is `id`, an unknown one.
  public func unknownReference(_ id: String, at location: SourceLocation) -> Diagnostic {
    let place =
      builtIn == nil ? IngredientDatabase.fileName : "\(IngredientDatabase.fileName) or the built-in table"
    return .warning(.unknownIngredient, location, "matchedIngredientID \"\(id)\" is not in \(place)")
  }
}

extension JournalDigests {
  /// A warning for each entry whose `matchedIngredientID` `catalog` lacks (`IngredientCatalog.unknownIDs`),
  /// in path and line order. The ids used come from the digests' tallies; only when one of them is
  /// unknown are the files read again (by the fast path), to locate its entries.
  /// - Complexity: the merge of the journal's detail; with an unknown id, a read of every file.
  public func unknownReferences(to catalog: IngredientCatalog, alsoKnown: (String) -> Bool) -> [Diagnostic] {
    guard let span else { return [] }
    let unknown = catalog.unknownIDs(
      among: ingredientUsage(in: span).used.map(\.ingredientID), alsoKnown: alsoKnown)
    guard !unknown.isEmpty else { return [] }
    let parser = DayFileParser(options: JournalLoadOptions(limits: loadOptions.limits))
    let files = self.files
    let duplicateLines = self.duplicateLines
    let found = ParallelMap.map(Array(files.indices), threads: loadOptions.threads) { index in
      var sink = IngredientReferenceSink(unknown: unknown, excluded: duplicateLines[Int32(index)] ?? [])
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

/// The entries of one day file that name one of a set of ingredient ids, by line.
private struct IngredientReferenceSink: EntrySink {
  var diagnostics: [Diagnostic] = []
  var skippedLines = 0
  static var keepsRawDescription: Bool { false }
  let unknown: Set<String>
  /// Lines left out (repeated ids).
  let excluded: Set<Int>
  /// The entries found, in line order.
  var found: [(line: Int, id: String)] = []

  mutating func beginFile(_ path: String, byteCount: Int) {}

  mutating func add(
    _ entry: inout ScannedEntry, line: UnsafeBufferPointer<UInt8>, decoded: UnsafeBufferPointer<UInt8>,
    offset: Int
  ) {
    guard let span = entry.matchedIngredientID else { return }
    let id = String(decoding: (span.inLine ? line : decoded)[span.range], as: UTF8.self)
    guard unknown.contains(id), !excluded.contains(entry.line) else { return }
    found.append((entry.line, id))
  }
}
