import DemeterJournal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A word index over ingredients for ranked search (manual: journal): the sorted vocabulary of their words in
/// search form (`IngredientWords`), which foods use each word, and each food's words with the part of
/// its name they are in. Built once (at build time for the built-in table, on a cache miss for a
/// journal's own file) into one `PackedBlock`, which a table keeps as it is (`IngredientTable`) and
/// which is read in place: opening an index decodes nothing, and a search decodes only the numbers
/// and names it looks at.
///
/// The block's sections: where each text starts in the block's text (the vocabulary's words, then
/// the foods' ids, then their names, and where the last ends), each food's category (its position in
/// `IngredientCategory.allCases`) and rank prior (zigzag: `2p` for `p >= 0`, `-2p - 1` below), where
/// each food's words start in the tokens and where the last ends, the tokens (`word · 512 + alias ·
/// 256 + part`), where each word's foods start in the postings and where the last ends, and the
/// postings (foods, ascending for each word).
public struct IngredientIndex: @unchecked Sendable {
  /// One word of a food: `part` is the comma-separated part of the name it is in (0 for the leading
  /// part; a leading part naming a group of foods is `IngredientRanking.groupPart` and the next part
  /// leads), or the alias's number for an alias word.
  struct Token: Sendable, Hashable {
    var word: Int32
    var part: UInt8
    var isAlias: Bool

    /// The token's number in the block.
    var packed: Int { Int(word) << 9 | (isAlias ? 256 : 0) | Int(part) }

    init(word: Int32, part: UInt8, isAlias: Bool) {
      self.word = word
      self.part = part
      self.isAlias = isAlias
    }

    init(packed: Int) {
      self.init(
        word: Int32(truncatingIfNeeded: packed >> 9), part: UInt8(truncatingIfNeeded: packed),
        isAlias: packed & 256 != 0)
    }
  }

  /// What ranking needs of one food besides its words.
  public struct Food: Sendable, Hashable {
    public var id: String
    /// Where its name is in the index's text (`name(of:)`).
    var name: Range<Int>
    public var category: IngredientCategory
    /// The query-independent part of its rank (`IngredientRanking.prior`); smaller is better.
    public var prior: Int32
  }

  /// The foods, in the index's order, decoded when read.
  public struct Foods: RandomAccessCollection, Sendable {
    let index: IngredientIndex
    public var startIndex: Int { 0 }
    public var endIndex: Int { index.foodCount }
    public subscript(food: Int) -> Food {
      Food(
        id: index.id(of: food), name: index.nameRange(of: food), category: index.category(of: food),
        prior: index.prior(of: food))
    }
  }

  /// The words of one food, decoded when read.
  struct Tokens: RandomAccessCollection, Sendable {
    let numbers: PackedNumbers
    var startIndex: Int { 0 }
    var endIndex: Int { numbers.count }
    subscript(position: Int) -> Token { Token(packed: numbers[position]) }
  }

  static let sectionCount = 7
  private static let categories = IngredientCategory.allCases

  /// The block the index reads: its bytes, kept allocated by `owner` (nil: static bytes, the
  /// embedded table's).
  let bytes: UnsafeBufferPointer<UInt8>
  private let owner: OwnedBytes?
  private let strings: UnsafeBufferPointer<UInt8>
  private let textStart: PackedNumbers
  private let categoryNumbers: PackedNumbers
  private let priors: PackedNumbers
  private let tokenStart: PackedNumbers
  private let tokens: PackedNumbers
  private let postingStart: PackedNumbers
  private let postings: PackedNumbers
  /// How many words the vocabulary has.
  let wordCount: Int
  /// How many foods the index has.
  public let foodCount: Int

  /// Opens the index block in `bytes` (kept allocated by `owner`; nil when they are static); unless
  /// `trusted` (the embedded table's, checked when the build wrote it), every number is checked to
  /// lie where it must, so a damaged block is refused, never read out of bounds.
  init?(block bytes: UnsafeBufferPointer<UInt8>, owner: OwnedBytes?, trusted: Bool) {
    guard let block = PackedBlock(bytes, sectionCount: Self.sectionCount, trusted: trusted) else {
      return nil
    }
    let sections = block.sections
    self.bytes = bytes
    self.owner = owner
    strings = block.text
    textStart = sections[0]
    categoryNumbers = sections[1]
    priors = sections[2]
    tokenStart = sections[3]
    tokens = sections[4]
    postingStart = sections[5]
    postings = sections[6]
    foodCount = categoryNumbers.count
    wordCount = postingStart.count - 1
    guard wordCount >= 0, textStart.count == wordCount + 2 * foodCount + 1, priors.count == foodCount,
      tokenStart.count == foodCount + 1
    else { return nil }
    if !trusted {
      guard textStart.isAscending(upTo: strings.count), textStart.last == strings.count,
        tokenStart.isAscending(upTo: tokens.count), tokenStart.last == tokens.count,
        postingStart.isAscending(upTo: postings.count), postingStart.last == postings.count,
        categoryNumbers.allSatisfy({ $0 < Self.categories.count }),
        tokens.allSatisfy({ $0 >> 9 < wordCount }), postings.allSatisfy({ $0 < foodCount })
      else { return nil }
    }
  }

  /// The index of `ingredients`, in their order.
  public init(_ ingredients: [Ingredient]) {
    let owner = OwnedBytes(Self.block(of: ingredients))
    // Written just now, from numbers that fit.
    self.init(block: UnsafeBufferPointer(owner.buffer), owner: owner, trusted: true)!
  }

  /// The index block of `ingredients`, in their order.
  static func block(of ingredients: [Ingredient]) -> [UInt8] {
    var numbers: [String: Int] = [:]
    var spelled: [[UInt8]] = []
    var tokens: [Token] = []
    var tokenStart: [Int] = [0]
    func add(_ word: String, part: Int, alias: Bool) {
      let number: Int
      if let known = numbers[word] {
        number = known
      } else {
        number = spelled.count
        numbers[word] = number
        spelled.append(Array(word.utf8))
      }
      tokens.append(Token(word: Int32(number), part: UInt8(min(part, 255)), isAlias: alias))
    }
    for ingredient in ingredients {
      let parts = ingredient.name.split(separator: ",")
      let grouped = IngredientRanking.leadsWithGroup(parts)
      for (part, text) in parts.enumerated() {
        let number = grouped ? (part == 0 ? Int(IngredientRanking.groupPart) : part - 1) : part
        for word in IngredientWords.words(of: text) { add(word, part: number, alias: false) }
      }
      for (number, alias) in ingredient.aliases.enumerated() {
        for word in IngredientWords.words(of: alias) { add(word, part: number, alias: true) }
      }
      tokenStart.append(tokens.count)
    }
    // Number the vocabulary in byte order, so that every index of the same foods is the same.
    let order = spelled.indices.sorted { spelled[$0].lexicographicallyPrecedes(spelled[$1]) }
    var renumbered = [Int32](repeating: 0, count: spelled.count)
    for (new, old) in order.enumerated() { renumbered[old] = Int32(new) }
    for index in tokens.indices { tokens[index].word = renumbered[Int(tokens[index].word)] }
    // Each food's words once, in food order: `lastFood[word]` is the last food posted for the word.
    var postingCounts = [Int](repeating: 0, count: spelled.count + 1)
    var lastFood = [Int](repeating: -1, count: spelled.count)
    for food in ingredients.indices {
      for token in tokens[tokenStart[food]..<tokenStart[food + 1]] where lastFood[Int(token.word)] != food {
        lastFood[Int(token.word)] = food
        postingCounts[Int(token.word) + 1] += 1
      }
    }
    for word in spelled.indices { postingCounts[word + 1] += postingCounts[word] }
    var postings = [Int](repeating: 0, count: postingCounts[spelled.count])
    var next = postingCounts
    lastFood = [Int](repeating: -1, count: spelled.count)
    for food in ingredients.indices {
      for token in tokens[tokenStart[food]..<tokenStart[food + 1]] where lastFood[Int(token.word)] != food {
        lastFood[Int(token.word)] = food
        postings[next[Int(token.word)]] = food
        next[Int(token.word)] += 1
      }
    }
    var text: [UInt8] = []
    var textStart: [Int] = []
    for word in order.map({ spelled[$0] }) + ingredients.map({ Array($0.id.utf8) })
      + ingredients.map({ Array($0.name.utf8) })
    {
      textStart.append(text.count)
      text += word
    }
    textStart.append(text.count)
    let priors = ingredients.map { ingredient in
      let prior = Int(IngredientRanking.prior(of: ingredient))
      return prior >= 0 ? 2 * prior : -2 * prior - 1
    }
    let categories = ingredients.map { ingredient in Self.categories.firstIndex(of: ingredient.category)! }
    return PackedBlock.encode(
      [textStart, categories, priors, tokenStart, tokens.map(\.packed), postingCounts, postings], text: text)
  }

  /// The foods, in the index's order.
  public var foods: Foods { Foods(index: self) }

  /// The text at `number` of the block's text (a word, an id or a name).
  private func text(_ number: Int) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(rebasing: strings[textStart[number]..<textStart[number + 1]])
  }

  /// Word `word` of the vocabulary.
  func word(_ word: Int) -> UnsafeBufferPointer<UInt8> { text(word) }

  /// Calls `body` with each word of the vocabulary and its number, in order.
  func forEachWord(_ body: (Int, UnsafeBufferPointer<UInt8>) -> Void) {
    var start = textStart[0]
    for word in 0..<wordCount {
      let end = textStart[word + 1]
      body(word, UnsafeBufferPointer(rebasing: strings[start..<end]))
      start = end
    }
  }

  /// The id of food `food`.
  public func id(of food: Int) -> String { String(decoding: text(wordCount + food), as: UTF8.self) }

  /// The id of food `food`, as bytes.
  func idBytes(of food: Int) -> UnsafeBufferPointer<UInt8> { text(wordCount + food) }

  private func nameRange(of food: Int) -> Range<Int> {
    textStart[wordCount + foodCount + food]..<textStart[wordCount + foodCount + food + 1]
  }

  /// The name of food `food`.
  public func name(of food: Int) -> String {
    String(decoding: text(wordCount + foodCount + food), as: UTF8.self)
  }

  /// The category of food `food`.
  func category(of food: Int) -> IngredientCategory { Self.categories[categoryNumbers[food]] }

  /// The rank prior of food `food`.
  func prior(of food: Int) -> Int32 {
    let zigzag = priors[food]
    return Int32(truncatingIfNeeded: zigzag & 1 == 0 ? zigzag >> 1 : -(zigzag >> 1) - 1)
  }

  /// Whether food `x`'s name sorts before food `y`'s of `other` as their `String`s do (by bytes when
  /// both are ASCII, where the two orders agree), and whether they are equal.
  func compareName(of x: Int, with y: Int, of other: IngredientIndex) -> (less: Bool, equal: Bool) {
    let a = text(wordCount + foodCount + x)
    let b = other.text(other.wordCount + other.foodCount + y)
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
    let (a, b) = (id(of: x.food), other.id(of: y.food))
    return a == b ? nil : a < b
  }

  /// The words of food `food`.
  func tokens(of food: Int) -> Tokens {
    Tokens(numbers: tokens.slice(tokenStart[food]..<tokenStart[food + 1]))
  }

  /// The vocabulary number of `word`, if it is in the vocabulary.
  func number(of word: [UInt8]) -> Int32? {
    var low = 0
    var high = wordCount
    while low < high {
      let middle = (low + high) / 2
      if self.word(middle).lexicographicallyPrecedes(word) { low = middle + 1 } else { high = middle }
    }
    return low < wordCount && self.word(low).elementsEqual(word) ? Int32(low) : nil
  }

  /// The position of the food whose id is `id`, when the foods are in id order (a table's).
  func position(ofID id: [UInt8]) -> Int? {
    var low = 0
    var high = foodCount
    while low < high {
      let middle = (low + high) / 2
      if idBytes(of: middle).lexicographicallyPrecedes(id) { low = middle + 1 } else { high = middle }
    }
    return low < foodCount && idBytes(of: low).elementsEqual(id) ? low : nil
  }

  /// The foods using word `word`, ascending.
  func foods(using word: Int) -> PackedNumbers {
    postings.slice(postingStart[word]..<postingStart[word + 1])
  }
}
