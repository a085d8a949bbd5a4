import BuiltInIngredients
import DemeterCore

/// Where a journal comes from: a folder (with its layout), or the built-in sample.
public enum JournalSource: Sendable {
  case folder(JournalLayout)
  /// The built-in sample journal, ending on this day.
  case sample(endingOn: CivilDate)

  /// The journal in `folder`, or the sample ending `today` when that is nil.
  public init(folder: String?, today: CivilDate) {
    self = folder.map { .folder(JournalLayout(journal: $0)) } ?? .sample(endingOn: today)
  }

  /// The folder's layout, when the journal is one (templates and the ingredient file live there).
  public var layout: JournalLayout? {
    if case .folder(let layout) = self { return layout }
    return nil
  }

  /// The folder, when the journal is one.
  public var folder: String? { layout?.journal }

  /// The journal's day digests, read as `options` say.
  public func digests(_ options: JournalLoadOptions, rules: DigestRules) -> JournalDigests {
    switch self {
    case .folder(let layout):
      return DigestLoader.load(journal: layout.journal, options: options, rules: rules)
    case .sample(let last):
      return DigestLoader.load(files: SampleJournal.dayFiles(endingOn: last), options: options, rules: rules)
    }
  }

  /// The alcohol of the journal's ingredients over the built-in table's, for the energy check, read
  /// only when a day file is digested (`IngredientAlcohol.journal`).
  public func ingredientAlcohol() -> IngredientAlcohol {
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

  /// The journal's own ingredient database (the sample's with the sample).
  public func ingredients() -> IngredientDatabase.Load {
    switch self {
    case .folder(let layout):
      return IngredientDatabase.load(path: layout.ingredients)
    case .sample:
      return IngredientDatabase.sample
    }
  }
}
