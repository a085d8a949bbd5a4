import DemeterCore

/// Reading and writing digest files for the command line (manual: many-journals): each file named
/// by its path in messages, damaged or foreign files an I/O error, files that do not go together a
/// usage error.
enum DigestFiles {
  /// `--digest FILE`: a digest file read in place of a journal, repeatable.
  static let option = OptionSpec.value(
    "digest", "FILE",
    help: "Read the day digests of FILE ('demeter-report digest') instead of a journal; repeatable (files "
      + "are merged as 'merge --cohort' merges them).")

  /// The file at `path`, its digests taking at most `memoryLeft` bytes (`DigestFile.memoryLimit`
  /// shared by the files of a run).
  static func read(_ path: String, memoryLeft: inout Int) throws(CLIError) -> DigestFile {
    let label = AtomicFileWriter.quoted(path)
    let bytes: [UInt8]
    do {
      bytes = try FileBytes.read(path, limit: .digestFile)
    } catch {
      throw .io("cannot read digest file \(label): \(error.message)")
    }
    do {
      return try DigestFile(bytes: bytes, label: label, memoryLeft: &memoryLeft)
    } catch {
      throw cliError(error)
    }
  }

  /// The merge of the files at `paths` (`DigestFile.merged`).
  static func merged(_ paths: [String], cohort: Bool) throws(CLIError) -> DigestFile {
    var files: [(label: String, file: DigestFile)] = []
    var memoryLeft = DigestFile.memoryLimit
    for path in paths { files.append((AtomicFileWriter.quoted(path), try read(path, memoryLeft: &memoryLeft))) }
    do {
      return try DigestFile.merged(files, cohort: cohort)
    } catch {
      throw cliError(error)
    }
  }

  /// The skipped lines and unreadable files of `file`'s journals together (`DigestFile.problemTotals`).
  static func problemTotals(_ file: DigestFile, label: String) throws(CLIError) -> (
    skippedLines: Int, unreadableFiles: Int
  ) {
    do {
      return try file.problemTotals(label: label)
    } catch {
      throw cliError(error)
    }
  }

  /// Writes `file` to `path` atomically.
  static func write(_ file: DigestFile, to path: String) throws(CLIError) {
    do {
      try AtomicFileWriter.write(file.bytes, to: path, target: .userOutput)
    } catch {
      throw .io(error.description)
    }
  }

  /// `-o FILE`, which `digest` and `merge` need.
  static func outputPath(_ arguments: ParsedArguments, command: String) throws(CLIError) -> String {
    guard let path = arguments.value(OutputOptions.output.long) else {
      throw .usage("\(command) writes a digest file: give -o FILE")
    }
    return path
  }

  private static func cliError(_ error: DigestFileError) -> CLIError {
    switch error.kind {
    case .unreadable: .io(error.description)
    case .mismatch: .usage(error.description)
    }
  }
}
