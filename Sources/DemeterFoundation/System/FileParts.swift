#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A regular file read in parts with `pread`, kept open while the value lives: a reader that needs
/// a few parts of a large file reads only those. A part the file no longer has (it shrank) is nil,
/// never a crash.
package final class FileParts: @unchecked Sendable {
  private let descriptor: Int32
  /// The file as it was when it was opened (`fstat` of the open file).
  package let stamp: FileStamp
  /// The file's size when it was opened.
  package var count: Int { stamp.status.size }

  /// The file at `path`; nil if it cannot be opened or is not a regular file.
  package init?(path: String) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
    guard descriptor >= 0 else { return nil }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      close(descriptor)
      return nil
    }
    self.descriptor = descriptor
    stamp = FileStamp(info)
  }

  deinit {
    close(descriptor)
  }

  /// The `length` bytes from `offset`, or nil if the file does not have them all.
  package func bytes(at offset: Int, length: Int) -> [UInt8]? {
    guard offset >= 0, length >= 0, offset <= count - length else { return nil }
    var failure: Int32?
    return systemReadAll(descriptor, length: length, at: offset, failure: &failure)
  }
}
