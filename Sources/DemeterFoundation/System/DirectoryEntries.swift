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
    var names: [String] = []
    let listed = visitNames(in: folder) { name in
      names.append(String(decoding: name, as: UTF8.self))
      return true
    }
    return listed ? names : nil
  }

  /// Calls `visit` with the UTF-8 bytes of each name in `folder` except `.` and `..`, unsorted, until
  /// it returns false; false (with `errno` set) if the folder cannot be opened.
  package static func visitNames(in folder: String, _ visit: (UnsafeRawBufferPointer) -> Bool) -> Bool {
    guard let handle = opendir(folder) else { return false }
    defer { closedir(handle) }
    let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
    while let entry = readdir(handle) {
      let start = UnsafeRawPointer(entry).advanced(by: nameOffset)
      let length = strlen(start.assumingMemoryBound(to: CChar.self))
      let name = UnsafeRawBufferPointer(start: start, count: length)
      if name.elementsEqual(".".utf8) || name.elementsEqual("..".utf8) { continue }
      if !visit(name) { break }
    }
    return true
  }
}
