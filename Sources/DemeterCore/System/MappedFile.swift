#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A whole file mapped read-only into memory: pages are read when first touched, so a reader that
/// looks at a few parts of a large file reads only those. The file must be replaced by rename, never
/// rewritten in place, while it is mapped (the cache's files are).
final class MappedFile: @unchecked Sendable {
  private let base: UnsafeRawPointer?
  let count: Int

  /// Maps the file at `path`; nil if it cannot be opened or mapped, or is empty.
  init?(path: String) {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_size > 0 else { return nil }
    count = Int(info.st_size)
    guard let mapped = mmap(nil, count, PROT_READ, MAP_PRIVATE, fd, 0), mapped != MAP_FAILED else { return nil }
    base = UnsafeRawPointer(mapped)
  }

  deinit {
    if let base { munmap(UnsafeMutableRawPointer(mutating: base), count) }
  }

  /// Calls `body` with the mapped bytes (valid only inside it).
  func withBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
    try body(UnsafeRawBufferPointer(start: base, count: count))
  }
}
