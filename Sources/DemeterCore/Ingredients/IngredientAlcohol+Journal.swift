import DemeterFoundation
import DemeterJournal

extension IngredientAlcohol {
  /// The alcohol of `builtIn` with the journal's ingredient file at `path` over it (an id of the file
  /// replaces the built-in food's), read on first use: a report whose day files all come from the
  /// digest cache reads neither. Its identity adds the file's size, modification time and inode (its
  /// bytes' hash too while a change could still hide behind an unchanged time, as for day files),
  /// so a change to the file is a change of the digest cache's fingerprint.
  public static func journal(file path: String, over builtIn: IngredientAlcohol) -> IngredientAlcohol {
    let stamp = IngredientFileIdentity(path)
    return IngredientAlcohol(identity: builtIn.identity + "; " + stamp.text) {
      let bytes = stamp.bytes ?? (try? FileBytes.read(path, limit: .ingredients)) ?? []
      return builtIn.updated(withLines: bytes, path: path)
    }
  }

  /// These shares with the ingredient lines of `bytes` over them, as `update(with:)` would give for
  /// the file's ingredients, decoding only the lines that can change a share: first those that are
  /// not plain (`PlainIngredientLine`), for their ids; then those and the plain lines whose id has a
  /// share or is one of theirs. A journal's own table of foods without alcohol is thus scanned, not
  /// decoded.
  func updated(withLines bytes: [UInt8], path: String) -> IngredientAlcohol {
    let unsure = IngredientDatabase.load(bytes: bytes, path: path) { PlainIngredientLine($0) == nil }
    let ids = Set(shares.keys).union(unsure.database.ingredients.lazy.map(\.id))
    let load = IngredientDatabase.load(bytes: bytes, path: path) { line in
      PlainIngredientLine(line).map { ids.contains($0.id) } ?? true
    }
    var alcohol = self
    alcohol.update(with: load.database.ingredients)
    return alcohol
  }

  /// An ingredient line that cannot give alcohol and whose id, if it is valid, is known without
  /// parsing it: it starts `{"id":"` with a plain id (printable ASCII without quotes, backslashes or
  /// spaces, so trimming and unescaping leave it as it is; the strict parser refuses a second
  /// `"id"`), and has no backslash and no `alcohol_g` anywhere (no escaped key can hide one).
  private struct PlainIngredientLine {
    static let start = Array(#"{"id":""#.utf8)
    static let alcoholKey = Array(IngredientAlcohol.micronutrient.utf8)

    var id: String

    init?(_ line: UnsafeBufferPointer<UInt8>) {
      guard line.starts(with: Self.start) else { return nil }
      var end = Self.start.count
      while end < line.count, line[end] > 0x20, line[end] < 0x7F, line[end] != UInt8(ascii: "\""),
        line[end] != UInt8(ascii: "\\")
      {
        end += 1
      }
      guard end > Self.start.count, end < line.count, line[end] == UInt8(ascii: "\""),
        line.firstIndex(of: UInt8(ascii: "\\"), from: 0) == nil,
        !Self.mentionsAlcohol(line)
      else { return nil }
      id = String(decoding: UnsafeBufferPointer(rebasing: line[Self.start.count..<end]), as: UTF8.self)
    }

    /// Whether the key occurs in `line`: each of its first byte found by `memchr`, then the rest
    /// compared.
    private static func mentionsAlcohol(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
      let key = alcoholKey
      guard line.count >= key.count else { return false }
      var start = 0
      while let found = line.firstIndex(of: key[0], from: start, before: line.count - key.count + 1) {
        if line[found..<(found + key.count)].elementsEqual(key) { return true }
        start = found + 1
      }
      return false
    }
  }

  /// What the journal's ingredient file is without reading it (`FileStamp`); for a file changed
  /// within `FileStatus.racyWindow` of now, also its bytes (read once, for the hash and for the
  /// load) and their hash.
  private struct IngredientFileIdentity {
    var text: String
    var bytes: [UInt8]?

    init(_ path: String) {
      guard let stamp = FileStamp(path: path) else {
        text = "no ingredient file"
        return
      }
      text = "ingredient file " + stamp.text
      guard stamp.isRacy, let bytes = try? FileBytes.read(path, limit: .ingredients) else { return }
      self.bytes = bytes
      text += " \(String(ContentHash.hash(bytes), radix: 16))"
    }
  }
}
