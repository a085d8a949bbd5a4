import DemeterCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds the external generators on `PATH` (manual: output, reliability): executable regular files (symbolic links
/// followed) named `demeter-report-NAME` where NAME is made of `a`–`z`, `0`–`9` and `-` only.
public enum ExternalGeneratorFinder {
  /// The generators in the folders of `path` (a `PATH` value, folders separated by `:`), searched in
  /// order with empty entries skipped; the first program of each name wins. Sorted by name.
  public static func find(path: String) -> [ExternalGenerator] {
    var found: [String: ExternalGenerator] = [:]
    for folder in path.split(separator: ":", omittingEmptySubsequences: true) {
      let folder = String(folder)
      for file in fileNames(in: folder) {
        guard let name = generatorName(fromFileName: file), found[name] == nil else { continue }
        let program = folder.hasSuffix("/") ? folder + file : folder + "/" + file
        if isExecutableFile(program) {
          found[name] = ExternalGenerator(name: name, executablePath: program)
        }
      }
    }
    return found.values.sorted { $0.name < $1.name }
  }

  /// NAME when `fileName` is `demeter-report-NAME` with NAME matching `[a-z0-9-]+`, else nil.
  public static func generatorName(fromFileName fileName: String) -> String? {
    guard fileName.hasPrefix(ExternalGenerator.programPrefix) else { return nil }
    let name = fileName.utf8.dropFirst(ExternalGenerator.programPrefix.utf8.count)
    guard !name.isEmpty,
      name.allSatisfy({ (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D })
    else { return nil }
    return String(decoding: name, as: UTF8.self)
  }

  /// The entry names of a folder; none when it cannot be read.
  private static func fileNames(in folder: String) -> [String] {
    (DirectoryEntries.names(in: folder) ?? []).filter { $0.hasPrefix(ExternalGenerator.programPrefix) }
      .sorted()
  }

  private static func isExecutableFile(_ path: String) -> Bool {
    var info = stat()
    guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
    return access(path, X_OK) == 0
  }
}
