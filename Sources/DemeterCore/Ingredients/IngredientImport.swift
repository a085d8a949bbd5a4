import DemeterFoundation
import DemeterJournal

/// What importing an ingredient file into a journal's database did (`ingredients import FILE`).
public struct IngredientImportResult: Sendable, Hashable {
  /// Ingredients whose id was new, appended in the import file's order.
  public var added = 0
  /// Ingredients whose id existed with different data, replaced in place.
  public var updated = 0
  /// Ingredients already present with equal data; their lines keep their bytes.
  public var unchanged = 0
  /// The import file's lines that could not be read (located in the import file); they import nothing.
  public var diagnostics: [Diagnostic] = []

  public init() {}

  /// Whether the database changed (and so was written).
  public var changed: Bool { added + updated > 0 }
}

extension IngredientFile {
  /// Merges the ingredients of `source` (an ingredient file's bytes, named `sourcePath` in
  /// diagnostics) into this file: new ids are appended, changed ones replaced in place, equal ones
  /// left alone, so importing the same file twice changes nothing the second time. Invalid lines of
  /// `source` are reported and skipped; the valid ones are still merged.
  public mutating func merge(bytes source: [UInt8], sourcePath: String) -> IngredientImportResult {
    let load = IngredientDatabase.load(bytes: source, path: sourcePath)
    var result = IngredientImportResult()
    result.diagnostics = load.diagnostics
    for ingredient in load.database.ingredients {
      switch upsert(ingredient) {
      case .added: result.added += 1
      case .updated: result.updated += 1
      case .unchanged: result.unchanged += 1
      }
    }
    return result
  }
}

extension IngredientRepository {
  /// Imports the ingredient file at `sourcePath` (same line format as `ingredients.jsonl`) and writes
  /// the database once, only if something changed.
  /// - Throws: `ModelError.persistenceError` when either file cannot be read or the database cannot
  ///   be written.
  public func importIngredients(from sourcePath: String) throws(ModelError) -> IngredientImportResult {
    let source: [UInt8]
    do throws(FileBytes.ReadError) {
      source = try FileBytes.read(sourcePath, limit: .ingredients)
    } catch {
      throw .persistenceError("'\(TerminalSafeText.sanitize(sourcePath).text)': \(error.message)")
    }
    return try JournalLock.withLock(journal: journal, waiting: lockWaiting) { () throws(ModelError) in
      var file = try file()
      let result = file.merge(bytes: source, sourcePath: sourcePath)
      if result.changed { try file.write() }
      return result
    }
  }
}
