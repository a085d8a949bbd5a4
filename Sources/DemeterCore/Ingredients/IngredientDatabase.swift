import DemeterFoundation
import DemeterJournal

/// The ingredient database of a journal, `<journal>/ingredients.jsonl` (manual: journal): one ingredient a
/// line, read with the same strict parser and located diagnostics as day files.
public struct IngredientDatabase: Sendable {
  /// The file name inside a journal folder.
  public static let fileName = JournalLayout.ingredientsFileName

  /// Ingredients in file order (later duplicates of an id are skipped).
  public private(set) var ingredients: [Ingredient] = []
  private var indexByID: [String: Int] = [:]

  public init(ingredients: [Ingredient] = []) {
    for ingredient in ingredients where indexByID[ingredient.id] == nil {
      indexByID[ingredient.id] = self.ingredients.count
      self.ingredients.append(ingredient)
    }
  }

  /// The ingredient with this id, if any.
  public func ingredient(withID id: String) -> Ingredient? {
    indexByID[id].map { ingredients[$0] }
  }

  public var count: Int { ingredients.count }
}

extension IngredientDatabase {
  /// What reading an ingredient file gave.
  public struct Load: Sendable {
    public var database: IngredientDatabase
    public var diagnostics: [Diagnostic]
    /// Whether the file exists (a journal without a database is fine).
    public var fileExists: Bool
    /// The 1-based line each of `database.ingredients` was read from, in the same order.
    public var lineNumbers: [Int] = []
    /// The bytes of the line each of `database.ingredients` was read from (without its line end).
    public var lineRanges: [Range<Int>] = []
  }

  /// Reads the ingredient file at `path`; a missing file gives an empty database.
  public static func load(path: String, limits: JSONLimits = .default) -> Load {
    let bytes: [UInt8]
    do throws(FileBytes.ReadError) {
      bytes = try FileBytes.read(path, limit: .ingredients)
    } catch {
      let missing = !FileBytes.exists(path)
      let problems =
        missing ? [] : [Diagnostic(.error, SourceLocation(path: path, line: 1, column: 1), error.message)]
      return Load(database: IngredientDatabase(), diagnostics: problems, fileExists: !missing)
    }
    var load = Self.load(bytes: bytes, path: path, limits: limits)
    load.fileExists = true
    return load
  }

  /// Reads ingredient lines from memory; `path` names them in diagnostics.
  public static func load(bytes: [UInt8], path: String, limits: JSONLimits = .default) -> Load {
    load(bytes: bytes, path: path, limits: limits) { _ in true }
  }

  /// Reads the ingredient lines of `bytes` that `wanted` keeps (the others are neither decoded nor
  /// diagnosed, as if they were not there).
  static func load(
    bytes: [UInt8], path: String, limits: JSONLimits = .default,
    decodingLinesWhere wanted: (UnsafeBufferPointer<UInt8>) -> Bool
  ) -> Load {
    var ingredients: [Ingredient] = []
    var diagnostics: [Diagnostic] = []
    var firstLine: [String: Int] = [:]
    var lineNumbers: [Int] = []
    var lineRanges: [Range<Int>] = []
    bytes.withUnsafeBufferPointer { buffer in
      let parser = JSONParser(limits: limits)
      for line in JournalLines(buffer) where !buffer.isBlank(line.range) {
        let lineBytes = UnsafeBufferPointer(rebasing: buffer[line.range])
        guard wanted(lineBytes) else { continue }
        func problem(_ column: Int, _ message: String) {
          diagnostics.append(
            Diagnostic(
              .error, SourceLocation(path: path, line: line.number, column: column), message,
              excerpt: LineExcerpt(line: lineBytes, around: column)))
        }
        let value: JSONValue
        do throws(JSONSyntaxError) {
          value = try parser.parse(lineBytes)
        } catch {
          problem(error.offset + 1, error.message)
          continue
        }
        guard case .object(let object) = value else {
          problem(1, "each line must be one JSON object, found \(value.kindName)")
          continue
        }
        let ingredient: Ingredient
        do throws(ModelError) {
          ingredient = try Ingredient(json: object)
        } catch {
          problem(1, error.message)
          continue
        }
        if let first = firstLine[ingredient.id] {
          problem(
            1, "duplicate ingredient id \"\(ingredient.id)\" (first at line \(first)); this line is skipped")
          continue
        }
        firstLine[ingredient.id] = line.number
        ingredients.append(ingredient)
        lineNumbers.append(line.number)
        lineRanges.append(line.range)
      }
    }
    return Load(
      database: IngredientDatabase(ingredients: ingredients), diagnostics: diagnostics, fileExists: true,
      lineNumbers: lineNumbers, lineRanges: lineRanges)
  }
}
