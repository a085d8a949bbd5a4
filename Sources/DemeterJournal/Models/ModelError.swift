/// An error from creating or changing a model value, with a message a person can act on.
public enum ModelError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A value breaks a rule of its model. The text says which field, what it must be and what it was,
  /// e.g. `"caloriesPer100g" must be a number ≥ 0, got "abc"`.
  case validationError(String)
  /// Nothing matched a lookup. The text names what was looked for, e.g. `ingredient "usda-sr-99999"`.
  case notFound(String)
  /// An entry with this id already exists where ids must be unique. The text is the id.
  case duplicateEntry(String)
  /// Two values do not belong together, e.g. an entry added to the total of another day.
  /// The text says which values and how to fix it.
  case relationshipError(String)
  /// Reading or writing stored data failed. The text says what and where.
  case persistenceError(String)
  /// A shortened id matches more than one value: the prefix as given, and each candidate with
  /// where it is (`6f0c9a52-… (journal/2026/2026-11-21.jsonl:3)`).
  case ambiguousID(String, candidates: [String])

  /// What went wrong and what to do about it, in one or two sentences.
  public var message: String {
    switch self {
    case .validationError(let detail):
      return detail
    case .notFound(let what):
      return "\(what) was not found; check the spelling, or list what exists first"
    case .duplicateEntry(let id):
      return "an entry with id \"\(id)\" already exists; give the new entry a fresh UUID, "
        + "or update the existing entry instead of adding it again"
    case .relationshipError(let detail):
      return detail
    case .persistenceError(let detail):
      return "could not read or write stored data: \(detail)"
    case .ambiguousID(let prefix, let candidates):
      return "id prefix \"\(prefix)\" matches \(candidates.count) entries; give more of the id:\n"
        + candidates.map { "  " + $0 }.joined(separator: "\n")
    }
  }

  public var description: String { message }
}
