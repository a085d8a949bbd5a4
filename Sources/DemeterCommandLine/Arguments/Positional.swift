/// A command's positional argument, declared once: the usage line, help and completions render it.
struct Positional: Sendable, Hashable {
  /// The word the usage line shows (`PERIOD`, `FILE`, `ID-OR-NAME`, `-`); completion offers its
  /// values by it (`CompletionModel.values(placeholder:)`).
  var placeholder: String
  var isOptional: Bool
  /// Whether it may be given more than once (`FILE…`).
  var isRepeated: Bool

  /// `PERIOD`: one, required.
  static func required(_ placeholder: String) -> Positional {
    Positional(placeholder: placeholder, isOptional: false, isRepeated: false)
  }

  /// `[PERIOD]`: one, or none.
  static func optional(_ placeholder: String) -> Positional {
    Positional(placeholder: placeholder, isOptional: true, isRepeated: false)
  }

  /// `FILE…` (one or more), or `[FILE…]` when `isOptional` (any number).
  static func repeated(_ placeholder: String, isOptional: Bool = false) -> Positional {
    Positional(placeholder: placeholder, isOptional: isOptional, isRepeated: true)
  }

  /// `[FILE…]` as the usage line shows it.
  var synopsis: String {
    let word = placeholder + (isRepeated ? "…" : "")
    return isOptional ? "[\(word)]" : word
  }
}
