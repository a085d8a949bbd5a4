import DemeterFoundation
import DemeterJournal

/// An ingredient file (`<journal>/ingredients.jsonl`, the manual's `journal` topic) held as its lines, so that changing
/// some ingredients rewrites only their lines: every other line (unchanged ingredients, blank lines,
/// lines that do not parse) keeps its exact bytes, line end included (manual: writing).
///
/// Reading goes through `IngredientDatabase.load`; new and changed lines are encoded with
/// `Ingredient.jsonObject()` and `JSONWriter`.
public struct IngredientFile: Sendable {
  /// One line of the file.
  enum Line: Sendable {
    /// An ingredient; `original` is the line as read (content and line end), nil once it changed.
    case ingredient(Ingredient, original: [UInt8]?)
    /// A line that is not a (first) ingredient: blank, invalid or a skipped duplicate, kept as is.
    case verbatim([UInt8])
  }

  /// The file's path.
  public let path: String
  /// Problems found while reading (invalid lines, duplicate ids); those lines are kept unchanged.
  public private(set) var diagnostics: [Diagnostic]
  /// Whether the file existed when it was read.
  public private(set) var fileExisted: Bool
  /// A byte order mark at the start, kept.
  private var byteOrderMark: [UInt8] = []
  private var lines: [Line] = []
  private var lineByID: [String: Int] = [:]

  /// An empty file at `path` (nothing is written until `write()`).
  public init(emptyAt path: String) {
    self.path = path
    diagnostics = []
    fileExisted = false
  }

  /// Reads the file at `path`; a missing file reads as empty.
  /// - Throws: `ModelError.persistenceError` when the file exists but cannot be read.
  public static func read(_ path: String) throws(ModelError) -> IngredientFile {
    guard let bytes = try bytes(path) else { return IngredientFile(emptyAt: path) }
    var file = IngredientFile(bytes: bytes, path: path)
    file.fileExisted = true
    return file
  }

  /// The bytes of the file at `path`; nil when there is no such file.
  /// - Throws: `ModelError.persistenceError` when the file exists but cannot be read.
  static func bytes(_ path: String) throws(ModelError) -> [UInt8]? {
    do throws(FileBytes.ReadError) {
      return try FileBytes.read(path, limit: .ingredients)
    } catch {
      if !FileBytes.exists(path) { return nil }
      throw .persistenceError("'\(TerminalSafeText.sanitize(path).text)': \(error.message)")
    }
  }

  /// The file holding `bytes`; `path` names it in diagnostics and is where `write()` goes.
  public init(bytes: [UInt8], path: String) {
    self.path = path
    fileExisted = false
    let load = IngredientDatabase.load(bytes: bytes, path: path)
    diagnostics = load.diagnostics
    var ingredientByLine: [Int: Ingredient] = [:]
    for (ingredient, number) in zip(load.database.ingredients, load.lineNumbers) {
      ingredientByLine[number] = ingredient
    }
    bytes.withUnsafeBufferPointer { buffer in
      let split = JournalLines(buffer)
      if split.hasByteOrderMark { byteOrderMark = Array(buffer[0..<3]) }
      for line in split {
        // The line end: `\n`, or `\r\n` (whose `\r` the line's range leaves out).
        let end =
          line.endsWithNewline
          ? line.range.upperBound + (buffer[line.range.upperBound] == 0x0A ? 1 : 2) : buffer.count
        let raw = Array(buffer[line.range.lowerBound..<end])
        if let ingredient = ingredientByLine[line.number] {
          lineByID[ingredient.id] = lines.count
          lines.append(.ingredient(ingredient, original: raw))
        } else {
          lines.append(.verbatim(raw))
        }
      }
    }
  }
}

// MARK: - Reading

extension IngredientFile {
  /// The ingredients in file order.
  public var ingredients: [Ingredient] {
    lines.compactMap {
      if case .ingredient(let ingredient, _) = $0 { return ingredient }
      return nil
    }
  }

  /// The ingredients as a database (for lookups by id).
  public var database: IngredientDatabase { IngredientDatabase(ingredients: ingredients) }

  /// The ingredient with this id, if any.
  public func ingredient(withID id: String) -> Ingredient? {
    guard let index = lineByID[id], case .ingredient(let ingredient, _) = lines[index] else { return nil }
    return ingredient
  }

  /// How many ingredients the file holds.
  public var count: Int { lineByID.count }

  /// The file's bytes: unchanged lines as read, changed and new lines encoded, each ending in a line
  /// end (a last line that had none gets `\n` once another line follows it).
  public var bytes: [UInt8] {
    var output = byteOrderMark
    for (index, line) in lines.enumerated() {
      switch line {
      case .verbatim(let raw), .ingredient(_, original: let raw?):
        output += raw
        if index < lines.count - 1, raw.last != 0x0A { output.append(0x0A) }
      case .ingredient(let ingredient, original: nil):
        output += Self.encode(ingredient)
      }
    }
    return output
  }

  /// One encoded line of `ingredient`, with its `\n`.
  public static func encode(_ ingredient: Ingredient) -> [UInt8] {
    Array((JSONWriter.string(.object(ingredient.jsonObject())) + "\n").utf8)
  }
}

// MARK: - Changing

extension IngredientFile {
  /// Appends a new ingredient as the last line.
  /// - Throws: `ModelError.duplicateEntry` when the id is taken.
  public mutating func insert(_ ingredient: Ingredient) throws(ModelError) {
    guard lineByID[ingredient.id] == nil else { throw .duplicateEntry(ingredient.id) }
    upsert(ingredient)
  }

  /// Replaces the ingredient with the same id in place. An equal ingredient changes nothing (its line
  /// keeps its bytes).
  /// - Returns: whether anything changed.
  /// - Throws: `ModelError.notFound` when no ingredient has that id.
  @discardableResult
  public mutating func replace(_ ingredient: Ingredient) throws(ModelError) -> Bool {
    guard lineByID[ingredient.id] != nil else { throw .notFound("ingredient \"\(ingredient.id)\"") }
    return upsert(ingredient) == .updated
  }

  /// What `upsert` did.
  public enum UpsertOutcome: Sendable, Hashable {
    case added, updated, unchanged
  }

  /// Appends `ingredient` when its id is new, else replaces the ingredient with that id in place
  /// (an equal one is left alone, its line keeping its bytes).
  @discardableResult
  public mutating func upsert(_ ingredient: Ingredient) -> UpsertOutcome {
    guard let index = lineByID[ingredient.id] else {
      lineByID[ingredient.id] = lines.count
      lines.append(.ingredient(ingredient, original: nil))
      return .added
    }
    if case .ingredient(let old, _) = lines[index], old == ingredient { return .unchanged }
    lines[index] = .ingredient(ingredient, original: nil)
    return .updated
  }

  /// Removes the ingredient with this id and its line.
  /// - Returns: the removed ingredient.
  /// - Throws: `ModelError.notFound` when no ingredient has that id.
  @discardableResult
  public mutating func remove(id: String) throws(ModelError) -> Ingredient {
    guard let index = lineByID[id], case .ingredient(let removed, _) = lines[index] else {
      throw .notFound("ingredient \"\(id)\"")
    }
    lines.remove(at: index)
    lineByID[id] = nil
    for (other, position) in lineByID where position > index { lineByID[other] = position - 1 }
    return removed
  }

  /// Writes the file atomically (temporary file, flush, rename).
  /// - Throws: `ModelError.persistenceError` when it cannot be written.
  public func write() throws(ModelError) {
    do throws(OutputError) {
      try AtomicFileWriter.write(bytes, to: path)
    } catch {
      throw .persistenceError(error.description)
    }
  }
}
