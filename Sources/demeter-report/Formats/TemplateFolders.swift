import DemeterCore
import DemeterReporting

/// User template plugins (SPEC §7): `NAME.EXT.mustache` files in `<journal>/.demeter/templates/`
/// and `$XDG_CONFIG_HOME/demeter-report/templates/` (or `~/.config/…`) are `--format NAME`.
enum TemplateFolders {
  /// A template found on disk.
  struct Found {
    var name: String
    var fileExtension: String
    var path: String
  }

  /// The folders searched, most specific first.
  static func folders(journal: String?) -> [String] {
    var folders: [String] = []
    if let journal { folders.append(journal + "/.demeter/templates") }
    if let config = ProcessEnvironment.nonEmptyValue("XDG_CONFIG_HOME") {
      folders.append(config + "/demeter-report/templates")
    } else if let home = ProcessEnvironment.nonEmptyValue("HOME") {
      folders.append(home + "/.config/demeter-report/templates")
    }
    return folders
  }

  /// The templates of the folders, the first folder winning for a name, sorted by name.
  static func find(in folders: [String]) -> [Found] {
    var found: [String: Found] = [:]
    for folder in folders {
      let names = DirectoryEntries.names(in: folder) ?? []
      for file in names.sorted() {
        guard let parsed = parse(fileName: file), found[parsed.name] == nil else { continue }
        found[parsed.name] = Found(
          name: parsed.name, fileExtension: parsed.fileExtension, path: folder + "/" + file)
      }
    }
    return found.values.sorted { $0.name < $1.name }
  }

  /// `weekly.html.mustache` → (`weekly`, `html`); names are `[a-z0-9-]+`, the extension `[a-z0-9]+`.
  static func parse(fileName: String) -> (name: String, fileExtension: String)? {
    let parts = fileName.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[2] == "mustache", isName(parts[0]), !parts[1].isEmpty,
      parts[1].allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber) })
    else { return nil }
    return (String(parts[0]), String(parts[1]))
  }

  static func isName(_ text: Substring) -> Bool {
    !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") }
  }

  /// A generator from a template file; the other `*.mustache` files of its folder (and the
  /// built-in templates) are its partials.
  static func generator(_ found: Found, source: String) throws(CLIError) -> TemplateGenerator {
    let folder = PathText.deletingLastComponent(found.path)
    guard let text = TextFile.read(found.path) else {
      throw .io("cannot read template '\(found.path)'")
    }
    var partials = BuiltInTemplates.partials.templates
    for file in DirectoryEntries.names(in: folder) ?? [] where file.hasSuffix(".mustache") {
      partials[String(file.dropLast(".mustache".count))] = TextFile.read(folder + "/" + file)
    }
    do {
      return try TemplateGenerator(
        name: found.name, fileExtension: found.fileExtension, source: "\(source) \(found.path)",
        path: found.path,
        templateText: text,
        partials: MustachePartials(partials))
    } catch {
      throw .io(error.message)
    }
  }
}
