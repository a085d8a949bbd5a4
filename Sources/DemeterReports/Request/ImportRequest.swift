import DemeterCore

/// An import of other apps' exports into a journal, asked for (manual: importing): which files, read
/// as which kind of export with which options, and how the entries already in the journal are met.
/// `ReportMaker.importEntries` makes it.
public struct ImportRequest: Sendable {
  public var kind: ImportKind
  /// The export files; `-` is standard input.
  public var files: [String]
  public var options: ImportKind.Options
  /// Whether the journal's entries that differ from the export take its version.
  public var update = false
  /// Whether the lines that would be added are printed and nothing is written.
  public var dryRun = false
  /// Whether the good rows are imported when some are bad.
  public var skipBad = false
  /// No summary on standard error.
  public var quiet = false

  public init(_ kind: ImportKind, files: [String], options: ImportKind.Options) {
    self.kind = kind
    self.files = files
    self.options = options
  }
}
