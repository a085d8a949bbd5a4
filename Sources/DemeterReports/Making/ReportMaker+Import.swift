import DemeterCore

extension ReportMaker {
  /// Reads the exports `request` names and merges their entries into `journal`, or the weigh-ins of
  /// weight exports into its body log (or, with `dryRun`, prints the lines it would add), then says
  /// what happened on standard error.
  /// - Returns: false, with the problems said and nothing written, when an export cannot be read as
  ///   its kind, has bad rows (without `skipBad`) or a line the journal refuses.
  /// - Throws: a usage error for missing columns, a weight export without a unit, or weight and food
  ///   exports in one import; an I/O error when a file cannot be read or the journal written.
  public static func importEntries(
    _ request: ImportRequest, into journal: FoodEntryRepository, _ console: inout Console
  ) throws(CommandError) -> Bool {
    var batch: ImportBatch
    let folder = try spillFolder(journal: journal.journal, dryRun: request.dryRun)
    do throws(OutputError) {
      batch = try ImportBatch(folder: folder)
    } catch {
      throw .io(error.message)
    }
    var foodExport: String?
    var weightExport: String?
    for file in request.files {
      let contents = try bytes(of: file, request.kind, console)
      let weightExports = batch.weightExports
      do throws(ImportError) {
        try request.kind.read(
          contents, path: file == "-" ? "<stdin>" : file, options: request.options, into: &batch)
      } catch {
        switch error {
        case .missingColumns, .noWeightUnit: throw .usage(error.message)
        case .unreadable: break
        }
        console.error(error.message)
        console.error(
          "demeter-report: error: \(file) cannot be imported as \(request.kind.rawValue); nothing was written"
        )
        return false
      }
      if batch.weightExports == weightExports {
        foodExport = foodExport ?? file
      } else {
        weightExport = weightExport ?? file
      }
    }
    if let food = foodExport, let weights = weightExport {
      let (foodExport, weightExport) = (TerminalSafeText.escaped(food), TerminalSafeText.escaped(weights))
      throw .usage(
        "\(foodExport) holds food entries and \(weightExport) weigh-ins: import weights and food separately, "
          + "one import for each ('demeter-report import --from \(request.kind.rawValue) \(foodExport)', then the same "
          + "with \(weightExport)); nothing was written")
    }
    if batch.weightExports > 0, request.update {
      throw .usage("--update is for food entries: a weigh-in already in the body log is left as it is")
    }
    do throws(ModelError) {
      try batch.settleSharedIDs()
    } catch {
      try ReportProblems.sayRefusal(error, &console)
      return false
    }
    for problem in batch.problems { console.error(problem.rendered) }
    if batch.badRows > 0, !request.skipBad {
      console.error(
        "demeter-report: error: \(count: batch.badRows, "bad row"); nothing was written "
          + "(fix them, or pass --skip-bad to import the other rows)")
      return false
    }
    if batch.weightExports > 0 { return try mergeWeighIns(batch, into: journal, request, &console) }
    return try merge(batch, into: journal, request, &console)
  }

  /// Merges the batch's lines into the journal (or, with `dryRun`, prints them) and says what
  /// happened.
  private static func merge(
    _ batch: ImportBatch, into repository: FoodEntryRepository, _ request: ImportRequest,
    _ console: inout Console
  ) throws(CommandError) -> Bool {
    let lines = batch.lines
    let (dryRun, update) = (request.dryRun, request.update)
    let merge: FoodEntryRepository.Merge
    do throws(ModelError) {
      merge = try repository.merge(lines, formerIDs: lines.formerIDs, update: update, dryRun: dryRun)
      if dryRun {
        let differing = Set(merge.differing)
        for index in lines.indices
        where merge.present(at: index) == nil || (update && differing.contains(index)) {
          console.print(EntryLineEncoder.writtenLine(try lines.line(at: index).object))
        }
      }
    } catch {
      try ReportProblems.sayRefusal(error, &console)
      return false
    }
    if !request.quiet {
      let added = merge.added.reduce(0) { $0 + $1.entries }
      var summary =
        (dryRun ? "would import " : "imported ")
        + "\(count: added, "entry", plural: "entries") into \(count: merge.added.count, "day file")"
      var notes = ["\(merge.presentCount + batch.repeated) already in the journal"]
      if !merge.differing.isEmpty {
        let differing = merge.differing.count
        notes[0] +=
          update
          ? ", \(differing) of them \(dryRun ? "would be " : "")updated from the export"
          : ", \(differing) of them \(differing == 1 ? "differs" : "differ") from the export "
            + "(--update takes the export's version)"
      }
      if batch.badRows > 0 { notes.append("\(count: batch.badRows, "bad row") skipped") }
      for (reason, number) in batch.skipped.sorted(by: { $0.key < $1.key }) {
        notes.append("\(number) \(reason) left out")
      }
      summary += " (" + notes.joined(separator: "; ") + ")"
      console.error(summary)
    }
    return true
  }

  /// Where the lines read wait on disk until they are merged (`ImportedLines`): the journal's state
  /// folder (made when missing, as the lock will be; the lock reports a failure), else the journal
  /// folder itself (a dry run writes nothing, and a spilled file has no name, so none is left).
  private static func spillFolder(journal: String, dryRun: Bool) throws(CommandError) -> String {
    if let problem = JournalStateFolder.problem(journal: journal) { throw .io(problem) }
    let folder = JournalStateFolder.path(journal: journal)
    if !dryRun { _ = JournalStateFolder.create(at: folder) }
    return FileStatus.isFolder(folder) ? folder : journal
  }

  /// The bytes of `file`, or of standard input for `-`.
  /// - Throws: a usage error for a folder or a ZIP archive (a tracker's whole export, which may hold
  ///   food and weights: its files are imported one kind at a time, as `kind` reads them).
  private static func bytes(of file: String, _ kind: ImportKind, _ console: Console) throws(CommandError)
    -> [UInt8]
  {
    let unpack = "import its files one kind at a time (\(kind.rawValue) reads \(kind.summary)); nothing was written"
    if file != "-", FileStatus.isFolder(file) {
      throw .usage("'\(TerminalSafeText.escaped(file))' is a folder: \(unpack)")
    }
    let bytes: [UInt8]
    do throws(FileBytes.ReadError) {
      bytes = try file == "-" ? console.input.read(limit: .importFile) : FileBytes.read(file, limit: .importFile)
    } catch {
      throw .io(file == "-" ? error.message : "cannot read '\(file)': \(error.message)")
    }
    if bytes.starts(with: zipSignature) {
      throw .usage("'\(TerminalSafeText.escaped(file))' is a ZIP archive: unzip it and \(unpack)")
    }
    return bytes
  }

  /// The first bytes of a ZIP archive (a local file header, `PK\u{3}\u{4}`).
  private static let zipSignature: [UInt8] = [0x50, 0x4B, 0x03, 0x04]
}
