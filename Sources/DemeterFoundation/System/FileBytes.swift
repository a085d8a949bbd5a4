#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads whole files into memory with plain POSIX calls (no Foundation bridging, few copies).
public enum FileBytes {
  /// Why a file could not be read.
  public struct ReadError: Error, Sendable, Hashable {
    public var message: String
  }

  /// The bytes of the file at `path`, refused if it is longer than `limit`.
  /// A file that grows or shrinks while being read is reported, not half-read silently.
  /// Anything but a regular file (a folder, a named pipe, a device) is refused without blocking:
  /// the file is opened non-blocking, since opening a named pipe for reading otherwise waits for a writer.
  public static func read(_ path: String, limit: FileSizeLimit) throws(ReadError) -> [UInt8] {
    try readWithStatus(path, limit: limit).bytes
  }

  /// The bytes of the file at `path` (refused if it is longer than `limit`), and its size and
  /// modification time as `fstat` gave them just before the bytes were read (the parse cache keys on them).
  public static func readWithStatus(_ path: String, limit: FileSizeLimit) throws(ReadError)
    -> (bytes: [UInt8], status: FileStatus)
  {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
    guard descriptor >= 0 else { throw ReadError(message: "cannot open file: \(errnoText())") }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw ReadError(message: "cannot read file: \(errnoText())") }
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw ReadError(message: "\(fileKind(of: info.st_mode)), not a regular file; not read")
    }
    let expected = Int(info.st_size)
    guard expected <= limit.bytes else { throw ReadError(message: limit.refusal(size: expected)) }
    var failure: ReadError?
    // Read straight into uninitialised storage (no zero-filling first); on failure the array
    // keeps only what was read, and is dropped.
    let bytes = [UInt8](unsafeUninitializedCapacity: expected) { buffer, initialized in
      while initialized < expected {
        let got = systemRead(descriptor, buffer.baseAddress! + initialized, expected - initialized)
        if got < 0 {
          if errno == EINTR { continue }
          failure = ReadError(message: "cannot read file: \(errnoText())")
          return
        }
        if got == 0 {
          failure = ReadError(message: "file shrank while it was read; try again")
          return
        }
        initialized += got
      }
    }
    if let failure { throw failure }
    var probe: UInt8 = 0
    if systemRead(descriptor, &probe, 1) > 0 {
      throw ReadError(message: "file grew while it was read; try again")
    }
    return (bytes, FileStatus(info))
  }

  /// Every byte `descriptor` gives up to its end, for inputs whose size is not known before they
  /// are read (standard input, `/proc`), named `input` in messages. Read in pieces of 64 KiB into
  /// storage that grows with what arrived, refused as soon as there are more than `limit` bytes, so
  /// an endless input (`/dev/zero`) costs at most about 1.5 × the limit.
  static func readToEnd(descriptor: Int32, limit: FileSizeLimit, input: String) throws(ReadError) -> [UInt8] {
    var bytes: [UInt8] = []
    var piece = [UInt8](repeating: 0, count: 65_536)
    while true {
      // One byte past the limit is asked for, to tell an input of exactly the limit from a longer one.
      let wanted = min(piece.count, limit.bytes + 1 - bytes.count)
      let count = piece.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress!, wanted) }
      if count > 0 {
        guard bytes.count + count <= limit.bytes else { throw ReadError(message: limit.refusal(of: input)) }
        if bytes.count + count > bytes.capacity {
          bytes.reserveCapacity(min(max(bytes.capacity * 2, bytes.count + count), limit.bytes))
        }
        bytes.append(contentsOf: piece[0..<count])
      } else if count == 0 {
        return bytes
      } else if errno != EINTR {
        throw ReadError(message: "cannot read \(input): \(errnoText())")
      }
    }
  }
}

/// What a file that is not a regular one is, for messages: "a folder", "a named pipe"….
func fileKind(of mode: mode_t) -> String {
  switch mode & S_IFMT {
  case S_IFDIR: return "a folder"
  case S_IFIFO: return "a named pipe (FIFO)"
  case S_IFCHR: return "a character device"
  case S_IFBLK: return "a block device"
  case S_IFSOCK: return "a socket"
  default: return "a special file"
  }
}

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}

extension FileBytes {
  /// Whether anything exists at `path` (following symbolic links).
  public static func exists(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0
  }
}
