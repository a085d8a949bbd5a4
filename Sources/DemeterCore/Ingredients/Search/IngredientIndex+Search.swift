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
  /// - Parameter uses: how many journal entries reference the food with this id.
  /// - Complexity: O(vocabulary · query words + postings of the matched words + words of the foods found).
  public func search(
    _ query: String, category: IngredientCategory? = nil, uses: (String) -> Int = { _ in 0 }
  ) -> (hits: [Hit], closest: [Hit]) {
    let queryWords = Array(IngredientWords.words(of: query).prefix(Self.queryWordLimit)).map {
      Array($0.utf8)
    }
    guard !queryWords.isEmpty else { return ([], []) }
    // How each vocabulary word matches each query word (-1: not at all).
    var matchOf = [[Int8]](repeating: [Int8](repeating: -1, count: wordCount), count: queryWords.count)
    var mask = [UInt8](repeating: 0, count: foodCount)
    for (position, queryWord) in queryWords.enumerated() {
      let isWord = number(of: queryWord) != nil
      queryWord.withUnsafeBufferPointer { query in
        for word in 0..<wordCount {
          let spelled = self.word(word)
          guard var match = IngredientWords.match(query, spelled) else { continue }
          if match == .prefix, isWord, isCompound(spelled, of: queryWord) { match = .substring }
          matchOf[position][word] = match.rawValue
          for food in foods(using: word) { mask[food] |= 1 << position }
        }
      }
    }
    let all = UInt8(truncatingIfNeeded: (1 << queryWords.count) - 1)
    let wholeQuery = queryWords.map { number(of: $0) }
    var hits: [Hit] = []
    var partial: [(matched: Int, food: Int)] = []
    for food in 0..<foodCount where mask[food] != 0 {
      if let category, self.category(of: food) != category { continue }
      if mask[food] == all {
        hits.append(hit(food, matchOf, wholeQuery: wholeQuery, uses: uses(id(of: food))))
      } else {
        partial.append((mask[food].nonzeroBitCount, food))
      }
    }
    guard hits.isEmpty else { return (sorted(hits), []) }
    let most = partial.map(\.matched).max() ?? 0
    let closest = partial.filter { $0.matched == most }.map {
      hit($0.food, matchOf, wholeQuery: wholeQuery, uses: uses(id(of: $0.food)))
    }
    return ([], sorted(closest))
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

  /// The cost of `food` for the query whose word matches are `matchOf` (see `IngredientRanking`).
  private func hit(_ food: Int, _ matchOf: [[Int8]], wholeQuery: [Int32?], uses: Int) -> Hit {
    let tokens = tokens(of: food)
    var cost = Int(prior(of: food)) - IngredientRanking.usageBonus(uses)
    var weakest = IngredientWords.Match.whole
    var parts: Set<UInt8> = []
    var byAlias = false
    for (position, matches) in matchOf.enumerated() {
      // The query word's best token: best match, then alias, then earliest part.
      var best: (match: Int8, alias: Bool, part: UInt8)?
      for token in tokens {
        let match = matches[Int(token.word)]
        guard match >= 0 else { continue }
        let candidate = (match, token.isAlias, token.part)
        if let current = best,
          (current.match, current.alias ? 0 : 1, current.part) <= (match, token.isAlias ? 0 : 1, token.part)
        {
          continue
        }
        best = candidate
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
        !token.isAlias && parts.contains(token.part) && !matchOf.contains { $0[Int(token.word)] >= 0 }
      }
      cost += IngredientRanking.otherWordCost * min(otherWords, IngredientRanking.otherWordLimit)
      cost += IngredientRanking.laterPartCost * min(Int(parts.max() ?? 0), IngredientRanking.laterPartLimit)
    }
    if isWholeAlias(wholeQuery, of: tokens) { cost -= IngredientRanking.wholeAliasBonus }
    return Hit(food: food, cost: cost, weakest: weakest)
  }

  /// Whether one alias of the food is exactly the query's words.
  private func isWholeAlias(_ query: [Int32?], of tokens: Tokens) -> Bool {
    let wanted = query.compactMap { $0 }
    guard wanted.count == query.count else { return false }
    var aliases: [UInt8: [Int32]] = [:]
    for token in tokens where token.isAlias { aliases[token.part, default: []].append(token.word) }
    return aliases.values.contains(wanted)
  }
}
