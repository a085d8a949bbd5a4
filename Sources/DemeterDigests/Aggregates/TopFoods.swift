import DemeterFoundation

/// One food's share of a bucket.
public struct FoodTotal: Sendable, Hashable {
  public var name: String
  /// How many entries name this food.
  public var entries: Int
  public var calories: FixedSum

  public init(name: String, entries: Int, calories: FixedSum) {
    self.name = name
    self.entries = entries
    self.calories = calories
  }
}

/// The foods that contribute most to a bucket, by energy and by how often they were eaten.
public struct TopFoods: Sendable, Hashable {
  /// Most calories first; equal calories by name (code point order).
  public var byCalories: [FoodTotal]
  /// Most entries first; equal counts by name (code point order).
  public var byCount: [FoodTotal]
  /// The number of distinct foods in the bucket.
  public var distinctFoods: Int

  public init(byCalories: [FoodTotal] = [], byCount: [FoodTotal] = [], distinctFoods: Int = 0) {
    self.byCalories = byCalories
    self.byCount = byCount
    self.distinctFoods = distinctFoods
  }

  /// Both rankings of `foods` (one total per spelling), foods named alike grouped (`grouped`),
  /// each cut to `limit` foods (0: all).
  /// - Complexity: O(f log f) for f distinct spellings.
  package init(ranking spellings: [FoodTotal], limit: Int) {
    let foods = Self.grouped(spellings)
    func cut(_ sorted: [FoodTotal]) -> [FoodTotal] { limit == 0 ? sorted : Array(sorted.prefix(limit)) }
    let byCalories = foods.sorted { a, b in
      a.calories != b.calories ? a.calories > b.calories : ExactArithmetic.precedes(a.name, b.name)
    }
    let byCount = foods.sorted { a, b in
      a.entries != b.entries ? a.entries > b.entries : ExactArithmetic.precedes(a.name, b.name)
    }
    self.init(byCalories: cut(byCalories), byCount: cut(byCount), distinctFoods: foods.count)
  }

  /// The totals of spellings that name one food, as people read them, added up: letter case and
  /// Unicode normalisation do not count (`Fettuccine alfredo` = `fettuccine alfredo`, `café` in NFC
  /// = in NFD: the standard library's lowercase mapping and canonical equivalence, no locale). Each
  /// food is shown under its spelling with the most entries (equal counts: the first in code point
  /// order), so the result does not depend on the order of `spellings`.
  /// - Complexity: O(f log f) for f spellings.
  package static func grouped(_ spellings: [FoodTotal]) -> [FoodTotal] {
    // Distinct names that are their own lower case and plain ASCII (no other spelling is
    // canonically equivalent) are each a group of one.
    if spellings.allSatisfy({ NameFolding.isFolded($0.name) }),
      Set(spellings.map(\.name)).count == spellings.count
    {
      return spellings
    }
    var groups: [String: [FoodTotal]] = [:]
    for spelling in spellings { groups[NameFolding.folded(spelling.name), default: []].append(spelling) }
    return groups.values.map { group in
      let shown = group.min { a, b in
        a.entries != b.entries ? a.entries > b.entries : ExactArithmetic.precedes(a.name, b.name)
      }!
      var total = FoodTotal(name: shown.name, entries: 0, calories: FixedSum())
      for spelling in group {
        total.entries += spelling.entries
        total.calories.add(spelling.calories)
      }
      return total
    }
  }
}
