import DemeterFoundation
import DemeterJournal

/// A digest index being written (`DigestCache.write(files:produce:)`): each file's content handed
/// over in path order, then each month's, its blobs written at once.
package struct DigestIndexStream {
  private(set) var writer = DigestIndexWriter()
  var sink: AtomicFileWriter.Sink
  private let files: [DayFile]
  /// The key of each file this run read (`DigestCache.lookUp`).
  private let key: (String) -> DayFileCacheKey?

  init(sink: AtomicFileWriter.Sink, files: [DayFile], key: @escaping (String) -> DayFileCacheKey?) {
    self.sink = sink
    self.files = files
    self.key = key
  }

  /// How many files' contents were handed over.
  var fileCount: Int { writer.fileCount }

  /// Writes the next file's content. Throws if the file was not read from disk (it has no key) or a
  /// blob to copy is damaged.
  package mutating func add(_ content: DigestIndexWriter.FileContent) throws(OutputError) {
    let file = files[writer.fileCount]
    guard let key = key(file.path) else { throw OutputError("a day file has no key") }
    try writer.add(DigestIndexWriter.FileEntry(key: key, path: file.path, content: content), into: &sink)
  }

  /// Writes a month's detail and lines.
  package mutating func add(_ month: DigestIndexWriter.MonthEntry) throws(OutputError) {
    try writer.add(month, into: &sink)
  }

  mutating func finish(fingerprint: UInt64, folders: [FolderStamp], ending: DigestIndexWriter.Ending)
    throws(OutputError)
  {
    try writer.finish(into: &sink, fingerprint: fingerprint, folders: folders, ending: ending)
  }
}
