#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A temporary file without a name (made in a folder and unlinked at once, so whatever ends the
/// process leaves nothing behind) that bytes are appended to and read back by place: what a large
/// import keeps on disk instead of in memory (manual: importing). Appends are buffered.
package final class SpillFile {
  private let descriptor: Int32
  private var pending: [UInt8] = []
  /// How many bytes are in the file itself (the rest are pending).
  private var written = 0
  /// Pending bytes are written once there are this many.
  static let bufferBytes = 1 << 20

  /// A new empty file in `folder`.
  /// - Throws: when the file cannot be made.
  package init(folder: String) throws(OutputError) {
    var template = Array((folder + "/.spill-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else {
      throw OutputError("cannot make a temporary file in \(AtomicFileWriter.quoted(folder)): \(errnoText())")
    }
    _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
    self.descriptor = descriptor
    pending.reserveCapacity(Self.bufferBytes)
  }

  deinit {
    close(descriptor)
  }

  /// How many bytes were appended.
  package var count: Int { written + pending.count }

  /// Appends `bytes` and returns the offset they start at.
  /// - Throws: when the file cannot be written (a full disk).
  package func append(_ bytes: some Collection<UInt8>) throws(OutputError) -> Int {
    let offset = count
    pending.append(contentsOf: bytes)
    if pending.count >= Self.bufferBytes { try flush() }
    return offset
  }

  /// The `length` bytes appended at `offset`.
  /// - Throws: when they cannot be read back.
  package func bytes(at offset: Int, length: Int) throws(OutputError) -> [UInt8] {
    precondition(offset >= 0 && length >= 0 && offset + length <= count, "a spilled part out of range")
    if offset + length > written { try flush() }
    var failure: Int32?
    guard let bytes = systemReadAll(descriptor, length: length, at: offset, failure: &failure) else {
      throw OutputError("cannot read back a temporary file: \(errnoText(failure ?? EIO))")
    }
    return bytes
  }

  /// Writes the pending bytes.
  private func flush() throws(OutputError) {
    var failure: Int32?
    pending.withUnsafeBytes { raw in
      var done = 0
      while done < raw.count {
        let wrote = pwrite(descriptor, raw.baseAddress! + done, raw.count - done, off_t(written + done))
        if wrote < 0, errno == EINTR { continue }
        guard wrote > 0 else {
          failure = wrote < 0 ? errno : EIO
          return
        }
        done += wrote
      }
    }
    if let failure { throw OutputError("cannot write a temporary file: \(errnoText(failure))") }
    written += pending.count
    pending.removeAll(keepingCapacity: true)
  }
}
