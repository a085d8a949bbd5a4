import BuiltInIngredients
import DemeterCore

/// Where a command's journal comes from: a folder, or the built-in sample (`--sample`).
enum JournalSource {
  case folder(String)
  /// The built-in sample journal, ending on this day.
  case sample(endingOn: CivilDate)

  static let sampleOption = OptionSpec.flag(
    "sample", help: "Use the built-in sample journal (four weeks ending today) instead of a folder.")

  /// The journal the arguments name (`--sample`, else the folder rules of `CommonOptions.journalPath`).
  static func from(_ arguments: ParsedArguments, today: CivilDate) throws(CLIError) -> JournalSource {
    if arguments.has("sample") {
      guard !arguments.has("journal") else { throw .usage("give either --journal or --sample, not both") }
      return .sample(endingOn: today)
    }
    return .folder(try CommonOptions.journalPath(arguments))
  }

  /// The folder, when the journal is one (templates and the ingredient file live there).
  var folder: String? {
    if case .folder(let path) = self { return path }
    return nil
  }

  func load(_ options: JournalLoadOptions) -> JournalLoad {
    switch self {
    case .folder(let path): return JournalLoader.load(journal: path, options: options)
    case .sample(let last):
      return JournalLoader.load(files: SampleJournal.dayFiles(endingOn: last), options: options)
    }
  }

  func digests(_ options: JournalLoadOptions, rules: DigestRules) -> JournalDigests {
    switch self {
    case .folder(let path): return DigestLoader.load(journal: path, options: options, rules: rules)
    case .sample(let last):
      return DigestLoader.load(files: SampleJournal.dayFiles(endingOn: last), options: options, rules: rules)
    }
  }

  /// The day files at `paths` (as a table's source locations name them), read, by path.
  /// - Throws: an I/O error when one cannot be read.
  func dayFiles(at paths: Set<String>) throws(CLIError) -> [String: DayFileContents] {
    var files: [String: DayFileContents] = [:]
    switch self {
    case .folder:
      for path in paths {
        do throws(ModelError) {
          files[path] = try DayFileContents.read(path)
        } catch {
          throw .io(error.message)
        }
      }
    case .sample(let last):
      for file in SampleJournal.dayFiles(endingOn: last) where paths.contains(file.path) {
        files[file.path] = DayFileContents(path: file.path, bytes: file.contents ?? [])
      }
    }
    return files
  }

  /// The alcohol of the journal's ingredients over the built-in table's, for the energy check, read
  /// only when a day file is digested (`IngredientAlcohol.journal`).
  func ingredientAlcohol() -> IngredientAlcohol {
    switch self {
    case .folder(let path):
      return .journal(file: path + "/" + IngredientDatabase.fileName, over: BuiltInIngredients.alcohol)
    case .sample:
      return IngredientAlcohol(identity: BuiltInIngredients.alcohol.identity + "; sample") {
        var alcohol = BuiltInIngredients.alcohol
        alcohol.update(with: ingredients().database.ingredients)
        return alcohol
      }
    }
  }

  func ingredients() -> IngredientDatabase.Load {
    switch self {
    case .folder(let path):
      return IngredientDatabase.load(path: path + "/" + IngredientDatabase.fileName)
    case .sample:
      return IngredientDatabase.load(
        bytes: SampleJournal.ingredientsText, path: SampleJournal.ingredientsPath)
    }
  }
}
