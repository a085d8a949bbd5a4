/// Case- and diacritic-insensitive text for ingredient search (`jalapeño` finds `JALAPENO`), the
/// same as Foundation's `folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)`
/// (CoreFoundation's `CFStringFold`) for the text people type, independent of the machine's locale.
///
/// The text is read as clusters: a base scalar and the marks after it (Grapheme_Extend, and emoji
/// skin tone modifiers); a mark at the very start of the text is a base.
/// - A precomposed Latin, Greek or Cyrillic letter becomes its base letter (`é` → `e`, `ǖ` → `u`,
///   `ᾀ` → `α`, `й` → `и`); letters that do not decompose stay (`ø`, `æ`, `œ`, `ł`, `đ`).
/// - The base is case-folded: its lowercase mapping, then full case folding where that differs
///   (`ß` → `ss`, `ﬁ` → `fi`, `ς` → `σ`), while the Turkish dotless `ı` stays.
/// - After a Latin, Greek or Cyrillic base (below U+0510 once folded) every mark is dropped. After
///   any other base (Devanagari, Hebrew, Hangul …) the marks stay, decomposed and sorted by
///   combining class, except a first mark up to U+050F (a Latin/Greek/Cyrillic accent) right after
///   a base that folding left unchanged: so `नमस्ते` keeps its vowel signs and `한́` loses the accent.
///
/// Where Foundation's Unicode tables are older than the standard library's (scripts and letters
/// added since Unicode 15), the two may differ.
public enum SearchFolding {
  /// The folded form of `text`.
  /// - Complexity: O(n) in the number of scalars.
  public static func folded(_ text: some StringProtocol) -> String {
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
    let scalars = Array(text.unicodeScalars)
    var result = String.UnicodeScalarView()
    var index = 0
    while index < scalars.count {
      let (base, changed) = foldedBase(scalars[index])
      let keepsMarks = (base.last ?? scalars[index]).value >= 0x510
      index += 1
      var marks: [Unicode.Scalar] = []
      var isFirstMark = true
      while index < scalars.count, isMark(scalars[index]) {
        let mark = scalars[index]
        index += 1
        defer { isFirstMark = false }
        guard keepsMarks, !(isFirstMark && !changed && mark.value <= 0x50F) else { continue }
        marks.append(contentsOf: decomposed(mark))
      }
      result.append(contentsOf: marks.isEmpty ? base : ordered(base + marks))
    }
    return String(result)
  }

  /// The folded scalars of a cluster's base, and whether folding changed it.
  static func foldedBase(_ scalar: Unicode.Scalar) -> (scalars: [Unicode.Scalar], changed: Bool) {
    if scalar.isASCII {
      let lower = ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32)! : scalar
      return ([lower], lower != scalar)
    }
    let letter = precomposedBase(of: scalar) ?? scalar
    let folded = caseFolded(letter)
    if folded == [letter] { return ([letter], letter != scalar) }
    // Folding a Latin, Greek or Cyrillic letter drops the marks it would add (`ǰ`, `İ`).
    return (folded.filter { letter.value >= 0x510 || !isMark($0) }, true)
  }

  /// Whether `scalar` is a mark that goes with the base before it.
  static func isMark(_ scalar: Unicode.Scalar) -> Bool {
    !scalar.isASCII && (scalar.properties.isGraphemeExtend || scalar.properties.isEmojiModifier)
  }

  /// The scalars `scalar` case-folds to.
  static func caseFolded(_ scalar: Unicode.Scalar) -> [Unicode.Scalar] {
    var scalars: [Unicode.Scalar] = []
    for lower in scalar.properties.lowercaseMapping.unicodeScalars {
      if lower.properties.changesWhenCaseFolded {
        scalars.append(contentsOf: lower.properties.uppercaseMapping.lowercased().unicodeScalars)
      } else {
        scalars.append(lower)
      }
    }
    return scalars
  }

  /// `mark` as its canonical decomposition (`U+0344` → `U+0308 U+0301`).
  static func decomposed(_ mark: Unicode.Scalar) -> [Unicode.Scalar] {
    guard let parts = markDecompositions[mark.value] else { return [mark] }
    return parts.map { Unicode.Scalar($0)! }
  }

  /// `cluster` sorted by canonical combining class, as CoreFoundation orders a folded cluster: a
  /// stable sort in which class 0 sorts first (the base stays in front).
  package static func ordered(_ cluster: [Unicode.Scalar]) -> [Unicode.Scalar] {
    cluster.enumerated().sorted {
      ($0.element.properties.canonicalCombiningClass.rawValue, $0.offset)
        < ($1.element.properties.canonicalCombiningClass.rawValue, $1.offset)
    }.map(\.element)
  }

  /// The letter a precomposed letter stands on (`é` → `e`), or nil when `scalar` is not one whose
  /// marks folding strips (see `precomposedBases`).
  /// - Complexity: O(log n) in the size of the table.
  static func precomposedBase(of scalar: Unicode.Scalar) -> Unicode.Scalar? {
    let value = scalar.value
    guard (0xC0..<0x500).contains(value) || (0x1E00..<0x2300).contains(value) else { return nil }
    var low = 0
    var high = precomposedBases.count
    while low < high {
      let middle = (low + high) / 2
      let key = precomposedBases[middle] >> 16
      if key == value { return Unicode.Scalar(precomposedBases[middle] & 0xFFFF) }
      if key < value { low = middle + 1 } else { high = middle }
    }
    return nil
  }
}
