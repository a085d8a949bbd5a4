#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the parse cache needs to know about a file without reading it: its size and when it was last
/// modified, to the nanosecond the file system keeps.
public struct FileStatus: Sendable, Hashable {
  /// Size in bytes.
  public var size: Int
  /// Last modification, in nanoseconds since 1970-01-01T00:00:00Z.
  public var modified: Int64

  public init(size: Int, modified: Int64) {
    self.size = size
    self.modified = modified
  }

  /// How close to its reading a modification time must be for it to prove nothing (git's "racy
  /// clean" rule): a file changed again within the file system's timestamp granularity just after
  /// it was read keeps the same modification time, so only a file already unchanged this long
  /// before it was read can be trusted on size and time alone. Two seconds covers coarse file
  /// systems (FAT's two-second times, one-second ext3 or HFS+ times).
  static let racyWindow: Int64 = 2_000_000_000

  /// Whether a file last modified at `modified` is racy when looked at `time` (nanoseconds): its
  /// modification time is within `racyWindow` of then, or after it (a clock skew).
  package static func isRacy(modified: Int64, at time: Int64) -> Bool { time &- modified < racyWindow }

  package init(_ info: stat) {
    size = Int(info.st_size)
    #if canImport(Darwin)
      modified = Int64(info.st_mtimespec.tv_sec) &* 1_000_000_000 &+ Int64(info.st_mtimespec.tv_nsec)
    #else
      modified = Int64(info.st_mtim.tv_sec) &* 1_000_000_000 &+ Int64(info.st_mtim.tv_nsec)
    #endif
  }

  /// The status of the regular file at `path` (following symbolic links); nil if there is none.
  public static func of(_ path: String) -> FileStatus? {
    var info = stat()
    guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    return FileStatus(info)
  }

  /// Whether `path` is a folder (or a symbolic link to one).
  public static func isFolder(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }

  /// Whether `path` is a symbolic link (which is not followed).
  public static func isSymbolicLink(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
  }

  /// The absolute path of `path` with every symbolic link, `.` and `..` resolved; nil if it does
  /// not exist (or cannot be resolved).
  public static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// The wall-clock time now, in nanoseconds since 1970-01-01T00:00:00Z (the clock file times use).
  public static func now() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec)
  }
}
