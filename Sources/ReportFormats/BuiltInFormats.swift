import CSVReport
import DemeterReporting
import HTMLReport
import JSONReport
import MarkdownReport
import TextReport

/// The report formats that come with the tool (SPEC §7): the one list the command line, its help and
/// the tests iterate. Adding a format is a folder under `Reports/`, its name in `Package.swift`'s
/// `generators`, its import and one line here, and its golden files.
public enum BuiltInFormats {
  /// Every built-in generator, sorted by name.
  public static let generators: [any ReportGenerator] = [
    CSVGenerator(), HTMLGenerator(), JSONGenerator(), MarkdownGenerator(), TextGenerator(),
  ].sorted { $0.name < $1.name }

  /// The `--format` names, sorted.
  public static var names: [String] { generators.map(\.name) }

  /// The built-in generator called `name` (exactly: callers lowercase what the user typed).
  public static func generator(named name: String) -> (any ReportGenerator)? {
    generators.first { $0.name == name }
  }
}
