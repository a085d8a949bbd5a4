/// Where a journal folder keeps what is not a day file (manual: journal, writing), declared once: the settings
/// (`.demeter.json`), the ingredient database (`ingredients.jsonl`), the recipes (`recipes/NAME.json`)
/// and the tool's own state folder
/// (`.demeter`: the lock, transaction records, the parse cache, the journal's templates). Every
/// reader and writer of those files takes its path from here.
public struct JournalLayout: Sendable, Hashable {
  /// The settings file's name (`JournalConfig`).
  public static let configFileName = ".demeter.json"
  /// The ingredient database's name (`IngredientDatabase`).
  public static let ingredientsFileName = "ingredients.jsonl"
  /// The recipes folder's name (`RecipeStore`).
  public static let recipesFolderName = "recipes"
  /// The extension of a recipe file (`recipes/NAME.json`).
  public static let recipeFileExtension = ".json"
  /// The meal plans folder's name (`PlanStore`).
  public static let plansFolderName = "plans"
  /// The extension of a plan file (`plans/PERIOD.json`).
  public static let planFileExtension = ".json"
  /// The state folder's name (`JournalStateFolder`).
  public static let stateFolderName = ".demeter"
  /// The lock file's name in the state folder (`JournalLock`).
  public static let lockFileName = "lock"
  /// The journal's templates folder's name in the state folder (the one thing there that travels
  /// with the journal in git).
  public static let templatesFolderName = "templates"

  /// The journal folder, as given.
  public let journal: String

  public init(journal: String) {
    self.journal = journal
  }

  /// `<journal>/.demeter.json`.
  public var config: String { Self.join(journal, Self.configFileName) }
  /// `<journal>/ingredients.jsonl`.
  public var ingredients: String { Self.join(journal, Self.ingredientsFileName) }
  /// `<journal>/recipes`.
  public var recipes: String { Self.join(journal, Self.recipesFolderName) }
  /// `<journal>/recipes/NAME.json`, the recipe whose id is `name`.
  public func recipe(named name: String) -> String { Self.join(recipes, name + Self.recipeFileExtension) }
  /// `<journal>/plans`.
  public var plans: String { Self.join(journal, Self.plansFolderName) }
  /// `<journal>/plans/NAME.json`, the plan of the period named `name` (`MealPlan.name(of:)`).
  public func plan(named name: String) -> String { Self.join(plans, name + Self.planFileExtension) }
  /// `<journal>/.demeter`.
  public var stateFolder: String { Self.join(journal, Self.stateFolderName) }
  /// `<journal>/.demeter/lock`.
  public var lock: String { Self.join(stateFolder, Self.lockFileName) }
  /// `<journal>/.demeter/cache`, the parse and ingredient caches.
  public var cache: String { Self.join(stateFolder, "cache") }
  /// `<journal>/.demeter/templates`, the journal's own templates.
  public var templates: String { Self.join(stateFolder, Self.templatesFolderName) }
  /// `<journal>/.demeter/commit` (`JournalCommitLock`).
  package var commitLock: String { Self.join(stateFolder, "commit") }
  /// `<journal>/.demeter/commit-queue` (`JournalCommitLock`).
  package var commitQueue: String { Self.join(stateFolder, "commit-queue") }
  /// `<journal>/.demeter/transaction` (`TransactionLog`).
  package var transactionRecord: String { Self.join(stateFolder, "transaction") }

  /// `name` inside `folder`, with one slash between them (`a/` + `b` is `a/b`).
  public static func join(_ folder: String, _ name: String) -> String {
    folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }
}
