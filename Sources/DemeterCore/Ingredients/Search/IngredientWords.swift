import DemeterFoundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The words ingredient search compares: folded (case, accents), split on everything but letters and
/// digits, with plurals and spelling variants brought to one form, so `Eggs`, `egg` and `EGG` are one
/// word and so are `yoghurt` and `yogurt` (manual: journal search).
public enum IngredientWords {
  /// Spellings of one word, mapped to the form the USDA table uses.
  static let variants: [String: String] = [
    "yoghurt": "yogurt", "yoghourt": "yogurt", "chilli": "chili", "chile": "chili", "whisky": "whiskey",
    "doughnut": "donut", "catsup": "ketchup", "flavour": "flavor", "flavoured": "flavored",
    "colour": "color", "aubergine": "eggplant", "courgette": "zucchini", "porridge": "oatmeal",
  ]

  /// The words of `text` in search form.
  public static func words(of text: some StringProtocol) -> [String] {
    SearchFolding.folded(text).split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map {
      normalized(String($0))
    }
  }

  /// One folded word in search form: its spelling variant's form, then singular (`berries` →
  /// `berry`, `tomatoes` → `tomato`, `peaches` → `peach`, `eggs` → `egg`; `glass` and `hummus` stay).
  static func normalized(_ word: String) -> String {
    let word = variants[word] ?? word
    let bytes = Array(word.utf8)
    let count = bytes.count
    func endsWith(_ suffix: String) -> Bool { word.hasSuffix(suffix) }
    var singular = word
    if count > 4, endsWith("ies") {
      singular = String(word.dropLast(3)) + "y"
    } else if count > 4,
      endsWith("oes") || endsWith("ches") || endsWith("shes") || endsWith("sses")
        || endsWith("xes")
    {
      singular = String(word.dropLast(2))
    } else if count > 3, endsWith("s"), !endsWith("ss"), !endsWith("us"), !endsWith("is") {
      singular = String(word.dropLast())
    }
    return variants[singular] ?? singular
  }

  /// How a query word matches a word of a name; smaller is better.
  public enum Match: Int8, Sendable, Comparable {
    /// The same word (`egg` and `eggs`).
    case whole
    /// The word starts with the query word (`chick` finds `chicken`).
    case prefix
    /// One letter wrong, missing, extra or two swapped (`chiken` finds `chicken`); query words of 4+
    /// letters.
    case typo
    /// The query word is inside the word (`milk` finds `buttermilk`); query words of 3+ letters.
    case substring

    public static func < (lhs: Match, rhs: Match) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// How `query` matches `word` (both in search form), or nil.
  /// (By `memcmp`, after a look at lengths and first bytes: a search compares each query word with
  /// the whole vocabulary.)
  static func match(_ query: UnsafeBufferPointer<UInt8>, _ word: UnsafeBufferPointer<UInt8>) -> Match? {
    guard let q = query.baseAddress, let w = word.baseAddress else {
      return query.count == word.count ? .whole : nil
    }
    let longer = word.count - query.count
    if longer == 0, memcmp(q, w, query.count) == 0 { return .whole }
    if query.count >= 2, longer > 0, w[0] == q[0], memcmp(q, w, query.count) == 0 { return .prefix }
    if query.count >= 4, -1...1 ~= longer, isOneEditApart(query, word) { return .typo }
    if query.count >= 3, longer > 0,
      (1...longer).contains(where: { w[$0] == q[0] && memcmp(q, w + $0, query.count) == 0 })
    {
      return .substring
    }
    return nil
  }

  /// Whether `a` and `b` differ by one substitution, insertion, deletion or swap of neighbours.
  static func isOneEditApart(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    let (short, long) = a.count <= b.count ? (a, b) : (b, a)
    guard long.count - short.count <= 1, let s = short.baseAddress, let l = long.baseAddress else {
      return false
    }
    /// Whether `count` bytes from `i` of `short` equal those from `j` of `long`.
    func same(_ i: Int, _ j: Int, _ count: Int) -> Bool { count <= 0 || memcmp(s + i, l + j, count) == 0 }
    var first = 0
    while first < short.count, s[first] == l[first] { first += 1 }
    if short.count == long.count {
      guard first < short.count else { return false }
      if same(first + 1, first + 1, short.count - first - 1) { return true }
      return first + 1 < short.count && s[first] == l[first + 1] && s[first + 1] == l[first]
        && same(first + 2, first + 2, short.count - first - 2)
    }
    return same(first, first + 1, short.count - first)
  }
}
