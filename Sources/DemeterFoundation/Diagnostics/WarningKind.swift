/// The kinds of warning `check` counts and lists together (the first few of each, every one with
/// `--all`), each with the name a journal's `.demeter.json` gives in `"silencedWarnings"` to hide
/// them (manual: journal). Warnings of no kind here (about the config, recipes, plans or folders)
/// are few and always listed.
public enum WarningKind: String, CaseIterable, Sendable, Hashable {
  case anotherDaysFile = "another-days-file"
  case farFromFileDate = "far-from-file-date"
  case noFinalNewline = "no-final-newline"
  case fileNameNotDate = "file-name-not-a-date"
  case misspeltKey = "misspelt-key"
  case unknownMeal = "unknown-meal"
  case moreThan9Decimals = "more-than-9-decimals"
  case newerSchemaVersion = "newer-schema-version"
  case unknownIngredient = "unknown-ingredient"
  case unknownKey = "unknown-key"
  case noUTCOffset = "no-utc-offset"

  /// What a warning of this kind is about, after its count (`4061 entries dated in another day's
  /// file`): the noun and its plural.
  public var subject: (one: String, many: String) {
    switch self {
    case .anotherDaysFile: ("entry dated in another day's file", "entries dated in another day's file")
    case .farFromFileDate:
      ("entry dated more than a year from its file's date", "entries dated more than a year from their file's date")
    case .noFinalNewline: ("file without a final newline", "files without a final newline")
    case .fileNameNotDate: ("file name that is not a date", "file names that are not a date")
    case .misspeltKey: ("misspelt key", "misspelt keys")
    case .unknownMeal: ("unknown meal", "unknown meals")
    case .moreThan9Decimals: ("number with more than 9 decimals", "numbers with more than 9 decimals")
    case .newerSchemaVersion: ("line newer than the tool", "lines newer than the tool")
    case .unknownIngredient:
      ("matchedIngredientID not in the database", "matchedIngredientIDs not in the database")
    case .unknownKey: ("unknown key (--strict)", "unknown keys (--strict)")
    case .noUTCOffset: ("timestamp without a UTC offset (--strict)", "timestamps without a UTC offset (--strict)")
    }
  }

  /// The kind's position in `allCases`, for storing it in a byte.
  public var index: Int { Self.allCases.firstIndex(of: self)! }
}
