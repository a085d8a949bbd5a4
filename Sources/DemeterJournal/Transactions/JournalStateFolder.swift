import DemeterFoundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `<journal>/.demeter`, the folder of the tool's own state in a journal (the lock, the parse
/// cache). Journals are shared, so their contents are untrusted: when that name holds a symbolic
/// link (which could point anywhere on this machine) or anything but a folder, it is refused, and
/// nothing the tool writes there can land outside the journal.
public enum JournalStateFolder {
  /// The folder's name inside a journal.
  public static let name = JournalLayout.stateFolderName

  /// `<journal>/.demeter`.
  public static func path(journal: String) -> String { JournalLayout(journal: journal).stateFolder }

  /// What `<journal>/.demeter/.gitignore` says: nothing in the folder is for git (the lock, the parse
  /// cache, transaction records), except the journal's own templates, which travel with it.
  static let gitignore = "*\n!/\(templates)/\n!/\(templates)/**\n"
  private static let templates = JournalLayout.templatesFolderName

  /// Creates the state folder at `folder` (`path(journal:)`) when it is missing, with its
  /// `.gitignore`; a folder made by an older version gets the `.gitignore` too. Returns the `errno`
  /// of a failed `mkdir`, else nil. Call `problem(journal:)` before trusting the folder.
  public static func create(at folder: String) -> Int32? {
    if mkdir(folder, 0o755) != 0 && errno != EEXIST { return errno }
    let ignore = folder + "/.gitignore"
    var info = stat()
    if lstat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, lstat(ignore, &info) != 0 {
      try? AtomicFileWriter.write(Array(gitignore.utf8), to: ignore, durable: false)
    }
    return nil
  }

  /// Why `<journal>/.demeter` cannot be used, or nil when it is a folder or is missing.
  public static func problem(journal: String) -> String? {
    let folder = path(journal: journal)
    var info = stat()
    guard lstat(folder, &info) == 0 else { return nil }
    switch info.st_mode & S_IFMT {
    case S_IFDIR: return nil
    case S_IFLNK:
      return "\(AtomicFileWriter.quoted(folder)) is a symbolic link, which is never followed (a journal "
        + "you were given could point it anywhere); replace it with a folder"
    default: return "\(AtomicFileWriter.quoted(folder)) is not a folder; remove it"
    }
  }
}
