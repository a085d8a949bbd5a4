/// Bytes kept allocated while a table or an index that reads them in place is used (a cache file's
/// table, an index's names).
final class OwnedBytes: @unchecked Sendable {
  let buffer: UnsafeMutableBufferPointer<UInt8>

  init(_ bytes: some Collection<UInt8>) {
    buffer = .allocate(capacity: bytes.count)
    _ = buffer.initialize(fromContentsOf: bytes)
  }

  deinit { buffer.deallocate() }
}
