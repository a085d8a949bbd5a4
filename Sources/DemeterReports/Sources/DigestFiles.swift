import DemeterCore

/// Reading and writing digest files (manual: many-journals): each file named by its path in
/// messages, damaged or foreign files an I/O error, files that do not go together a usage error.
public enum DigestFiles {
  /// The file at `path`, its digests taking at most `memoryLeft` bytes (`DigestFile.memoryLimit`
  /// shared by the files of a run).
  public static func read(_ path: String, memoryLeft: inout Int) throws(CommandError) -> DigestFile {
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
  public static func merged(_ paths: [String], cohort: Bool) throws(CommandError) -> DigestFile {
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
  public static func problemTotals(_ file: DigestFile, label: String) throws(CommandError) -> (
    skippedLines: Int, unreadableFiles: Int
  ) {
    do {
      return try file.problemTotals(label: label)
    } catch {
      throw cliError(error)
    }
  }

  /// Writes `file` to `path` atomically.
  public static func write(_ file: DigestFile, to path: String) throws(CommandError) {
    do {
      try AtomicFileWriter.write(file.bytes, to: path, target: .userOutput)
    } catch {
      throw .io(error.description)
    }
  }

  private static func cliError(_ error: DigestFileError) -> CommandError {
    switch error.kind {
    case .unreadable: .io(error.description)
    case .mismatch: .usage(error.description)
    }
  }
}
