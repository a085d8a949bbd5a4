/// A word index over ingredients for ranked search (SPEC §3): the sorted vocabulary of their words in
/// search form (`IngredientWords`), which foods use each word, and each food's words with the part of
/// its name they are in. Built once: at build time for the built-in table (`IngredientTable`), on
/// load for a journal's own file. Flat arrays, so a search allocates little.
public struct IngredientIndex: Sendable {
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
    public var name: String
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

  /// The index of foods whose words (vocabulary numbers) are given.
  init(words: [[UInt8]], foods: [Food], tokens: [Token], tokenStart: [Int32]) {
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
    self.init(
      words: order.map { spelled[$0] },
      foods: ingredients.map {
        Food(id: $0.id, name: $0.name, category: $0.category, prior: IngredientRanking.prior(of: $0))
      }, tokens: tokens, tokenStart: tokenStart)
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
