import DemeterCore
import DemeterReporting

/// User template plugins (manual: output): `NAME.EXT.mustache` files in
/// `$XDG_CONFIG_HOME/demeter-report/templates/` (or `~/.config/…`) and `<journal>/.demeter/templates/`
/// are `--format NAME`.
///
/// A journal is shared and untrusted: its templates never stand in for a built-in format or the
/// user's own template of the same name (use `--template PATH` to pick one on purpose), nothing is
/// read through a journal's `.demeter` link, and no template or partial is read through a symbolic
/// link that leads out of its folder.
enum TemplateFolders {
  /// A template found on disk.
  struct Found: Sendable {
    var name: String
    var fileExtension: String
    var path: String
    /// Whether it comes from the journal (not the user's own folder).
    var fromJournal = false
  }

  /// A folder searched.
  struct Folder {
    var path: String
    var isJournal: Bool
  }

  /// The folders searched, the user's own first.
  static func folders(journal: String?) -> [Folder] {
    var folders: [Folder] = []
    if let config = ProcessEnvironment.nonEmptyValue("XDG_CONFIG_HOME") {
      folders.append(Folder(path: config + "/demeter-report/templates", isJournal: false))
    } else if let home = ProcessEnvironment.nonEmptyValue("HOME") {
      folders.append(Folder(path: home + "/.config/demeter-report/templates", isJournal: false))
    }
    if let journal, JournalStateFolder.problem(journal: journal) == nil {
      let templates = JournalLayout(journal: journal).templates
      if !FileStatus.isSymbolicLink(templates) { folders.append(Folder(path: templates, isJournal: true)) }
    }
    return folders
  }

  /// The templates of the folders, the first folder winning for a name, sorted by name.
  static func find(in folders: [Folder]) -> [Found] {
    var found: [String: Found] = [:]
    for folder in folders {
      let names = DirectoryEntries.names(in: folder.path) ?? []
      for file in names.sorted() {
        guard let parsed = parse(fileName: file), found[parsed.name] == nil,
          readable(file, in: folder.path) != nil
        else { continue }
        found[parsed.name] = Found(
          name: parsed.name, fileExtension: parsed.fileExtension, path: folder.path + "/" + file,
          fromJournal: folder.isJournal)
      }
    }
    return found.values.sorted { $0.name < $1.name }
  }

  /// The path to read for `file` of `folder`: itself, or where its symbolic links lead when that is
  /// still in `folder`; nil for a link that leads out of it (or nowhere).
  static func readable(_ file: String, in folder: String) -> String? {
    let path = folder + "/" + file
    guard FileStatus.isSymbolicLink(path) else { return path }
    guard let target = FileStatus.realPath(path), let home = FileStatus.realPath(folder),
      PathText.deletingLastComponent(target) == home
    else { return nil }
    return target
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
  static func generator(_ found: Found, source: String) throws(CommandError) -> TemplateGenerator {
    // A bare file name (`--template weekly.html.mustache`) has its partials in the working folder.
    let parent = PathText.deletingLastComponent(found.path)
    let folder = parent.isEmpty ? "." : parent
    guard let text = TextFile.read(found.path) else {
      throw .io("cannot read template \(AtomicFileWriter.quoted(found.path))")
    }
    var partials = BuiltInTemplates.partials.templates
    for file in DirectoryEntries.names(in: folder) ?? [] where file.hasSuffix(".mustache") {
      guard let path = readable(file, in: folder) else { continue }
      partials[String(file.dropLast(".mustache".count))] = TextFile.read(path)
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
