#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file as `stat` describes it, without reading it: size, modification time, device and inode.
/// It keys what is made from one file (the journal's ingredient file): `text` changes when the file
/// is rewritten or replaced, unless it changed too recently for its time to prove that (`isRacy`).
package struct FileStamp {
  package let status: FileStatus
  package let device: UInt64
  package let inode: UInt64

  /// The stamp of the regular file at `path`; nil when there is none.
  package init?(path: String) {
    var info = stat()
    guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    self.init(info)
  }

  /// The stamp of the file `info` describes (`stat` or `fstat`).
  package init(_ info: stat) {
    status = FileStatus(info)
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
  }

  /// `size modified device inode`.
  package var text: String { "\(status.size) \(status.modified) \(device) \(inode)" }

  /// Whether the file changed within `FileStatus.racyWindow` of now.
  package var isRacy: Bool { FileStatus.isRacy(modified: status.modified, at: FileStatus.now()) }
}
