import DemeterFoundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The cache folder of a journal, `<journal>/.demeter/cache/` (`JournalLayout.cache`).
package enum CacheFolder {
  /// Creates the cache folder of `layout` if it is missing, with a `.gitignore` that keeps it out of
  /// a journal kept in git and a `CACHEDIR.TAG` that backup tools recognise; whether entries can be
  /// written.
  package static func prepare(_ layout: JournalLayout) -> Bool {
    let folder = layout.cache
    var info = stat()
    if stat(folder, &info) == 0 {
      return info.st_mode & S_IFMT == S_IFDIR && access(folder, W_OK) == 0
    }
    if JournalStateFolder.create(at: layout.stateFolder) != nil { return false }
    guard mkdir(folder, 0o755) == 0 else { return false }
    try? AtomicFileWriter.write(Array("*\n".utf8), to: folder + "/.gitignore", durable: false)
    try? AtomicFileWriter.write(
      Array(
        """
        Signature: 8a477f597d28d172789f06886806bc55
        # This file is a cache directory tag created by demeter-report (digests of day files).
        # For information about cache directory tags see https://bford.info/cachedir/

        """.utf8), to: folder + "/CACHEDIR.TAG", durable: false)
    return true
  }
}
