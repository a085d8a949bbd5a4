import DemeterDigests
import DemeterFoundation
import DemeterJournal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A journal's settings file, `<journal>/.demeter.json` (manual: journal Config):
/// `{"weekStart":"monday","timeZone":"Europe/Berlin","lowConfidence":0.5,"highConfidence":0.8,
/// "goals":{"calories":2200,"protein":120,"carbohydrates":250,"fat":70},
/// "silencedWarnings":["another-days-file"],"profile":{"sex":"female","birthYear":1990},
/// "targets":{"iron_mg":12},"queries":{"out":"tag:restaurant or tag:takeaway"}}`. Every key is optional.
/// Command-line options override environment variables, which override this file.
public struct JournalConfig: Sendable, Hashable {
  /// The file name inside a journal folder.
  public static let fileName = JournalLayout.configFileName

  public var weekStart: WeekStart?
  public var timeZone: TimeZoneRule?
  public var lowConfidence: FixedDecimal?
  public var highConfidence: FixedDecimal?
  public var goals = Goals()
  /// The kinds of warning `check` only counts (`WarningKind`'s names).
  public var silencedWarnings: Set<WarningKind> = []
  /// The unit `add --weight` takes a weight in when `--unit` does not say (manual: body-log).
  public var weightUnit: WeightUnit?
  /// The person, for their reference intakes (manual: targets).
  public var profile = PersonProfile()
  /// Daily targets by nutrient key, over the reference intakes.
  public var targets: [String: FixedDecimal] = [:]
  /// Saved queries by name, used as the term `q:NAME` (manual: queries).
  public var queries: [String: String] = [:]

  public init() {}

  /// What reading a config file gave: the settings (empty when there is no file), errors that make
  /// it unusable, and warnings (unknown keys).
  public struct Load: Sendable {
    public var config: JournalConfig
    public var diagnostics: [Diagnostic]
    /// Whether the file is there but could not be read (an I/O failure, not a mistake in it).
    public var unreadable = false
  }

  /// Reads `<journal>/.demeter.json`; a missing file is an empty config. Anything else at that name
  /// (a folder, a link that leads nowhere or in a loop) is `unreadable`.
  public static func load(journal: String) -> Load {
    let path = JournalLayout(journal: journal).config
    var info = stat()
    guard lstat(path, &info) == 0 else { return Load(config: JournalConfig(), diagnostics: []) }
    do throws(FileBytes.ReadError) {
      return parse(try FileBytes.read(path, limit: .settings), path: path)
    } catch {
      return Load(
        config: JournalConfig(),
        diagnostics: [Diagnostic(.error, SourceLocation(path: path, line: 1, column: 1), error.message)],
        unreadable: true)
    }
  }

  /// Parses config text; `path` names it in diagnostics.
  public static func parse(_ bytes: [UInt8], path: String) -> Load {
    var reader = ConfigReader(bytes: bytes, path: path)
    let config = reader.read()
    return Load(config: config, diagnostics: reader.diagnostics)
  }
}
