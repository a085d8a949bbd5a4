/// Names as people read them (top foods, queries): letter case and Unicode normalisation do not
/// count (`Fettuccine alfredo` = `fettuccine alfredo`, `café` in NFC = in NFD). A folded name is the
/// standard library's lowercase mapping, no locale; compared as `String`s (canonical equivalence).
package enum NameFolding {
  /// `name` lower-cased; a name with no upper-case ASCII letter and no other script is its own
  /// lower case, and is kept without making a new string.
  package static func folded(_ name: String) -> String {
    isFolded(name) ? name : name.lowercased()
  }

  /// Whether `name` is plain ASCII with no upper-case letter (its own folded form, and no other
  /// spelling is canonically equivalent to it).
  package static func isFolded(_ name: String) -> Bool {
    name.utf8.allSatisfy { $0 < 0x80 && !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
  }
}
