import DemeterFoundation

/// Whether a write stays inside its journal: a folder of a journal you were given may be a symbolic
/// link to anywhere on this machine, and a day file found through it is not rewritten there.
package enum JournalBounds {
  /// Throws when the folder that would hold `path` (its nearest existing folder, links followed)
  /// is not `journal` or inside it; the message ends with `refusal` (what was not done).
  package static func check(_ path: String, journal: String, refusal: String = "not written") throws(ModelError) {
    guard let root = FileStatus.realPath(journal) else { return }
    var folder = PathText.deletingLastComponent(path)
    if folder.isEmpty { folder = "." }
    var resolved = FileStatus.realPath(folder)
    while resolved == nil, folder != "/", folder != "." {
      folder = PathText.deletingLastComponent(folder)
      if folder.isEmpty { folder = "." }
      resolved = FileStatus.realPath(folder)
    }
    guard let resolved, resolved != root, !resolved.hasPrefix(root == "/" ? "/" : root + "/") else { return }
    throw .persistenceError(
      "\(AtomicFileWriter.quoted(path)) is outside the journal (a folder on the way is a symbolic link to "
        + "\(AtomicFileWriter.quoted(resolved))); \(refusal)")
  }
}
