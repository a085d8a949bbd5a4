import DemeterFoundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A folder of a journal as the search for day files saw it (`DayFileFinder`): which folder it was,
/// its size and modification time, and when it was listed. Adding, removing or renaming a name in a
/// folder changes its modification time, so a folder found the same later holds the same names, and
/// the search need not list it again (the day files themselves are still looked at one by one).
public struct FolderStamp: Sendable, Hashable {
  /// The path inside the journal, "" for the journal itself (through symbolic links, as searched).
  public var relativePath: String
  public var device: UInt64
  public var inode: UInt64
  public var status: FileStatus
  /// When it was about to be looked at, in nanoseconds since 1970.
  public var listedAt: Int64

  public init(relativePath: String, device: UInt64, inode: UInt64, status: FileStatus, listedAt: Int64) {
    self.relativePath = relativePath
    self.device = device
    self.inode = inode
    self.status = status
    self.listedAt = listedAt
  }

  package init(relativePath: String, _ info: stat, listedAt: Int64) {
    self.init(
      relativePath: relativePath, device: UInt64(info.st_dev), inode: UInt64(info.st_ino),
      status: FileStatus(info), listedAt: listedAt)
  }

  /// Whether the folder was changed so shortly before it was listed that its time proves nothing
  /// (`FileStatus.isRacy`: a change just after could keep it).
  public var isRacy: Bool { FileStatus.isRacy(modified: status.modified, at: listedAt) }

  /// Whether the folder at `relativePath` under `prefix` (the journal's path ending in `/`) is still
  /// this one with the same names: the same folder, size and modification time, and the stamp not
  /// racy.
  /// - Complexity: one status call.
  public func holdsTheSameNames(under prefix: String) -> Bool {
    var info = stat()
    guard !isRacy,
      stat(relativePath.isEmpty ? prefix : prefix + relativePath, &info) == 0,
      info.st_mode & S_IFMT == S_IFDIR
    else { return false }
    return FolderStamp(relativePath: relativePath, info, listedAt: listedAt) == self
  }
}
