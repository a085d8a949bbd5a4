import DemeterCore
import DemeterReporting

extension OutputFormat {
  /// Renders `report` and writes it where the plan says, its weeks starting on `weekStart` (for
  /// `{week}` in the output path).
  public func write(_ report: ReportModel, weekStart: WeekStart, _ console: inout Console) throws(CommandError) {
    let outputPath = try plan.destination.map { (template: String) throws(CommandError) -> String in
      try expand(template, report: report, weekStart: weekStart)
    }
    let generator = if let builtIn { builtIn } else { try chooseGenerator(outputPath: outputPath) }
    noteIgnoredTemplate(format: generator.name, &console)
    let options = renderOptions(outputPath, console)
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

  /// A part of a streamed table's rows, as a producer hands it over.
  public enum StreamedRows {
    /// Rows made already (a long part is rendered on every processor).
    case rows([ReportTableRow])
    /// `count` groups of `rowsEach` rows, each made and rendered by one processor
    /// (`TableStreamingGenerator.renderGroups`).
    case groups(_ count: Int, rowsEach: Int, rows: @Sendable (_ group: Int) -> [ReportTableRow])
    /// `rows` rows rendered already (with the renderer `write(_:streaming:…)` hands the producer).
    case rendered(_ bytes: [UInt8], rows: Int)
  }

  /// Writes the report `shell` (its primary table without rows) where the plan says, in the
  /// `streaming` generator, with the rows `produce` hands over a part at a time rendered as they
  /// come (or rendered by the producer, on any thread, with the `render` it is handed: so many rows
  /// after so many of the table, made a cell at a time; or by the producer itself with the
  /// `options` it is handed).
  func write(
    _ shell: ReportModel, streaming generator: any TableStreamingGenerator, weekStart: WeekStart,
    _ console: inout Console,
    produce: (
      _ options: RenderOptions,
      _ render: @Sendable (
        _ count: Int, _ after: Int, _ cells: (_ row: Int, _ cell: (ReportCell) -> Void) -> Void
      ) -> [UInt8],
      _ write: (_ part: StreamedRows) throws(OutputError) -> Void
    ) throws(OutputError) -> Void
  ) throws(CommandError) {
    let outputPath = try plan.destination.map { (template: String) throws(CommandError) -> String in
      try expand(template, report: shell, weekStart: weekStart)
    }
    noteIgnoredTemplate(format: generator.name, &console)
    let options = renderOptions(outputPath, console)
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
        try produce(options, renderRows) { part in console.write(render(part)) }
        console.write(generator.renderTail(of: shell, options: options))
        return
      }
      try AtomicFileWriter.write(to: outputPath, target: .userOutput) { file throws(OutputError) in
        try file.write(generator.renderHead(of: shell, options: options))
        try produce(options, renderRows) { part throws(OutputError) in try file.write(render(part)) }
        try file.write(generator.renderTail(of: shell, options: options))
      }
    } catch {
      throw .io(error.description)
    }
  }

  /// How a report written to `outputPath` (standard output when nil or `-`) is rendered: on a
  /// terminal, to its width, in colour unless the plan says not.
  private func renderOptions(_ outputPath: String?, _ console: Console) -> RenderOptions {
    let terminal = showsOnTerminal(outputPath, console)
    return RenderOptions(
      decimals: plan.decimals, color: terminal && plan.colorAllowed, pluginTimeout: plan.pluginTimeout,
      terminal: terminal, width: terminal ? console.outputWidth() : nil)
  }

  /// Whether the report goes to standard output (`outputPath` nil or `-`) and that is a terminal.
  private func showsOnTerminal(_ outputPath: String?, _ console: Console) -> Bool {
    (outputPath ?? "-") == "-" && console.isTerminal(.output)
  }

  /// Says, unless quiet, that a journal template named like the built-in `format` was not used.
  private func noteIgnoredTemplate(format: String, _ console: inout Console) {
    guard plan.template == nil, !plan.quiet, let ignored = catalog.ignoredJournalTemplates[format] else { return }
    console.error(
      "demeter-report: note: the journal's template \(AtomicFileWriter.quoted(ignored)) does not replace "
        + "the built-in \(format) format; to use it, pass --template with its path")
  }

  /// The generator the plan names, once the output path is known: a template file, a format by
  /// name, the output file's extension, else text. The PATH is searched for external generators only
  /// when the name or extension is no template's or built-in's.
  private func chooseGenerator(outputPath: String?) throws(CommandError) -> any ReportGenerator {
    if let file = plan.template {
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
    if let name = plan.format {
      let catalog = self.catalog.has(name) ? self.catalog : FormatCatalog(journal: journal)
      return try catalog.generator(named: name)
    }
    if let outputPath, let fileExtension = OutputPath.inferredFormat(forPath: outputPath) {
      let catalog =
        self.catalog.hasBuiltIn(forExtension: fileExtension) ? self.catalog : FormatCatalog(journal: journal)
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

  private func expand(_ template: String, report: ReportModel, weekStart: WeekStart) throws(CommandError)
    -> String
  {
    var values = OutputPlaceholders(kind: report.kind.rawValue)
    if let first = report.period.flatMap({ CivilDate(description: $0.first) }) {
      values = OutputPlaceholders(
        kind: report.kind.rawValue, periodFirst: first.description,
        weekLabel: Period.bucketLabel(of: first, .week(weekStart)))
    }
    values.journal = journal.map(JournalSet.name(of:)) ?? "sample"
    if let query = report.query { values.query = OutputPlaceholders.fileNameSafe(query) }
    do {
      return try OutputPath.expand(template, values)
    } catch {
      throw .usage("-o: \(error.description)")
    }
  }
}
