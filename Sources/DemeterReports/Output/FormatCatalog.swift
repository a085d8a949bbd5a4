import DemeterCore
import DemeterReporting
import ReportFormats

/// Every report format the tool can use right now (manual: output), in the order a name is looked up:
/// templates (the user's own override built-ins of the same name; a journal's never do, see
/// `TemplateFolders`), built-in generators, external `demeter-report-NAME` programs on PATH.
public struct FormatCatalog: Sendable {
  public struct Entry: Sendable {
    public enum Origin: String, Sendable {
      case builtIn = "built-in"
      case template
      case external
    }

    public var name: String
    /// Other names `--format` takes for it (`md` for `markdown`).
    public var aliases: [String] = []
    public var fileExtension: String
    public var origin: Origin
    public var source: String
    /// Makes the generator (templates are read and compiled only when used).
    var make: @Sendable () throws(CommandError) -> any ReportGenerator
  }

  public var entries: [Entry] = []
  /// Journal templates not used because a built-in format has their name, by name.
  var ignoredJournalTemplates: [String: String] = [:]

  /// The formats available for a journal (nil when there is none, e.g. `formats` outside one);
  /// without `searchingPath`, only templates and built-ins (listing every PATH folder for external
  /// generators costs milliseconds, too much to pay when the format is known to be local).
  public init(journal: String?, searchingPath: Bool = true) {
    for found in TemplateFolders.find(in: TemplateFolders.folders(journal: journal)) {
      if found.fromJournal, BuiltInFormats.generator(named: found.name) != nil {
        ignoredJournalTemplates[found.name] = found.path
        continue
      }
      entries.append(
        Entry(
          name: found.name, fileExtension: found.fileExtension, origin: .template, source: found.path,
          make: { () throws(CommandError) in try TemplateFolders.generator(found, source: "template") }))
    }
    for generator in BuiltInFormats.generators where !entries.contains(where: { $0.name == generator.name }) {
      entries.append(
        Entry(
          name: generator.name, aliases: generator.aliases, fileExtension: generator.fileExtension,
          origin: .builtIn,
          source: generator.summary,
          make: { generator }))
    }
    let path = searchingPath ? ProcessEnvironment.value("PATH") ?? "" : ""
    for external in ExternalGeneratorFinder.find(path: path)
    where !entries.contains(where: { $0.name == external.name }) {
      entries.append(
        Entry(
          name: external.name, fileExtension: external.fileExtension, origin: .external,
          source: external.summary,
          make: { external }))
    }
    entries.sort { $0.name < $1.name }
  }

  public var names: [String] { entries.map(\.name) }

  public func generator(named name: String) throws(CommandError) -> any ReportGenerator {
    guard let entry = entry(named: name) else {
      var message = "unknown format '\(name)'; available: \(names.joined(separator: ", "))"
      if let suggestion = Suggestion.closest(to: name, among: names + entries.flatMap(\.aliases)) {
        message += "; did you mean '\(suggestion)'?"
      }
      throw .usage(message)
    }
    return try entry.make()
  }

  /// Whether `generator(named:)` finds `name` among these entries.
  func has(_ name: String) -> Bool {
    entry(named: name) != nil
  }

  /// The name of the built-in format `name` (any letter case) or its alias picks, unless a
  /// template or external generator answers to it.
  func builtInName(answering name: String) -> String? {
    guard let entry = entry(named: name), entry.origin == .builtIn else { return nil }
    return entry.name
  }

  /// The entry called `name` (any letter case), else the one it is an alias of.
  private func entry(named name: String) -> Entry? {
    let wanted = name.lowercased()
    return entries.first { $0.name == wanted } ?? entries.first { $0.aliases.contains(wanted) }
  }

  /// Whether a built-in generator is picked by `fileExtension` (then nothing else can be).
  func hasBuiltIn(forExtension fileExtension: String) -> Bool {
    let wanted = fileExtension.lowercased()
    return entries.contains { $0.origin == .builtIn && ($0.fileExtension == wanted || $0.name == wanted) }
  }

  /// The format an output file's extension picks (`week.html` → html, `notes.md` → markdown,
  /// `week.txt` → text), built-ins first.
  func generator(forExtension fileExtension: String) throws(CommandError) -> (any ReportGenerator)? {
    let wanted = fileExtension.lowercased()
    let ordered = entries.filter { $0.origin == .builtIn } + entries.filter { $0.origin != .builtIn }
    guard let entry = ordered.first(where: { $0.fileExtension == wanted || $0.name == wanted }) else {
      return nil
    }
    return try entry.make()
  }
}
