/// The last component of a path and the path without it, with the rules of Foundation's
/// `NSString.lastPathComponent` and `deletingLastPathComponent`: trailing slashes are ignored and
/// the root stays `/`.
public enum PathText {
  /// `a/b.html` → `b.html`, `a/b/` → `b`, `/` → `/`, `` → ``.
  public static func lastComponent(_ path: String) -> String {
    let trimmed = withoutTrailingSlashes(path)
    guard trimmed != "/", let slash = trimmed.lastIndex(of: "/") else { return trimmed }
    return String(trimmed[trimmed.index(after: slash)...])
  }

  /// `a/b.html` → `a`, `a//b` → `a`, `/a` → `/`, `b.html` → ``, `/` → `/`.
  public static func deletingLastComponent(_ path: String) -> String {
    let trimmed = withoutTrailingSlashes(path)
    if trimmed == "/" { return trimmed }
    guard let slash = trimmed.lastIndex(of: "/") else { return "" }
    let folder = withoutTrailingSlashes(String(trimmed[..<slash]))
    return folder.isEmpty ? "/" : folder
  }

  /// `path` without its trailing slashes, except that a path of slashes only becomes `/`.
  private static func withoutTrailingSlashes(_ path: String) -> String {
    var text = Substring(path)
    while text.count > 1, text.hasSuffix("/") { text.removeLast() }
    return String(text)
  }
}
