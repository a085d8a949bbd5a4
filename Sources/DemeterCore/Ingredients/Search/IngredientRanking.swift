import DemeterJournal

/// The ranking rules of ingredient search (manual: journal), as costs in whole points: a food's rank for a
/// query is the sum of the costs below; smaller is better, ties by name and id.
///
/// - How each query word matches (`IngredientWords.Match`): whole word 0, prefix 100, one typo 200,
///   substring 300, so a better kind of match always wins over everything else. A whole word of the
///   vocabulary at the start of a compound of two (`oat` in `oatmeal`, `pea` in `peanut`) counts as
///   a substring: it names another food.
/// - Where: 30 for each other word in the name parts the query matched (`egg` before `egg rolls`;
///   a word of the group part repeated, `nuts` in `nuts, cashew nuts`, is not another), 15 for each
///   part the match lies further back (at most 3), 20 when the query's first word is not in the
///   leading part. A leading part that names a group of foods (`snacks, popcorn`, `nuts, almonds`,
///   `pork, cured, bacon`: each of its words is one of `groupWords`) is not the leading one: the
///   part after it is, and a match in the group part counts 3 parts back. An alias that is the whole
///   query takes 40 off, and an alias word counts as the leading part.
/// - What kind of food (`prior`): 40 for baby food, fast food, restaurant foods, meals and mixed
///   dishes and for each word of a substitute (`meatless`, `imitation`, also processed); 30 for deli
///   meats and sausages; 15 for each word of processing, branding or a modified form (`canned`,
///   `dried`, `mix`, `deli`, `low`, …; not after `previously`) and of a part of an animal (`leg`,
///   `gizzard`, …), at most 3; 7 off for each word of a plain form (`raw`, `fresh`, `whole`,
///   `plain`, …; not `whole` of `whole grain`; at most 3); 5 off for each household measure the table
///   gives (at most 6: common foods have more); 3 for each word of the leading two parts and 1 for
///   each later word (shorter names are more general).
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
  /// Food groups of processed foods: deli meats and sausages.
  static let processedGroups: Set<String> = ["Sausages and Luncheon Meats"]
  static let processedGroupCost = 30
  /// Words that mark a processed, prepared, branded or modified form.
  static let processedWords: Set<String> = [
    "dried", "dry", "powder", "frozen", "canned", "mix", "concentrate",
    "dehydrated", "deli", "prepackaged", "sliced", "breaded", "flavor", "flavored", "seasoned", "babyfood",
    "infant", "formula", "toddler", "junior", "strained", "instant", "restaurant", "fast", "commodity",
    "microwave", "low", "reduced", "light", "rendered", "meatless", "imitation", "substitute",
  ]
  /// Words that mark a substitute for the food named (`bacon, meatless`), costing as a mixed dish
  /// besides their cost as processed words.
  static let substituteWords: Set<String> = ["meatless", "imitation", "substitute"]
  static let substituteCost = 40
  /// Words of a food's name that undo a processed word before them (`raw (may have been previously
  /// frozen)` is raw).
  static let processedUndoing: Set<String> = ["previously"]
  /// Parts of an animal (cuts and offal), which its plain name does not mean (`chicken` is not a
  /// gizzard or a leg).
  static let animalPartWords: Set<String> = [
    "leg", "thigh", "drumstick", "wing", "breast", "back", "gizzard", "heart", "liver", "giblet", "kidney",
    "tongue", "feet", "neck", "brain", "lung", "spleen", "tripe", "pancrea", "thymus",
  ]
  static let processedCost = 15
  /// Words that mark the plain, generic form (`broiler`: the usual chicken; `vanilla`: the plain
  /// flavour).
  static let plainWords: Set<String> = [
    "raw", "fresh", "whole", "plain", "regular", "all", "average", "fluid", "brewed", "table", "broiler",
    "vanilla",
  ]
  /// Words after which a plain word names a variety instead (`whole grain`, `whole wheat`).
  static let plainUndoingNext: Set<String> = ["grain", "wheat"]
  /// The part number of a leading part that names a group of foods (`leadsWithGroup`).
  static let groupPart: UInt8 = 255

  /// Words of a leading part that names a group of foods rather than the food (`snacks, popcorn`,
  /// `alcoholic beverage, beer`), in search form.
  static let groupWords: Set<String> = [
    "alcoholic", "beverage", "snack", "nut", "seed", "spice", "cereal", "candy", "crustacean", "mollusk",
    "fish", "pork",
  ]
  static let plainBonus = 7
  static let markedWordLimit = 3
  static let portionBonus = 5
  static let portionLimit = 6
  static let leadingWordCost = 3
  static let laterWordCost = 1

  /// Whether the leading part of a name split at its commas (`parts`) names a group of foods: there
  /// is a later part, and each word of the leading one is a `groupWords` word.
  static func leadsWithGroup(_ parts: [Substring]) -> Bool {
    guard parts.count > 1 else { return false }
    let leading = IngredientWords.words(of: parts[0])
    return !leading.isEmpty && leading.allSatisfy(groupWords.contains)
  }

  /// The query-independent cost of `ingredient` (see the type's notes).
  public static func prior(of ingredient: Ingredient) -> Int32 {
    var cost = 0
    if let group = ingredient.subcategory, mixedGroups.contains(group) { cost += mixedGroupCost }
    if let group = ingredient.subcategory, processedGroups.contains(group) { cost += processedGroupCost }
    var processed = 0
    var plain = 0
    for (part, text) in ingredient.name.split(separator: ",").enumerated() {
      var undone = false
      let words = IngredientWords.words(of: text)
      for (position, word) in words.enumerated() {
        cost += part < 2 ? leadingWordCost : laterWordCost
        if processedUndoing.contains(word) { undone = true }
        if processedWords.contains(word), !undone { processed += 1 }
        if substituteWords.contains(word) { cost += substituteCost }
        if animalPartWords.contains(word) { processed += 1 }
        let next = position + 1 < words.count ? words[position + 1] : ""
        if plainWords.contains(word), !plainUndoingNext.contains(next) { plain += 1 }
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
