/// The default templates from the package's `Templates/` folder, compiled into the binary by the
/// `EmbedTemplatesPlugin` build step (manual: output: one source of truth, works when copied alone).
public enum BuiltInTemplates {
  /// The text of the built-in template file `name` (e.g. `report.html.mustache`), if there is one.
  public static func text(named name: String) -> String? {
    EmbeddedTemplates.files[name]
  }

  /// The names of all built-in template files, sorted.
  public static var names: [String] { EmbeddedTemplates.files.keys.sorted() }
}
