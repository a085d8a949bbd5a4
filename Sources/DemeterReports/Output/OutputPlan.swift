import DemeterCore
import DemeterReporting
import ReportFormats

/// How a report leaves the tool (manual: output): its format (a name, a template file, or the
/// extension of the output file; text by default) and its destination (standard output, or a file
/// written atomically, with placeholders).
public struct OutputPlan: Sendable {
  /// A format by name: built-in, a template's, or an external generator's.
  public var format: String?
  /// A Mustache template file (`NAME.EXT.mustache`) to render with.
  public var template: String?
  /// The output file, with placeholders (`{week}`, `{journal}`, …); nil or `-`: standard output.
  public var destination: String?
  /// CSV: numbers with exactly this many decimals instead of exact values.
  public var decimals: Int?
  /// Whether text output may be coloured (it is only on a terminal).
  public var colorAllowed = true
  /// How long an external generator may run.
  public var pluginTimeout = ExternalGenerator.defaultTimeout
  /// No notes (a journal template not used) on standard error.
  public var quiet = false

  public init() {}

  /// Whether a report is asked for at all (a format, a template or an output file): commands that
  /// otherwise print their own lines (`check`, `ingredients`) write a report then.
  public var asksForReport: Bool { format != nil || template != nil || destination != nil }

  /// Whether the report goes to standard output.
  public var writesToStandardOutput: Bool { (destination ?? "-") == "-" }

  /// Whether the output file names each journal (`{journal}`): one report per journal of a cohort.
  public var namesEachJournal: Bool {
    guard let template = destination else { return false }
    let values = OutputPlaceholders(kind: "week", periodFirst: "2026-01-01", weekLabel: "2026-W01")
    var (first, second) = (values, values)
    (first.journal, second.journal) = ("a", "b")
    return (try? OutputPath.expand(template, first)) != (try? OutputPath.expand(template, second))
  }

  /// Whether the entries are asked for as their journal lines: the format `jsonl`, or no format
  /// and an output file ending `.jsonl` (`EntryLinesExport`).
  public var asksForEntryLines: Bool {
    guard let format else { return destination?.hasSuffix("." + EntryLinesExport.format) ?? false }
    return format == EntryLinesExport.format
  }

  /// The format as far as it is known before the report is made, for a report of `journal`: decided
  /// once, it says what the report needs to hold (`OutputFormat`).
  public func format(journal: String?) -> OutputFormat {
    let catalog = FormatCatalog(journal: journal, searchingPath: false)
    return OutputFormat(builtIn: knownBuiltIn(catalog), catalog: catalog, plan: self, journal: journal)
  }

  /// The built-in generator asked for, when that is known before the report is made: named by the
  /// format (or an alias of it), picked by the extension of an output path without placeholders, or
  /// text by default — unless a template stands in for it.
  private func knownBuiltIn(_ catalog: FormatCatalog) -> (any ReportGenerator)? {
    guard template == nil else { return nil }
    let builtIn: (any ReportGenerator)?
    if let format {
      builtIn = catalog.builtInName(answering: format).flatMap(BuiltInFormats.generator(named:))
    } else if let path = destination {
      guard !path.contains("{"), let fileExtension = OutputPath.inferredFormat(forPath: path) else {
        return nil
      }
      builtIn = BuiltInFormats.generators.first {
        $0.fileExtension == fileExtension || $0.name == fileExtension
      }
    } else {
      builtIn = BuiltInFormats.generator(named: "text")
    }
    guard let builtIn else { return nil }
    return catalog.entries.contains { $0.name == builtIn.name && $0.origin == .builtIn } ? builtIn : nil
  }
}

/// The format of an `OutputPlan` for one journal, decided once before the report is made.
public struct OutputFormat {
  /// The built-in generator, when the plan is known to name one (a template or an external
  /// generator, or an output path with placeholders, is only known once the report is made).
  public let builtIn: (any ReportGenerator)?
  /// The templates and built-in formats for the journal (no external generator looked for yet).
  let catalog: FormatCatalog
  let plan: OutputPlan
  let journal: String?

  /// What the report must hold for this format.
  public var shows: ReportParts { builtIn?.shows ?? .everything }

  /// Whether it is the built-in format `name`.
  public func isBuiltIn(_ name: String) -> Bool { builtIn?.name == name }

  /// The generator, when it writes its table as rows come.
  public var streaming: (any TableStreamingGenerator)? { builtIn as? any TableStreamingGenerator }

  /// The generator that writes the report `shell`'s primary table as rows come (a format that
  /// streams any report's, or a built-in template split around this report's rows), when there is
  /// one.
  public func streaming(_ shell: ReportModel) throws(CommandError) -> (any TableStreamingGenerator)? {
    if let streaming { return streaming }
    guard let template = builtIn as? any ShellStreamingGenerator else { return nil }
    do {
      return try template.streaming(shell)
    } catch {
      throw .io("\(template.name): \(error.message)")
    }
  }
}
