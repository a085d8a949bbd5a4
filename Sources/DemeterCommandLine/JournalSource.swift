import BuiltInIngredients
import DemeterCore

/// Where a command's journal comes from: a folder (with its layout), or the built-in sample
/// (`--sample`).
enum JournalSource {
  case folder(JournalLayout)
  /// The built-in sample journal, ending on this day.
  case sample(endingOn: CivilDate)

  static let sampleOption = OptionSpec.flag(
    "sample", help: "Use the built-in sample journal (four weeks ending today) instead of a folder.")

  /// The journal folder the arguments name (`CommonOptions.journalPath`), or nil with `--sample`;
  /// resolved once per run.
  /// - Throws: a usage error for `--sample` with `--journal`, or the folder rules' error.
  static func folder(_ arguments: ParsedArguments) throws(CLIError) -> String? {
    guard arguments.has(sampleOption.long) else { return try CommonOptions.journalPath(arguments) }
    guard !arguments.has(CommonOptions.journal.long) else {
      throw .usage("give either --journal or --sample, not both")
    }
    return nil
  }

  /// The journal in `folder` (`folder(_:)`), or the sample ending `today` when that is nil.
  init(folder: String?, today: CivilDate) {
    self = folder.map { .folder(JournalLayout(journal: $0)) } ?? .sample(endingOn: today)
  }

  /// The folder's layout, when the journal is one (templates and the ingredient file live there).
  var layout: JournalLayout? {
    if case .folder(let layout) = self { return layout }
    return nil
  }

  /// The folder, when the journal is one.
  var folder: String? { layout?.journal }

  func digests(_ options: JournalLoadOptions, rules: DigestRules) -> JournalDigests {
    switch self {
    case .folder(let layout):
      return DigestLoader.load(journal: layout.journal, options: options, rules: rules)
    case .sample(let last):
      return DigestLoader.load(files: SampleJournal.dayFiles(endingOn: last), options: options, rules: rules)
    }
  }

  /// The alcohol of the journal's ingredients over the built-in table's, for the energy check, read
  /// only when a day file is digested (`IngredientAlcohol.journal`).
  func ingredientAlcohol() -> IngredientAlcohol {
    switch self {
    case .folder(let layout):
      return .journal(file: layout.ingredients, over: BuiltInIngredients.alcohol)
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
    case .folder(let layout):
      return IngredientDatabase.load(path: layout.ingredients)
    case .sample:
      return IngredientDatabase.load(
        bytes: SampleJournal.ingredientsText, path: SampleJournal.ingredientsPath)
    }
  }
}
