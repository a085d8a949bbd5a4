import DemeterCore
import DemeterReporting
import ReportFormats

/// How a report leaves the tool: its format (`--format`, `--template`, or the `-o` extension) and
/// its destination (standard output, or an atomically written file with placeholders).
enum OutputOptions {
  static let format = OptionSpec.value(
    "format", short: "f", "FORMAT",
    help: "Output format, text by default: \(BuiltInFormats.names.joined(separator: ", ")), a template or an "
      + "external generator.")
  static let output = OptionSpec.value(
    "output", short: "o", "FILE",
    help:
      "Write to FILE atomically (folders created); {week}, {date}, {month}, {year}, {kind}, {journal} are "
      + "filled in ({journal}: one report per journal of a cohort).")
  static let template = OptionSpec.value(
    "template", "FILE", help: "Render with the Mustache template FILE (NAME.EXT.mustache).")
  static let decimals = OptionSpec.value(
    "decimals", "N", help: "CSV: write numbers with exactly N decimals (0-9) instead of exact values.")
  static let noColor = OptionSpec.flag(
    "no-color", help: "No colour in text output (also: NO_COLOR set, or not a terminal).")

  static let pluginTimeout = OptionSpec.value(
    "plugin-timeout", "SECONDS",
    help: "Stop an external generator after SECONDS (default \(ExternalGenerator.defaultTimeout)).")

  static let all = [format, output, template, decimals, noColor, pluginTimeout]

  /// The output file extensions that pick a built-in format, for help: `.csv, .html or .htm, …`.
  static var builtInExtensions: String {
    BuiltInFormats.generators.map { generator in
      let spellings = OutputPath.extensionSpellings.filter { $0.value == generator.fileExtension }.keys
        .sorted()
      return (["." + generator.fileExtension] + spellings.map { "." + $0 }).joined(separator: " or ")
    }.joined(separator: ", ")
  }

  /// Renders `report` and writes it where the options say.
  static func emit(
    _ report: ReportModel, arguments: ParsedArguments, journal: String?, weekStart: WeekStart,
    console: inout Console
  ) throws(CLIError) {
    let outputPath = try arguments.value("output").map { (template: String) throws(CLIError) -> String in
      try expand(template, report: report, weekStart: weekStart, journal: journal)
    }
    var catalog = FormatCatalog(journal: journal, searchingPath: false)
    if needsPath(arguments, catalog: catalog, outputPath: outputPath) {
      catalog = FormatCatalog(journal: journal)
    }
    let generator = try chooseGenerator(arguments, catalog: catalog, outputPath: outputPath)
    noteIgnoredTemplate(catalog, format: generator.name, arguments, &console)
    let terminal = showsOnTerminal(outputPath, console)
    let color = terminal && !arguments.has("no-color") && EnvironmentVariable.noColor.value == nil
    let timeout = try CommonOptions.timeLimit(arguments, pluginTimeout) ?? ExternalGenerator.defaultTimeout
    let options = RenderOptions(
      decimals: try decimals(arguments), color: color, pluginTimeout: timeout, terminal: terminal)
    let bytes: [UInt8]
    do {
      bytes = try generator.render(report, options: options)
    } catch {
      throw .io("\(generator.name): \(error.message)")
    }
    guard let outputPath, outputPath != "-" else {
      console.write(bytes)
      return
    }
    do {
      try AtomicFileWriter.writeOutputIfChanged(bytes, to: outputPath)
    } catch {
      throw .io(error.description)
    }
  }

  /// Whether the report goes to standard output (`outputPath` nil or `-`) and that is a terminal.
  private static func showsOnTerminal(_ outputPath: String?, _ console: Console) -> Bool {
    (outputPath ?? "-") == "-" && console.isTerminal(.output)
  }

  /// Says, unless `--quiet`, that a journal template named like the built-in `format` was not used.
  private static func noteIgnoredTemplate(
    _ catalog: FormatCatalog, format: String, _ arguments: ParsedArguments, _ console: inout Console
  ) {
    guard !arguments.has("template"), !arguments.has("quiet"),
      let ignored = catalog.ignoredJournalTemplates[format]
    else { return }
    console.error(
      "demeter-report: note: the journal's template \(AtomicFileWriter.quoted(ignored)) does not replace "
        + "the built-in \(format) format; to use it, pass --template with its path")
  }

  /// What the format asked for shows, when that is known before the report is made
  /// (`knownBuiltIn`); otherwise everything.
  static func shownParts(_ arguments: ParsedArguments, journal: String?) -> ReportParts {
    knownBuiltIn(arguments, journal: journal) { $0.shows != .everything }?.shows ?? .everything
  }

  /// Whether the format asked for is known to be the built-in `name` (`knownBuiltIn`).
  static func isBuiltIn(_ name: String, _ arguments: ParsedArguments, journal: String?) -> Bool {
    knownBuiltIn(arguments, journal: journal) { $0.name == name } != nil
  }

  /// The format asked for, when it writes its table as rows come (`knownBuiltIn`).
  static func tableStreaming(_ arguments: ParsedArguments, journal: String?) -> (any TableStreamingGenerator)?
  {
    knownBuiltIn(arguments, journal: journal) { $0 is any TableStreamingGenerator }
      as? any TableStreamingGenerator
  }

  /// Whether the report goes to standard output: no `-o`, or `-o -`.
  static func writesToStandardOutput(_ arguments: ParsedArguments) -> Bool {
    arguments.value(output.long).map { $0 == "-" } ?? true
  }

  /// The built-in generator asked for, when that is known before the report is made and it
  /// `qualifies`: named by `--format`, picked by the extension of an `-o` path without
  /// placeholders, or text by default — unless a user template stands in for it.
  private static func knownBuiltIn(
    _ arguments: ParsedArguments, journal: String?, qualifies: (any ReportGenerator) -> Bool
  ) -> (any ReportGenerator)? {
    guard !arguments.has("template") else { return nil }
    let builtIn: (any ReportGenerator)?
    if let name = arguments.value("format") {
      builtIn = BuiltInFormats.generator(named: name.lowercased())
    } else if let path = arguments.value("output") {
      guard !path.contains("{"), let fileExtension = OutputPath.inferredFormat(forPath: path) else {
        return nil
      }
      builtIn = BuiltInFormats.generators.first {
        $0.fileExtension == fileExtension || $0.name == fileExtension
      }
    } else {
      builtIn = BuiltInFormats.generator(named: "text")
    }
    guard let builtIn, qualifies(builtIn) else { return nil }
    // Only a format that qualifies costs the look for templates of the same name.
    let catalog = FormatCatalog(journal: journal, searchingPath: false)
    return catalog.entries.contains { $0.name == builtIn.name && $0.origin == .builtIn } ? builtIn : nil
  }

  /// A part of a streamed table's rows, as a producer hands it over.
  enum StreamedRows {
    /// Rows made already (a long part is rendered on every processor).
    case rows([ReportTableRow])
    /// `count` groups of `rowsEach` rows, each made and rendered by one processor
    /// (`TableStreamingGenerator.renderGroups`).
    case groups(_ count: Int, rowsEach: Int, rows: @Sendable (_ group: Int) -> [ReportTableRow])
    /// `rows` rows rendered already (with the renderer `emit` hands the producer).
    case rendered(_ bytes: [UInt8], rows: Int)
  }

  /// Writes the report `shell` (its primary table without rows) where the options say, with the
  /// rows `produce` hands over a part at a time rendered as they come (or rendered by the producer,
  /// on any thread, with the `render` it is handed: so many rows after so many of the table, made a
  /// cell at a time). Terminal
  /// colour plays no part in the formats that stream.
  static func emit(
    _ shell: ReportModel, streaming generator: any TableStreamingGenerator, arguments: ParsedArguments,
    journal: String?, weekStart: WeekStart, console: inout Console,
    produce: (
      _ render: @Sendable (
        _ count: Int, _ after: Int, _ cells: (_ row: Int, _ cell: (ReportCell) -> Void) -> Void
      ) -> [UInt8],
      _ write: (_ part: StreamedRows) throws(OutputError) -> Void
    ) throws(OutputError) -> Void
  ) throws(CLIError) {
    let outputPath = try arguments.value("output").map { (template: String) throws(CLIError) -> String in
      try expand(template, report: shell, weekStart: weekStart, journal: journal)
    }
    noteIgnoredTemplate(
      FormatCatalog(journal: journal, searchingPath: false), format: generator.name, arguments, &console)
    let options = RenderOptions(
      decimals: try decimals(arguments), color: false, terminal: showsOnTerminal(outputPath, console))
    let renderRows = {
      @Sendable (count: Int, after: Int, cells: (_ row: Int, _ cell: (ReportCell) -> Void) -> Void) in
      generator.renderRows(count: count, after: after, options: options, cells: cells)
    }
    var written = 0
    func render(_ part: StreamedRows) -> [UInt8] {
      switch part {
      case .rows(let rows):
        defer { written += rows.count }
        return generator.renderRowsInParts(rows, after: written, options: options)
      case .groups(let count, let rowsEach, let rows):
        defer { written += count * rowsEach }
        return generator.renderGroups(count, rowsEach: rowsEach, after: written, options: options, rows: rows)
      case .rendered(let bytes, let rows):
        written += rows
        return bytes
      }
    }
    do {
      guard let outputPath, outputPath != "-" else {
        console.write(generator.renderHead(of: shell, options: options))
        try produce(renderRows) { part in console.write(render(part)) }
        console.write(generator.renderTail(of: shell, options: options))
        return
      }
      try AtomicFileWriter.write(to: outputPath, target: .userOutput) { file throws(OutputError) in
        try file.write(generator.renderHead(of: shell, options: options))
        try produce(renderRows) { part throws(OutputError) in try file.write(render(part)) }
        try file.write(generator.renderTail(of: shell, options: options))
      }
    } catch {
      throw .io(error.description)
    }
  }

  /// Whether the format asked for could be an external generator (which needs the PATH searched):
  /// not when it is a template or built-in by name, or a built-in by the output's extension.
  private static func needsPath(_ arguments: ParsedArguments, catalog: FormatCatalog, outputPath: String?)
    -> Bool
  {
    if arguments.has("template") { return false }
    if let name = arguments.value("format") { return !catalog.has(name) }
    if let outputPath, let fileExtension = OutputPath.inferredFormat(forPath: outputPath) {
      return !catalog.hasBuiltIn(forExtension: fileExtension)
    }
    return false
  }

  private static func chooseGenerator(
    _ arguments: ParsedArguments, catalog: FormatCatalog, outputPath: String?
  ) throws(CLIError) -> any ReportGenerator {
    if let file = arguments.value("template") {
      let name = PathText.lastComponent(file)
      guard let parsed = TemplateFolders.parse(fileName: name) else {
        throw .usage("--template: name the file NAME.EXT.mustache (e.g. weekly.html.mustache), got '\(name)'")
      }
      guard FileBytes.exists(file) else {
        throw .io("--template: '\(file)' does not exist")
      }
      return try TemplateFolders.generator(
        TemplateFolders.Found(name: parsed.name, fileExtension: parsed.fileExtension, path: file),
        source: "--template")
    }
    if let name = arguments.value("format") { return try catalog.generator(named: name) }
    if let outputPath, let fileExtension = OutputPath.inferredFormat(forPath: outputPath) {
      guard let generator = try catalog.generator(forExtension: fileExtension) else {
        throw .usage(
          "-o \(TerminalSafeText.escaped(outputPath)): no format writes "
            + ".\(TerminalSafeText.escaped(fileExtension)) files; name one with -f "
            + "(formats: \(catalog.names.joined(separator: ", ")))")
      }
      return generator
    }
    return try catalog.generator(named: "text")
  }

  private static func decimals(_ arguments: ParsedArguments) throws(CLIError) -> Int? {
    guard let text = arguments.value("decimals") else { return nil }
    guard let decimals = Int(text), (0...9).contains(decimals) else {
      throw .usage("--decimals must be a whole number from 0 to 9 (got '\(text)')")
    }
    return decimals
  }

  /// Whether `-o` names each journal (`{journal}`): one report per journal of a cohort.
  static func namesEachJournal(_ arguments: ParsedArguments) -> Bool {
    guard let template = arguments.value(output.long) else { return false }
    let values = OutputPlaceholders(kind: "week", periodFirst: "2026-01-01", weekLabel: "2026-W01")
    var (first, second) = (values, values)
    (first.journal, second.journal) = ("a", "b")
    return (try? OutputPath.expand(template, first)) != (try? OutputPath.expand(template, second))
  }

  private static func expand(_ template: String, report: ReportModel, weekStart: WeekStart, journal: String?)
    throws(CLIError) -> String
  {
    var values = OutputPlaceholders(kind: report.kind.rawValue)
    if let first = report.period.flatMap({ CivilDate(description: $0.first) }) {
      values = OutputPlaceholders(
        kind: report.kind.rawValue, periodFirst: first.description,
        weekLabel: Period.bucketLabel(of: first, .week(weekStart)))
    }
    values.journal = journal.map(JournalSet.name(of:)) ?? "sample"
    do {
      return try OutputPath.expand(template, values)
    } catch {
      throw .usage("-o: \(error.description)")
    }
  }
}

extension Result {
  var success: Success? {
    if case .success(let value) = self { return value }
    return nil
  }
}
