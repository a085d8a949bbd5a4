/// A journal's own `ingredients.jsonl` indexed once: kept, with its search index, as an
/// `IngredientTable` in the JSON form in `<journal>/.demeter/cache/ingredients`
/// (`IngredientCacheFile`), so a search or `show` opens the index and decodes only the foods it
/// shows instead of parsing the whole file.
///
/// The cache is keyed by the file's size, modification time, device and inode, and by the program
/// (its size and time); it is used only when all of them are the same. A file changed within the
/// last `DayFileCacheKey.racyWindow` (whose time could still hide a change) or with invalid lines
/// (whose problems the cache does not keep) is read and parsed every time, and not cached.
public enum IngredientFileCache {
  static let fileName = "ingredients"
  static let format = "demeter-ingredient-cache 1"

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
    let key = usingCache ? key(path) : nil
    if let key, let body = IngredientCacheFile.read(journal: journal, name: fileName, key: key),
      let table = try? IngredientTable(copying: body), table.keepsJSON, let index = try? table.makeIndex()
    {
      return Load(ingredients: table, index: index, diagnostics: [])
    }
    let file = try IngredientFile.read(path)
    // In id order, the order of the cached table, so both give the same results.
    let ingredients = file.ingredients.sorted { $0.id.utf8.lexicographicallyPrecedes($1.id.utf8) }
    if let key, file.diagnostics.isEmpty, let text = try? IngredientTable.encode(ingredients, keepingJSON: true) {
      IngredientCacheFile.write(journal: journal, name: fileName, key: key, body: Array(text.utf8))
    }
    return Load(
      ingredients: IngredientDatabase(ingredients: ingredients), index: IngredientIndex(ingredients),
      diagnostics: file.diagnostics)
  }

  /// What the cache is keyed by, or nil when the file is missing or changed too recently to trust its time.
  private static func key(_ path: String) -> String? {
    guard let stamp = FileStamp(path: path), !stamp.isRacy else { return nil }
    return "\(format) file \(stamp.text) program \(CacheFingerprint.programIdentity())"
  }
}
