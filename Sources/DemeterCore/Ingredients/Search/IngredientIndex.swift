#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A word index over ingredients for ranked search (SPEC §3): the sorted vocabulary of their words in
/// search form (`IngredientWords`), which foods use each word, and each food's words with the part of
/// its name they are in. Built once: at build time for the built-in table (`IngredientTable`), on
/// load for a journal's own file. Flat arrays, so a search allocates little; the foods' names stay
/// bytes (a table's, read in place) until one is shown.
public struct IngredientIndex: @unchecked Sendable {
  /// One word of a food: `part` is the comma-separated part of the name it is in (0 for the leading
  /// part), or the alias's number for an alias word.
  struct Token: Sendable, Hashable {
    var word: Int32
    var part: UInt8
    var isAlias: Bool
  }

  /// What ranking needs of one food besides its words.
  public struct Food: Sendable, Hashable {
    public var id: String
    /// Where its name is in the index's `names` (`name(of:)`).
    var name: Range<Int>
    public var category: IngredientCategory
    /// The query-independent part of its rank (`IngredientRanking.prior`); smaller is better.
    public var prior: Int32
  }

  /// The vocabulary, sorted by bytes.
  private(set) var words: [[UInt8]]
  public private(set) var foods: [Food]
  /// The words of food `f` are `tokens[tokenStart[f]..<tokenStart[f + 1]]`.
  private(set) var tokens: [Token]
  private(set) var tokenStart: [Int32]
  /// The foods using word `w` are `postings[postingStart[w]..<postingStart[w + 1]]`, ascending.
  private var postings: [Int32] = []
  private var postingStart: [Int32] = []
  /// The bytes the foods' names are in.
  private let names: UnsafeBufferPointer<UInt8>
  /// What keeps `names` allocated (nil: static bytes, the embedded table's).
  private let owner: OwnedBytes?

  /// The index of foods whose words (vocabulary numbers) are given, whose names are in `names`.
  init(
    words: [[UInt8]], foods: [Food], tokens: [Token], tokenStart: [Int32], names: UnsafeBufferPointer<UInt8>,
    owner: OwnedBytes?
  ) {
    self.names = names
    self.owner = owner
    self.words = words
    self.foods = foods
    self.tokens = tokens
    self.tokenStart = tokenStart
    // Each food's words once: `lastFood[word]` is the last food a posting of the word was counted for.
    var counts = [Int32](repeating: 0, count: words.count + 1)
    var lastFood = [Int32](repeating: -1, count: words.count)
    for food in foods.indices {
      for token in tokens[Int(tokenStart[food])..<Int(tokenStart[food + 1])]
      where lastFood[Int(token.word)] != Int32(food) {
        lastFood[Int(token.word)] = Int32(food)
        counts[Int(token.word) + 1] += 1
      }
    }
    for word in words.indices { counts[word + 1] += counts[word] }
    var postings = [Int32](repeating: 0, count: Int(counts[words.count]))
    var next = counts
    for food in foods.indices {
      for token in tokens[Int(tokenStart[food])..<Int(tokenStart[food + 1])] {
        let word = Int(token.word)
        // A word this food has already posted ends its postings so far (foods go in order).
        guard next[word] == counts[word] || postings[Int(next[word]) - 1] != Int32(food) else { continue }
        postings[Int(next[word])] = Int32(food)
        next[word] += 1
      }
    }
    self.postingStart = counts
    self.postings = postings
  }

  /// The index of `ingredients`, in their order.
  public init(_ ingredients: [Ingredient]) {
    var numbers: [String: Int32] = [:]
    var spelled: [[UInt8]] = []
    var tokens: [Token] = []
    var tokenStart: [Int32] = [0]
    func add(_ word: String, part: Int, alias: Bool) {
      let number: Int32
      if let known = numbers[word] {
        number = known
      } else {
        number = Int32(spelled.count)
        numbers[word] = number
        spelled.append(Array(word.utf8))
      }
      tokens.append(Token(word: number, part: UInt8(min(part, 255)), isAlias: alias))
    }
    for ingredient in ingredients {
      for (part, text) in ingredient.name.split(separator: ",").enumerated() {
        for word in IngredientWords.words(of: text) { add(word, part: part, alias: false) }
      }
      for (number, alias) in ingredient.aliases.enumerated() {
        for word in IngredientWords.words(of: alias) { add(word, part: number, alias: true) }
      }
      tokenStart.append(Int32(tokens.count))
    }
    // Number the vocabulary in byte order, so that every index of the same foods is the same.
    let order = spelled.indices.sorted { spelled[$0].lexicographicallyPrecedes(spelled[$1]) }
    var renumbered = [Int32](repeating: 0, count: spelled.count)
    for (new, old) in order.enumerated() { renumbered[old] = Int32(new) }
    for index in tokens.indices { tokens[index].word = renumbered[Int(tokens[index].word)] }
    var names: [UInt8] = []
    var foods: [Food] = []
    foods.reserveCapacity(ingredients.count)
    for ingredient in ingredients {
      let start = names.count
      names += ingredient.name.utf8
      foods.append(
        Food(
          id: ingredient.id, name: start..<names.count, category: ingredient.category,
          prior: IngredientRanking.prior(of: ingredient)))
    }
    let owner = OwnedBytes(names)
    self.init(
      words: order.map { spelled[$0] }, foods: foods, tokens: tokens, tokenStart: tokenStart,
      names: UnsafeBufferPointer(owner.buffer), owner: owner)
  }

  /// The name of food `food`.
  public func name(of food: Int) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: names[foods[food].name]), as: UTF8.self)
  }

  /// Whether food `x`'s name sorts before food `y`'s of `other` as their `String`s do (by bytes when
  /// both are ASCII, where the two orders agree), and whether they are equal.
  func compareName(of x: Int, with y: Int, of other: IngredientIndex) -> (less: Bool, equal: Bool) {
    let a = UnsafeBufferPointer(rebasing: names[foods[x].name])
    let b = UnsafeBufferPointer(rebasing: other.names[other.foods[y].name])
    if a.allSatisfy({ $0 < 0x80 }), b.allSatisfy({ $0 < 0x80 }) {
      let shared = min(a.count, b.count)
      let order = shared == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, shared)
      return order != 0 ? (order < 0, false) : (a.count < b.count, a.count == b.count)
    }
    let (p, q) = (name(of: x), other.name(of: y))
    return (p < q, p == q)
  }

  /// Whether hit `x` of this index ranks before hit `y` of `other`: by cost, then name, then id; nil
  /// when all three are the same.
  func ranks(_ x: Hit, before y: Hit, of other: IngredientIndex) -> Bool? {
    if x.cost != y.cost { return x.cost < y.cost }
    let names = compareName(of: x.food, with: y.food, of: other)
    if !names.equal { return names.less }
    let (a, b) = (foods[x.food].id, other.foods[y.food].id)
    return a == b ? nil : a < b
  }

  /// The words of food `food`.
  func tokens(of food: Int) -> ArraySlice<Token> {
    tokens[Int(tokenStart[food])..<Int(tokenStart[food + 1])]
  }

  /// The vocabulary number of `word`, if it is in the vocabulary.
  func number(of word: [UInt8]) -> Int32? {
    var low = 0
    var high = words.count
    while low < high {
      let middle = (low + high) / 2
      if words[middle].lexicographicallyPrecedes(word) { low = middle + 1 } else { high = middle }
    }
    return low < words.count && words[low] == word ? Int32(low) : nil
  }

  /// The foods using word `word`.
  func foods(using word: Int) -> ArraySlice<Int32> {
    postings[Int(postingStart[word])..<Int(postingStart[word + 1])]
  }
}
