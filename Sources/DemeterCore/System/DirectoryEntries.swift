#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Lists a folder with `opendir`/`readdir`, reading each name in place: a `dirent` record can be
/// shorter than its declared `d_name` array, so copying the field would read past the record.
public enum DirectoryEntries {
  /// The names in `folder` except `.` and `..`, unsorted; nil (with `errno` set) if it cannot be opened.
  public static func names(in folder: String) -> [String]? {
    guard let handle = opendir(folder) else { return nil }
    defer { closedir(handle) }
    let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
    var names: [String] = []
    while let entry = readdir(handle) {
      let name = String(
        cString: UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: CChar.self))
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }
}
