import DemeterFoundation

extension FileSizeLimit {
  /// Throws when `bytes`, to be written to `path`, are over this limit: a writer never writes a file
  /// its reader would refuse.
  func requireWritable(_ bytes: [UInt8], to path: String) throws(ModelError) {
    guard bytes.count > self.bytes else { return }
    throw .validationError(
      "\(AtomicFileWriter.quoted(path)) would be \(bytes.count) bytes long, over the limit of "
        + "\(JSONLimits.describe(bytes: self.bytes)) for \(kind) that the tool reads; not written")
  }
}
