#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What is at a path, from `stat` (so symbolic links are followed, and a dangling one is nothing).
public enum FileStatus {
  /// Whether `path` is a folder (or a symbolic link to one).
  public static func isFolder(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }
}
