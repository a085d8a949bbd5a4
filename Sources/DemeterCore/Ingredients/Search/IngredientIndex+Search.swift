import DemeterJournal

extension IngredientIndex {
  /// One food a search found.
  public struct Hit: Sendable, Hashable {
    /// The food's position in `foods`.
    public var food: Int
    /// Its cost (`IngredientRanking`); smaller is better.
    public var cost: Int
    /// The worst way one of the query's words matched it.
    public var weakest: IngredientWords.Match
  }

  /// At most this many query words count (a longer query is cut there).
  public static let queryWordLimit = 8

  /// The foods matching every word of `query` (in `category`, when given), best first; when none
  /// does, `closest` holds the foods matching the most of its words, best first.
  /// - Parameter uses: how many journal entries reference the food with this id (nil: none).
  /// - Complexity: O(vocabulary · query words + postings of the matched words + words of the foods found).
  public func search(
    _ query: String, category: IngredientCategory? = nil, uses: ((String) -> Int)? = nil
  ) -> (hits: [Hit], closest: [Hit]) {
    let found = matching(query, category: category, uses: uses)
    return (sorted(found.hits), sorted(found.closest))
  }

  /// What `search` finds, in food order (for a caller that ranks them itself).
  func matching(
    _ query: String, category: IngredientCategory? = nil, uses: ((String) -> Int)?
  ) -> (hits: [Hit], closest: [Hit]) {
    let queryWords = Array(IngredientWords.words(of: query).prefix(Self.queryWordLimit)).map {
      Array($0.utf8)
    }
    guard !queryWords.isEmpty else { return ([], []) }
    var matches = QueryMatches(queryWords: queryWords.count, wordCount: wordCount)
    var mask = [UInt8](repeating: 0, count: foodCount)
    for (position, queryWord) in queryWords.enumerated() {
      let isWord = number(of: queryWord) != nil
      queryWord.withUnsafeBufferPointer { query in
        forEachWord { word, spelled in
          guard var match = IngredientWords.match(query, spelled) else { return }
          if match == .prefix, isWord, isCompound(spelled, of: queryWord) { match = .substring }
          matches.set(match, queryWord: position, word: word)
          for food in foods(using: word) { mask[food] |= 1 << position }
        }
      }
    }
    let numbers = queryWords.map { number(of: $0) }
    let wholeQuery = numbers.contains(nil) ? nil : numbers.compactMap { $0 }
    let all = UInt8(truncatingIfNeeded: (1 << queryWords.count) - 1)
    var scratch: [Token] = []
    func hit(_ food: Int) -> Hit {
      self.hit(
        food, matches, wholeQuery: wholeQuery, uses: uses.map { $0(id(of: food)) } ?? 0, scratch: &scratch)
    }
    var hits: [Hit] = []
    var partial: [(matched: Int, food: Int)] = []
    for food in 0..<foodCount where mask[food] != 0 {
      if let category, self.category(of: food) != category { continue }
      if mask[food] == all {
        hits.append(hit(food))
      } else {
        partial.append((mask[food].nonzeroBitCount, food))
      }
    }
    guard hits.isEmpty else { return (hits, []) }
    let most = partial.map(\.matched).max() ?? 0
    return ([], partial.filter { $0.matched == most }.map { hit($0.food) })
  }

  /// How each word of the vocabulary matches each query word, in one flat table.
  private struct QueryMatches {
    let wordCount: Int
    /// `IngredientWords.Match.rawValue` at `queryWord · wordCount + word`, -1 for no match.
    private var levels: [Int8]
    /// Whether any query word matches the word.
    private(set) var matchesAny: [Bool]
    let queryWords: Int

    init(queryWords: Int, wordCount: Int) {
      self.queryWords = queryWords
      self.wordCount = wordCount
      levels = [Int8](repeating: -1, count: queryWords * wordCount)
      matchesAny = [Bool](repeating: false, count: wordCount)
    }

    mutating func set(_ match: IngredientWords.Match, queryWord: Int, word: Int) {
      levels[queryWord * wordCount + word] = match.rawValue
      matchesAny[word] = true
    }

    func level(queryWord: Int, word: Int32) -> Int8 { levels[queryWord * wordCount + Int(word)] }
  }

  /// The name parts a query matched: a set of `UInt8`, kept in four words.
  private struct PartSet {
    private var bits = SIMD4<UInt64>(repeating: 0)
    private(set) var highest = 0

    mutating func insert(_ part: UInt8) {
      bits[Int(part >> 6)] |= 1 << UInt64(part & 63)
      highest = max(highest, Int(part))
    }

    func contains(_ part: UInt8) -> Bool { bits[Int(part >> 6)] & (1 << UInt64(part & 63)) != 0 }
  }

  /// Whether `word` is `prefix` (a word of the vocabulary) joined to another word of it (`oatmeal`,
  /// `eggplant`, `peanut`): another food, which a whole query word finds only as well as a word
  /// holding it, not as an unfinished word (`chick` → `chicken`).
  private func isCompound(_ word: UnsafeBufferPointer<UInt8>, of prefix: [UInt8]) -> Bool {
    word.count > prefix.count + 1 && number(of: Array(word[prefix.count...])) != nil
  }

  /// `hits` best first: by cost, then name, then id.
  public func sorted(_ hits: [Hit]) -> [Hit] {
    hits.sorted { ranks($0, before: $1, of: self) ?? false }
  }

  /// The cost of `food` for the query whose word matches are `matches` (see `IngredientRanking`);
  /// `wholeQuery` holds the query's words when each is a word of the vocabulary. `scratch` is reused
  /// for the food's tokens.
  private func hit(
    _ food: Int, _ matches: QueryMatches, wholeQuery: [Int32]?, uses: Int, scratch tokens: inout [Token]
  ) -> Hit {
    tokens.removeAll(keepingCapacity: true)
    let packed = self.tokens(of: food).numbers
    for position in 0..<packed.count { tokens.append(Token(packed: packed[position])) }
    var cost = Int(prior(of: food)) - IngredientRanking.usageBonus(uses)
    var weakest = IngredientWords.Match.whole
    var parts = PartSet()
    var byAlias = false
    for position in 0..<matches.queryWords {
      // The query word's best token: best match, then alias, then earliest part.
      var best: (match: Int8, alias: Bool, part: UInt8)?
      for token in tokens {
        let match = matches.level(queryWord: position, word: token.word)
        guard match >= 0 else { continue }
        if let current = best,
          (current.match, current.alias ? 0 : 1, current.part) <= (match, token.isAlias ? 0 : 1, token.part)
        {
          continue
        }
        best = (match, token.isAlias, token.part)
      }
      guard let best else { continue }
      let match = IngredientWords.Match(rawValue: best.match) ?? .substring
      weakest = max(weakest, match)
      cost += IngredientRanking.matchCost[Int(best.match)]
      if best.alias && match == .whole {
        byAlias = true
      } else if !best.alias {
        parts.insert(best.part)
        if position == 0, best.part > 0 { cost += IngredientRanking.firstWordElsewhereCost }
      }
    }
    if !byAlias {
      let otherWords = tokens.count { token in
        !token.isAlias && parts.contains(token.part) && !matches.matchesAny[Int(token.word)]
          && (token.part == IngredientRanking.groupPart || !Self.isGroupWord(token.word, in: tokens))
      }
      cost += IngredientRanking.otherWordCost * min(otherWords, IngredientRanking.otherWordLimit)
      cost += IngredientRanking.laterPartCost * min(parts.highest, IngredientRanking.laterPartLimit)
    }
    if let wholeQuery, Self.hasAlias(wholeQuery, in: tokens) { cost -= IngredientRanking.wholeAliasBonus }
    return Hit(food: food, cost: cost, weakest: weakest)
  }

  /// Whether `word` is a word of the food's group part (`nuts` in `nuts, cashew nuts`): repeated in a
  /// later part it says nothing more.
  private static func isGroupWord(_ word: Int32, in tokens: [Token]) -> Bool {
    tokens.contains { !$0.isAlias && $0.part == IngredientRanking.groupPart && $0.word == word }
  }

  /// Whether one alias of a food (its alias tokens of one number, which lie together) is exactly
  /// `words`.
  private static func hasAlias(_ words: [Int32], in tokens: [Token]) -> Bool {
    var start = 0
    while start < tokens.count {
      guard tokens[start].isAlias else {
        start += 1
        continue
      }
      var end = start + 1
      while end < tokens.count, tokens[end].isAlias, tokens[end].part == tokens[start].part { end += 1 }
      if end - start == words.count, zip(tokens[start..<end], words).allSatisfy({ $0.word == $1 }) {
        return true
      }
      start = end
    }
    return false
  }
}
