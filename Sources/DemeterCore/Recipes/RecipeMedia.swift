import DemeterFoundation

/// A photo or video of a recipe (`recipe media add`): a file kept beside the recipe in the journal,
/// `<journal>/recipes/media/ID/FILE` (`RecipeStore.mediaPath`), listed in the recipe file's
/// `"media"` in the order shown, with an optional caption; at most one, an image, is featured.
public struct RecipeMedia: Sendable, Hashable {
  /// The file's name in the recipe's media folder, a safe name (`isSafeName`).
  public var file: String
  /// What the photo or video shows, if said.
  public var caption: String?
  /// Whether it is the recipe's featured photo, shown first and large.
  public var featured: Bool

  public init(file: String, caption: String? = nil, featured: Bool = false) {
    self.file = file
    self.caption = caption
    self.featured = featured
  }

  /// What a media file is, as its name's extension says.
  public enum Kind: Sendable, Hashable {
    /// A photo, shown inline, of this MIME type.
    case image(mimeType: String)
    /// A video, linked.
    case video
  }

  /// The image extensions (lowercase) and their MIME types, declared once.
  public static let imageTypes: [(fileExtension: String, mimeType: String)] = [
    ("jpg", "image/jpeg"), ("jpeg", "image/jpeg"), ("png", "image/png"), ("gif", "image/gif"),
    ("webp", "image/webp"),
  ]
  /// The video extensions (lowercase).
  public static let videoExtensions = ["mp4", "webm", "mov", "m4v", "ogv"]

  /// Every extension a media file may have, for messages.
  public static var knownExtensions: [String] { imageTypes.map(\.fileExtension) + videoExtensions }

  /// The longest media file name, in bytes.
  public static let maximumNameLength = 100

  /// What this file is (a safe name always has a known extension; any other is taken as a video,
  /// which is only linked).
  public var kind: Kind { Self.kind(of: file) ?? .video }

  /// What the extension of `name` says it is; nil for an extension no media has.
  public static func kind(of name: String) -> Kind? {
    guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")) else { return nil }
    let fileExtension = String(name[name.utf8.index(after: dot)...]).lowercased()
    if let image = imageTypes.first(where: { $0.fileExtension == fileExtension }) {
      return .image(mimeType: image.mimeType)
    }
    return videoExtensions.contains(fileExtension) ? .video : nil
  }

  /// Whether `name` is a media file name that is safe on every system and stays in its folder:
  /// 1 to `maximumNameLength` bytes of `a`–`z`, `0`–`9`, `-`, `_` and `.`, not starting with `.` or
  /// `-`, with no `..`, ending in a known extension.
  public static func isSafeName(_ name: String) -> Bool {
    let bytes = Array(name.utf8)
    guard !bytes.isEmpty, bytes.count <= maximumNameLength, bytes[0] != dot, bytes[0] != hyphen,
      !name.contains(".."), kind(of: name) != nil
    else { return false }
    return bytes.allSatisfy(isNameByte)
  }

  /// A safe name made from the last component of `path`: lowercased, every run of other characters
  /// made one `-`, the dots and hyphens around the stem dropped (`media` when nothing is left), cut
  /// to `maximumNameLength` keeping the extension; nil when the name has no known extension.
  public static func safeName(from path: String) -> String? {
    let last = path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? ""
    var bytes: [UInt8] = []
    for byte in last.lowercased().utf8 {
      let kept = isNameByte(byte) ? byte : hyphen
      if kept == hyphen, bytes.last == hyphen { continue }
      if kept == dot, bytes.last == dot { continue }
      bytes.append(kept)
    }
    guard let lastDot = bytes.lastIndex(of: dot) else { return nil }
    let fileExtension = Array(bytes[lastDot...])
    var stem = Array(bytes[..<lastDot])
    while let first = stem.first, first == dot || first == hyphen { stem.removeFirst() }
    stem = Array(stem.prefix(maximumNameLength - fileExtension.count))
    while let last = stem.last, last == dot || last == hyphen { stem.removeLast() }
    if stem.isEmpty { stem = Array("media".utf8) }
    let name = String(decoding: stem + fileExtension, as: UTF8.self)
    return isSafeName(name) ? name : nil
  }

  /// `name`, or `STEM-2.EXT`, `STEM-3.EXT`, … : the first that is not in `taken`.
  public static func unique(_ name: String, among taken: Set<String>) -> String {
    guard taken.contains(name), let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")) else { return name }
    let stem = String(name[..<dot])
    let fileExtension = String(name[dot...])
    var number = 2
    while true {
      let suffix = "-\(number)"
      let kept = stem.utf8.prefix(maximumNameLength - fileExtension.utf8.count - suffix.utf8.count)
      let candidate = String(decoding: kept, as: UTF8.self) + suffix + fileExtension
      if !taken.contains(candidate) { return candidate }
      number += 1
    }
  }

  private static let dot = UInt8(ascii: ".")
  private static let hyphen = UInt8(ascii: "-")

  private static func isNameByte(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10 || byte == dot || byte == hyphen
      || byte == UInt8(ascii: "_")
  }
}
