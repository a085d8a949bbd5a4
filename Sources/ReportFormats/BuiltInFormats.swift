import DemeterReporting

/// The report formats that come with the tool (manual: output): the one list the command line, its help and
/// the tests iterate. Adding a format is a folder `Reports/<Name>/` declaring `<Name>Generator`, the
/// name in `Package.swift`'s `generators` (the registration line: the build writes `registered` from
/// it, see `Sources/RegisterFormatsPlugin`), and its golden files.
public enum BuiltInFormats {
  /// Every built-in generator, sorted by name.
  public static let generators: [any ReportGenerator] = registered.sorted { $0.name < $1.name }

  /// The `--format` names, sorted.
  public static var names: [String] { generators.map(\.name) }

  /// Every name `--format` takes for a built-in: each one's name, then its aliases.
  public static var namesAndAliases: [String] { generators.flatMap { [$0.name] + $0.aliases } }

  /// The built-in generator called `name` (exactly: callers lowercase what the user typed).
  public static func generator(named name: String) -> (any ReportGenerator)? {
    generators.first { $0.name == name }
  }
}
