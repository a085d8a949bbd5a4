import DemeterJournal

/// The ranking rules of ingredient search (manual: journal), as costs in whole points: a food's rank for a
/// query is the sum of the costs below; smaller is better, ties by name and id.
///
/// - How each query word matches (`IngredientWords.Match`): whole word 0, prefix 100, one typo 200,
///   substring 300, so a better kind of match always wins over everything else. A whole word of the
///   vocabulary at the start of a compound of two (`oat` in `oatmeal`, `pea` in `peanut`) counts as
///   a substring: it names another food.
/// - Where: 30 for each other word in the name parts the query matched (`egg` before `egg rolls`),
///   15 for each part the match lies further back (at most 3), 20 when the query's first word is not
///   in the leading part; an alias that is the whole query takes 40 off, and an alias word counts as
///   the leading part.
/// - What kind of food (`prior`): 40 for baby food, fast food, restaurant foods, meals and mixed
///   dishes; 15 for each word of processing or branding (`canned`, `dried`, `mix`, `deli`, …, at most
///   3); 7 off for each word of a plain form (`raw`, `fresh`, `whole`, `plain`, …, at most 3); 5 off
///   for each household measure the table gives (at most 6: common foods have more); 3 for each word
///   of the leading two parts and 1 for each later word (shorter names are more general).
/// - Use: 30 off for an ingredient the journal used once, 60 for 2–3 uses, 80 for 4 or more.
public enum IngredientRanking {
  static let matchCost: [Int] = [0, 100, 200, 300]
  static let otherWordCost = 30
  static let otherWordLimit = 4
  static let laterPartCost = 15
  static let laterPartLimit = 3
  static let firstWordElsewhereCost = 20
  static let wholeAliasBonus = 40

  /// Food groups of mixed dishes and branded or special foods (`Ingredient.subcategory`).
  static let mixedGroups: Set<String> = [
    "Baby Foods", "Fast Foods", "Restaurant Foods", "Meals, Entrees, and Side Dishes",
    "American Indian/Alaska Native Foods",
  ]
  static let mixedGroupCost = 40
  /// Words that mark a processed, prepared or branded form.
  static let processedWords: Set<String> = [
    "dried", "dry", "powder", "frozen", "canned", "mix", "imitation", "substitute", "concentrate",
    "dehydrated", "deli", "prepackaged", "sliced", "breaded", "flavor", "flavored", "seasoned", "babyfood",
    "infant", "formula", "toddler", "junior", "strained", "instant", "restaurant", "fast", "commodity",
  ]
  static let processedCost = 15
  /// Words that mark the plain, generic form.
  static let plainWords: Set<String> = [
    "raw", "fresh", "whole", "plain", "regular", "all", "average", "fluid", "brewed", "table",
  ]
  static let plainBonus = 7
  static let markedWordLimit = 3
  static let portionBonus = 5
  static let portionLimit = 6
  static let leadingWordCost = 3
  static let laterWordCost = 1

  /// The query-independent cost of `ingredient` (see the type's notes).
  public static func prior(of ingredient: Ingredient) -> Int32 {
    var cost = 0
    if let group = ingredient.subcategory, mixedGroups.contains(group) { cost += mixedGroupCost }
    var processed = 0
    var plain = 0
    for (part, text) in ingredient.name.split(separator: ",").enumerated() {
      for word in IngredientWords.words(of: text) {
        cost += part < 2 ? leadingWordCost : laterWordCost
        if processedWords.contains(word) { processed += 1 }
        if plainWords.contains(word) { plain += 1 }
      }
    }
    cost += processedCost * min(processed, markedWordLimit) - plainBonus * min(plain, markedWordLimit)
    cost -= portionBonus * min(ingredient.servingSizeVariations.count, portionLimit)
    return Int32(cost)
  }

  /// What `uses` journal entries of an ingredient take off its cost.
  static func usageBonus(_ uses: Int) -> Int {
    guard uses > 0 else { return 0 }
    return min(80, 30 * (Int.bitWidth - uses.leadingZeroBitCount))
  }
}
