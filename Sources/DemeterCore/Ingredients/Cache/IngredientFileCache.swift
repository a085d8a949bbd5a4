import DemeterFoundation
import DemeterJournal

/// A journal's own `ingredients.jsonl` indexed once: its search index and where each food's line is,
/// kept as an `IngredientTable` in the line form in `<journal>/.demeter/cache/ingredients`
/// (`IngredientCacheFile`, about a sixth of the file), so a search or `show` reads the index (in
/// place, checked, not parsed) and only the lines of the foods it shows (`pread`) instead of reading
/// and parsing the whole file.
///
/// The cache is keyed by the file's size, modification time, device and inode, as `fstat` gives them
/// for the open file the lines are then read from, and by the program (its size and time); it is
/// used only when all of them are the same, and a line that no longer holds its food gives nothing. A file
/// changed within the
/// last `FileStatus.racyWindow` (whose time could still hide a change) or with invalid lines
/// (whose problems the cache does not keep) is read and parsed every time, and not cached.
public enum IngredientFileCache {
  static let fileName = "ingredients"
  static let format = "demeter-ingredient-cache 3"

  /// The journal's ingredients, in the order of their index.
  public struct Load: Sendable {
    public var ingredients: any IngredientSource
    public var index: IngredientIndex
    /// The problems of the file's lines (none when it came from the cache).
    public var diagnostics: [Diagnostic]

    public init(ingredients: any IngredientSource, index: IngredientIndex, diagnostics: [Diagnostic]) {
      self.ingredients = ingredients
      self.index = index
      self.diagnostics = diagnostics
    }
  }

  /// The ingredients of `<journal>/ingredients.jsonl` (none when there is no such file), from the
  /// cache when it holds the file as it is, else read and parsed (and kept); without `usingCache`
  /// (`--no-cache`), always read and parsed, nothing kept.
  /// - Throws: `ModelError.persistenceError` when the file exists but cannot be read.
  public static func load(journal: String, usingCache: Bool) throws(ModelError) -> Load {
    let path = IngredientRepository(journal: journal).path
    let file: FileParts? = usingCache ? FileParts(path: path) : nil
    let key: String? = file.flatMap { cacheKey($0.stamp) }
    if let file, let key, let body = IngredientCacheFile.read(journal: journal, name: fileName, key: key),
      let table = try? IngredientTable(copying: body, lines: file), let index = try? table.makeIndex()
    {
      return Load(ingredients: table, index: index, diagnostics: [])
    }
    // The file as it was opened for the key (read once), else as it is now.
    let bytes: [UInt8]
    if let file, file.count <= FileSizeLimit.ingredients.bytes,
      let opened = file.bytes(at: 0, length: file.count)
    {
      bytes = opened
    } else if let read = try IngredientFile.bytes(path) {
      bytes = read
    } else {
      return Load(ingredients: IngredientDatabase(), index: IngredientIndex([]), diagnostics: [])
    }
    let read = IngredientDatabase.load(bytes: bytes, path: path)
    // The index of the table written to the cache, if one is (not built twice).
    var index: IngredientIndex?
    if let file, let key, read.diagnostics.isEmpty,
      let text = try? IngredientTable.encode(read.database.ingredients, lines: read.lineRanges)
    {
      let body = Array(text.utf8)
      IngredientCacheFile.write(journal: journal, name: fileName, key: key, body: body)
      index = try? IngredientTable(copying: body, lines: file).makeIndex()
    }
    // In id order, the order of the cached table, so both give the same results.
    let ingredients = read.database.ingredients.sorted { $0.id.utf8.lexicographicallyPrecedes($1.id.utf8) }
    return Load(
      ingredients: IngredientDatabase(ingredients: ingredients), index: index ?? IngredientIndex(ingredients),
      diagnostics: read.diagnostics)
  }

  /// What the cache is keyed by, or nil when the file changed too recently to trust its time.
  private static func cacheKey(_ stamp: FileStamp) -> String? {
    guard !stamp.isRacy else { return nil }
    return "\(format) file \(stamp.text) program \(CacheFingerprint.programIdentity())"
  }
}
