/// How a request reads a journal: through its caches or not, stopping at its problems or not,
/// saying notes or not (the command line's `--no-cache`, `--strict` and `--quiet`). Each request
/// says what the three mean for it.
public protocol ReadingOptions {
  /// Whether the journal's caches are read (and kept).
  var usesCache: Bool { get set }
  /// Whether the journal's problems end the request.
  var strict: Bool { get set }
  /// Whether notes and warnings are left unsaid.
  var quiet: Bool { get set }
}

extension ReportRequest: ReadingOptions {}
extension CheckRequest: ReadingOptions {}
extension IngredientsRequest: ReadingOptions {}
extension RecipeBook: ReadingOptions {}
extension DigestFileRequest: ReadingOptions {}
