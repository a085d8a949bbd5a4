import DemeterFoundation
import DemeterJournal

/// A recipe file as read (`<journal>/recipes/ID.json`, or a file given to `recipe add`): the recipe,
/// nil when the file has an error, and every problem found, located as `path:line:column` in the
/// file with the line and a caret, like the journal's diagnostics (`RecipeReader` says what is
/// checked). A byte order mark is tolerated.
public struct RecipeDocument: Sendable {
  /// The file's path, as diagnostics name it.
  public let path: String
  /// The recipe; nil when `diagnostics` holds an error.
  public private(set) var recipe: Recipe?
  /// Every problem found, in the order met.
  public private(set) var diagnostics: [Diagnostic]
  private let bytes: [UInt8]
  private let textStart: Int
  private let idOffset: Int
  private let ingredientOffsets: [(food: Int, amount: Int)]
  private let mediaOffsets: [Int]

  /// The recipe in `bytes`; `path` names the file in diagnostics.
  public init(bytes: [UInt8], path: String) {
    self.bytes = bytes
    self.path = path
    textStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    var reader = RecipeReader()
    do throws(JSONSyntaxError) {
      let start = textStart
      let value = try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
        try JSONParser().parse(UnsafeBufferPointer(rebasing: buffer[start...]))
      }
      recipe = reader.recipe(value)
    } catch {
      reader.problems.append((error.offset, error.message))
    }
    idOffset = reader.idOffset
    ingredientOffsets = reader.ingredientOffsets
    mediaOffsets = reader.mediaOffsets
    diagnostics = []
    for problem in reader.problems { report(at: problem.offset, problem.message) }
  }

  /// Reads the recipe file at `path`; nil when there is no such file.
  /// - Throws: `ModelError.persistenceError` when it exists but cannot be read.
  public static func read(path: String) throws(ModelError) -> RecipeDocument? {
    do throws(FileBytes.ReadError) {
      return RecipeDocument(bytes: try FileBytes.read(path, limit: .recipe), path: path)
    } catch {
      if !FileBytes.exists(path) { return nil }
      throw .persistenceError("'\(TerminalSafeText.sanitize(path).text)': \(error.message)")
    }
  }

  /// Requires the recipe's id to be `id` (a file's name says which recipe it holds): else an error
  /// at the id, and no recipe.
  public mutating func requireID(_ id: String) {
    guard let recipe, recipe.id != id else { return }
    report(
      at: idOffset,
      "the id \"\(recipe.id)\" differs from the file's name '\(id)\(JournalLayout.recipeFileExtension)'; "
        + "a recipe file is named for its id")
    self.recipe = nil
  }

  /// The recipe's nutrition (`RecipeNutrition.compute`), its ingredients looked up by `ingredient`.
  /// - Throws: the error, located at the ingredient or amount it is about, when an ingredient is
  ///   unknown, a portion names no measure of it or a value is too large to compute exactly.
  public func nutrition(ingredient: (String) -> Ingredient?) throws(Diagnostic) -> RecipeNutrition {
    guard let recipe else {
      throw diagnostics.first
        ?? Diagnostic(.error, SourceLocation(path: path, line: 1, column: 1), "not a recipe")
    }
    do throws(RecipeNutritionError) {
      return try RecipeNutrition.compute(recipe, ingredient: ingredient)
    } catch {
      var offset = 0
      if let index = error.ingredientIndex, index < ingredientOffsets.count {
        offset = error.aboutAmount ? ingredientOffsets[index].amount : ingredientOffsets[index].food
      }
      throw Diagnostic(.error, at: offset, ofTextFrom: textStart, in: bytes, path: path, error.message)
    }
  }

  /// Warnings, located at the ingredient, for each declared dietary flag an ingredient contradicts
  /// (`DietaryCheck`); `nutrition` is this document's.
  public func dietaryWarnings(_ nutrition: RecipeNutrition) -> [Diagnostic] {
    guard let recipe else { return [] }
    return DietaryCheck.conflicts(recipe, resolved: nutrition.resolved).map { conflict in
      let offset = conflict.index < ingredientOffsets.count ? ingredientOffsets[conflict.index].food : 0
      return Diagnostic(.warning, at: offset, ofTextFrom: textStart, in: bytes, path: path, conflict.message)
    }
  }

  /// Warnings, located at the file name, for each media (by index in `recipe.media`) whose file
  /// `folder` does not hold (`RecipeStore.missingMedia`).
  public func missingMediaWarnings(_ missing: [Int], folder: String) -> [Diagnostic] {
    guard let recipe else { return [] }
    return missing.map { index in
      let file = recipe.media[index].file
      let offset = index < mediaOffsets.count ? mediaOffsets[index] : 0
      return Diagnostic(
        .warning, at: offset, ofTextFrom: textStart, in: bytes, path: path,
        "recipe \(recipe.id) lists \(file), which is not a file in \(AtomicFileWriter.quoted(folder)); add it "
          + "again ('demeter-report recipe media add \(recipe.id) FILE') or unlist it ('demeter-report recipe "
          + "media rm \(recipe.id) \(file)')")
    }
  }

  private mutating func report(at offset: Int, _ message: String) {
    diagnostics.append(Diagnostic(.error, at: offset, ofTextFrom: textStart, in: bytes, path: path, message))
  }
}
