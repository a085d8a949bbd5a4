import DemeterFoundation

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

/// Finds the day files of a journal directory (manual: journal): names `YYYY-MM-DD.jsonl` at any depth,
/// hidden folders (`.git`, `.demeter`) skipped, symbolic links followed once (loops detected).
public enum DayFileFinder {
  /// Folders deeper than this are not searched (and reported).
  public static let maximumDepth = 32
  /// A search that has listed this many folders without finding a day file stops there (and says
  /// so): a folder named as a journal by mistake (a home folder) is not read to its end.
  public static let maximumFoldersWithoutDayFiles = 100_000

  /// The journal's day files sorted by path, plus problems met on the way (unreadable folders,
  /// loops, `folderLimit` folders listed without a day file), and a stamp of each folder searched,
  /// from which a later search can tell the folders still hold the same names (none when there
  /// were problems).
  public static func find(in journal: String, folderLimit: Int = maximumFoldersWithoutDayFiles) -> (
    files: [DayFile], problems: [Diagnostic], folders: [FolderStamp]
  ) {
    var search = Search(
      journalPrefix: journal.hasSuffix("/") ? journal : journal + "/", folderLimit: folderLimit)
    search.search(journal, depth: 0)
    var files = search.files
    // Often already in order (one folder's names are searched sorted), which is quicker to check.
    if !zip(files, files.dropFirst()).allSatisfy({ $0 < $1 }) { files.sort() }
    return (files, search.problems, search.problems.isEmpty ? search.folders : [])
  }

  /// Whether a day file is in sight in `folder`: directly in it, or in the year and month folders
  /// the writer lays out (`YYYY/`, `YYYY/MM/`). Only those few folders are listed, so a large
  /// folder (a home folder, `/`) is never searched to decide whether it is a journal.
  public static func hasDayFileInSight(_ folder: String) -> Bool {
    func join(_ name: String, _ inside: String) -> String {
      inside.hasSuffix("/") ? inside + name : inside + "/" + name
    }
    func search(_ path: String, layers: [Int]) -> Bool {
      guard let names = DirectoryEntries.names(in: path) else { return false }
      if names.contains(where: looksLikeDayFile) { return true }
      guard let digits = layers.first else { return false }
      return names.contains { name in
        name.utf8.count == digits
          && name.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
          && search(join(name, path), layers: Array(layers.dropFirst()))
      }
    }
    return search(folder, layers: [4, 2])
  }

  /// The date a file name gives, if it has the form `YYYY-MM-DD.jsonl` (four, two, two digits).
  @inlinable public static func date(fromFileName name: String) -> CivilDate? {
    digits(ofDayFileName: name).flatMap(date(fromDigits:))
  }

  @usableFromInline static func date(fromDigits digits: Int) -> CivilDate? {
    CivilDate(year: digits / 10_000, month: digits / 100 % 100, day: digits % 100)
  }

  /// Whether a file name looks like a day file (`YYYY-MM-DD.jsonl`), even if the date is impossible.
  package static func looksLikeDayFile(_ name: String) -> Bool {
    digits(ofDayFileName: name) != nil
  }

  /// The day file at `path`, named `name`, whose status is `info`: anything but a folder, named like
  /// a day file; nil for any other.
  package static func dayFile(at path: String, named name: UnsafeRawBufferPointer, _ info: stat) -> DayFile? {
    guard !isFolder(info), let digits = digits(ofDayFileName: name) else { return nil }
    return DayFile(path: path, date: date(fromDigits: digits), status: FileStatus(info))
  }

  package static func isFolder(_ info: stat) -> Bool { info.st_mode & S_IFMT == S_IFDIR }

  /// `dayFile(at:named:_:)` of a name given as a string.
  package static func dayFile(at path: String, named name: String, _ info: stat) -> DayFile? {
    var name = name
    return name.withUTF8 { dayFile(at: path, named: UnsafeRawBufferPointer($0), info) }
  }

  /// `looksLikeDayFile` of a name's UTF-8 bytes.
  package static func looksLikeDayFile(_ name: UnsafeRawBufferPointer) -> Bool {
    digits(ofDayFileName: name) != nil
  }

  /// The form of a day file's name: `9` stands for any digit.
  private static let dayFilePattern: [UInt8] = Array("9999-99-99.jsonl".utf8)

  /// The digits of a name of the form `dayFilePattern` as one number (`YYYYMMDD`); nil for any other name.
  @usableFromInline static func digits(ofDayFileName name: String) -> Int? {
    var name = name
    return name.withUTF8 { digits(ofDayFileName: UnsafeRawBufferPointer($0)) }
  }

  /// `digits(ofDayFileName:)` of a name's UTF-8 bytes, read as two little-endian words: the
  /// pattern's fixed bytes compared at once, its digits checked at once.
  private static func digits(ofDayFileName bytes: UnsafeRawBufferPointer) -> Int? {
    guard bytes.count == dayFilePattern.count else { return nil }
    let (places, fixed) = (dayFileDigitPlaces, dayFileFixedBytes)
    let words = (
      UInt64(littleEndian: bytes.loadUnaligned(as: UInt64.self)),
      UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
    )
    guard words.0 & ~places.0 == fixed.0, words.1 & ~places.1 == fixed.1,
      areDigits(words.0, at: places.0), areDigits(words.1, at: places.1)
    else { return nil }
    let zeros: UInt64 = 0x3030_3030_3030_3030
    let values = (words.0 & places.0 &- zeros & places.0, words.1 & places.1 &- zeros & places.1)
    func digit(_ word: UInt64, _ index: UInt64) -> Int {
      Int(truncatingIfNeeded: word &>> (8 &* index) & 0xFF)
    }
    let century = digit(values.0, 0) &* 10 &+ digit(values.0, 1)
    let year = (century &* 10 &+ digit(values.0, 2)) &* 10 &+ digit(values.0, 3)
    let month = digit(values.0, 5) &* 10 &+ digit(values.0, 6)
    return (year &* 100 &+ month) &* 100 &+ digit(values.1, 0) &* 10 &+ digit(values.1, 1)
  }

  /// Whether every byte of `word` where `places` has `0xFF` is an ASCII digit (the others are
  /// taken as digits): per byte, below 0x80, with 0x80 added not below 0xB0, and not above 0x39.
  private static func areDigits(_ word: UInt64, at places: UInt64) -> Bool {
    let (ones, high) = (UInt64(0x0101_0101_0101_0101), UInt64(0x8080_8080_8080_8080))
    let digits = word & places | 0x35 &* ones & ~places
    let notBelow = (digits | high) &- 0x30 &* ones
    let notAbove = 0xB9 &* ones &- digits
    return digits & high == 0 && notBelow & high == high && notAbove & high == high
  }

  /// Per word of a name, `0xFF` where `dayFilePattern` has a digit.
  private static let dayFileDigitPlaces = patternWords { $0 == UInt8(ascii: "9") ? 0xFF : 0 }
  /// Per word of a name, the bytes of `dayFilePattern` other than its digits (zero in their places).
  private static let dayFileFixedBytes = patternWords { $0 == UInt8(ascii: "9") ? 0 : $0 }

  /// The two little-endian words of `dayFilePattern`, each byte mapped by `byte`.
  private static func patternWords(_ byte: (UInt8) -> UInt8) -> (UInt64, UInt64) {
    func word(_ start: Int) -> UInt64 {
      (0..<8).reduce(0) { $0 | UInt64(byte(dayFilePattern[start + $1])) << (8 * UInt64($1)) }
    }
    return (word(0), word(8))
  }

  private struct FileIdentity: Hashable {
    package var device: UInt64
    package var inode: UInt64
  }

  /// One search of a journal's folders.
  private struct Search {
    /// The journal's path ending in `/`.
    let journalPrefix: String
    /// The folders listed, without a day file found, after which the search stops.
    package let folderLimit: Int
    var visited = Set<FileIdentity>()
    package var files: [DayFile] = []
    package var problems: [Diagnostic] = []
    package var folders: [FolderStamp] = []
    package var stopped = false

    package init(journalPrefix: String, folderLimit: Int) {
      self.journalPrefix = journalPrefix
      self.folderLimit = folderLimit
    }

    package mutating func search(_ directory: String, depth: Int) {
      if !stopped, files.isEmpty, folders.count >= folderLimit {
        stopped = true
        problems.append(
          problem(
            String(journalPrefix.dropLast()),
            "searched \(count: folders.count, "folder") without finding a day file (YYYY-MM-DD.jsonl); stopped: is "
              + "this the journal's folder? Name it with --journal DIR"))
      }
      guard !stopped else { return }
      let listedAt = FileStatus.now()
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
      let inside = directory.utf8.dropFirst(journalPrefix.utf8.count)
      let relative = directory.utf8.count > journalPrefix.utf8.count ? String(inside)! : ""
      folders.append(FolderStamp(relativePath: relative, info, listedAt: listedAt))
      let names = all.filter { $0.utf8.first != UInt8(ascii: ".") }
      let folderPrefix = directory.hasSuffix("/") ? directory : directory + "/"
      for name in sortedByBytes(names) {
        let path = folderPrefix + name
        var child = stat()
        guard (folder >= 0 ? fstatat(folder, name, &child, 0) : stat(path, &child)) == 0 else {
          if looksLikeDayFile(name) {
            problems.append(.unreadableFile(path, "cannot read file: \(errnoText())"))
          }
          continue
        }
        if isFolder(child) {
          if looksLikeDayFile(name) {
            problems.append(
              Diagnostic(
                .warning, SourceLocation(path: path, line: 1, column: 1),
                "a folder named like a day file; searched like any other folder, not read as a day file"))
          }
          search(path, depth: depth + 1)
        } else if let file = dayFile(at: path, named: name, child) {
          files.append(file)
        }
      }
    }
  }

  /// `names` in the order of their UTF-8 bytes (`String`'s own order for ASCII names; `find` sorts
  /// the paths found as strings if they are not in order). Each name is first placed by its first
  /// 16 bytes as two integers, which settles nearly every comparison at once.
  private static func sortedByBytes(_ names: [String]) -> [String] {
    func leadingWords(_ name: String) -> (UInt64, UInt64) {
      var words: (UInt64, UInt64) = (0, 0)
      for (position, byte) in name.utf8.prefix(16).enumerated() {
        if position < 8 {
          words.0 |= UInt64(byte) << (56 - 8 * position)
        } else {
          words.1 |= UInt64(byte) << (56 - 8 * (position - 8))
        }
      }
      return words
    }
    let keyed = names.map { (words: leadingWords($0), name: $0) }
    return keyed.sorted { a, b in
      a.words != b.words ? a.words < b.words : a.name.utf8.lexicographicallyPrecedes(b.name.utf8)
    }.map(\.name)
  }

  private static func problem(_ path: String, _ message: String) -> Diagnostic {
    Diagnostic.searchProblem(path, message)
  }
}
