#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension IngredientAlcohol {
  /// The alcohol of `builtIn` with the journal's ingredient file at `path` over it (an id of the file
  /// replaces the built-in food's), read on first use: a report whose day files all come from the
  /// digest cache reads neither. Its identity adds the file's size, modification time and inode (its
  /// bytes' hash too while a change could still hide behind an unchanged time, as for day files),
  /// so a change to the file is a change of the digest cache's fingerprint.
  public static func journal(file path: String, over builtIn: IngredientAlcohol) -> IngredientAlcohol {
    let stamp = FileStamp(path)
    return IngredientAlcohol(identity: builtIn.identity + "; " + stamp.text) {
      let load =
        stamp.bytes.map { IngredientDatabase.load(bytes: $0, path: path) }
        ?? IngredientDatabase.load(path: path)
      var alcohol = builtIn
      alcohol.update(with: load.database.ingredients)
      return alcohol
    }
  }

  /// What the journal's ingredient file is without reading it: its size, modification time, device
  /// and inode; for a file changed within `DayFileCacheKey.racyWindow` of now, also its bytes (read
  /// once, for the hash and for the load) and their hash.
  private struct FileStamp {
    var text: String
    var bytes: [UInt8]?

    init(_ path: String) {
      var info = stat()
      guard stat(path, &info) == 0 else {
        text = "no ingredient file"
        return
      }
      let status = FileStatus(info)
      text = "ingredient file \(status.size) \(status.modified) \(info.st_dev) \(info.st_ino)"
      guard FileStatus.now() &- status.modified < DayFileCacheKey.racyWindow,
        let bytes = try? FileBytes.read(path, limit: .ingredients)
      else { return }
      self.bytes = bytes
      text += " \(String(ContentHash.hash(bytes), radix: 16))"
    }
  }
}
