#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A day file found in a journal: `YYYY-MM-DD.jsonl` at any depth.
public struct DayFile: Sendable, Hashable, Comparable {
  /// Path as given to the reader (journal path joined with the relative path).
  public var path: String
  /// The date the file name gives (storage only; entries count for their own timestamp's date).
  public var date: CivilDate?
  /// The file's bytes when it lives in memory (the built-in sample journal); nil means read `path`.
  public var contents: [UInt8]?
  /// Its size and modification time when the journal was searched (nil if not known), so the
  /// digest cache need not ask again.
  public var status: FileStatus?

  public init(path: String, date: CivilDate?, contents: [UInt8]? = nil, status: FileStatus? = nil) {
    self.path = path
    self.date = date
    self.contents = contents
    self.status = status
  }

  public static func < (a: DayFile, b: DayFile) -> Bool { a.path < b.path }

  /// The same file: path, date and contents (the status is when it was seen, not what it is).
  public static func == (a: DayFile, b: DayFile) -> Bool {
    (a.path, a.date) == (b.path, b.date) && a.contents == b.contents
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(path)
    hasher.combine(date)
    hasher.combine(contents)
  }
}

/// Finds the day files of a journal directory (SPEC §2): names `YYYY-MM-DD.jsonl` at any depth,
/// hidden folders (`.git`, `.demeter`) skipped, symbolic links followed once (loops detected).
public enum DayFileFinder {
  /// Folders deeper than this are not searched (and reported).
  public static let maximumDepth = 32

  /// The journal's day files sorted by path, plus problems met on the way (unreadable folders, loops).
  public static func find(in journal: String) -> (files: [DayFile], problems: [Diagnostic]) {
    var files: [DayFile] = []
    var problems: [Diagnostic] = []
    var visited = Set<FileIdentity>()
    search(journal, depth: 0, visited: &visited, files: &files, problems: &problems)
    files.sort()
    return (files, problems)
  }

  /// The date a file name gives, if it has the form `YYYY-MM-DD.jsonl` (four, two, two digits).
  public static func date(fromFileName name: String) -> CivilDate? {
    let bytes = Array(name.utf8)
    guard bytes.count == 16, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      name.hasSuffix(".jsonl")
    else { return nil }
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for index in range {
        let digit = bytes[index] &- UInt8(ascii: "0")
        guard digit < 10 else { return nil }
        value = value * 10 + Int(digit)
      }
      return value
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
    return CivilDate(year: year, month: month, day: day)
  }

  /// Whether a file name looks like a day file (`YYYY-MM-DD.jsonl`), even if the date is impossible.
  static func looksLikeDayFile(_ name: String) -> Bool {
    let bytes = Array(name.utf8)
    guard bytes.count == 16, name.hasSuffix(".jsonl") else { return false }
    return bytes[0..<10].enumerated().allSatisfy { index, byte in
      index == 4 || index == 7 ? byte == UInt8(ascii: "-") : byte &- UInt8(ascii: "0") < 10
    }
  }

  private struct FileIdentity: Hashable {
    var device: UInt64
    var inode: UInt64
  }

  private static func search(
    _ directory: String, depth: Int, visited: inout Set<FileIdentity>, files: inout [DayFile],
    problems: inout [Diagnostic]
  ) {
    // The folder is opened once and its children looked up from it, not walked to from the root
    // by full path each (without a descriptor, by path as before).
    let folder = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    defer { if folder >= 0 { close(folder) } }
    var info = stat()
    guard (folder >= 0 ? fstat(folder, &info) : stat(directory, &info)) == 0 else {
      problems.append(problem(directory, "cannot read folder: \(errnoText())"))
      return
    }
    let identity = FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    guard visited.insert(identity).inserted else {
      problems.append(
        Diagnostic(
          .warning, SourceLocation(path: directory, line: 1, column: 1),
          "folder already searched through another path (a symbolic link?); skipped"))
      return
    }
    guard depth <= maximumDepth else {
      problems.append(problem(directory, "folder nested deeper than \(maximumDepth) levels; skipped"))
      return
    }
    guard let all = DirectoryEntries.names(in: directory) else {
      problems.append(problem(directory, "cannot read folder: \(errnoText())"))
      return
    }
    let names = all.filter { !$0.hasPrefix(".") }
    for name in names.sorted() {
      let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
      var child = stat()
      guard (folder >= 0 ? fstatat(folder, name, &child, 0) : stat(path, &child)) == 0 else {
        if looksLikeDayFile(name) { problems.append(problem(path, "cannot read file: \(errnoText())")) }
        continue
      }
      if child.st_mode & S_IFMT == S_IFDIR {
        if looksLikeDayFile(name) {
          problems.append(
            Diagnostic(
              .warning, SourceLocation(path: path, line: 1, column: 1),
              "a folder named like a day file; searched like any other folder, not read as a day file"))
        }
        search(path, depth: depth + 1, visited: &visited, files: &files, problems: &problems)
      } else if looksLikeDayFile(name) {
        files.append(DayFile(path: path, date: date(fromFileName: name), status: FileStatus(child)))
      }
    }
  }

  private static func problem(_ path: String, _ message: String) -> Diagnostic {
    Diagnostic(.error, SourceLocation(path: path, line: 1, column: 1), message)
  }
}

/// The text of the current `errno`, e.g. "Permission denied".
func errnoText() -> String {
  String(cString: strerror(errno))
}
