import Synchronization

/// The alcohol of ingredients, for the energy check's 7 kcal per gram (manual: reports): an entry matched to
/// an ingredient with alcohol has the ingredient's alcohol share of its energy, so a matched glass of
/// wine is not flagged for energy its macronutrients do not explain. An entry matched to nothing
/// takes the alcohol of the one food with alcohol whose name or alias is its food name
/// (`food(named:)`), so an unmatched "beer" is not flagged either.
///
/// The shares are known, or read on first use (`init(identity:loading:)`): a report whose digests all
/// come from the cache then reads no ingredient at all. Two values are equal when their `identity`
/// is, which is what the digest cache keys on.
public struct IngredientAlcohol: Sendable, Hashable {
  /// The micronutrient holding grams of alcohol, in an entry (`micronutrients`) and per 100 g in an
  /// ingredient (`micronutrientsPer100g`).
  public static let micronutrient = "alcohol_g"

  /// Alcohol and energy per 100 g, in billionths of a gram and of a kcal.
  package struct Share: Sendable, Hashable {
    package var alcohol: Int64
    package var calories: Int64

    /// The grams of alcohol (billionths) of `calories` (billionths of a kcal) of the ingredient.
    package func grams(calories entryCalories: Int64) -> Int64 {
      Int64(clamping: Int128(entryCalories) * Int128(alcohol) / Int128(calories))
    }
  }

  /// The shares by ingredient id, the filter of their ids and the foods by name, made together.
  package struct Table: Sendable {
    package let shares: [String: Share]
    package let ids: AlcoholIDFilter
    /// The name and aliases of each id with a share, as the food has them.
    package let names: [String: [String]]
    /// By folded name or alias, the id of the one food with a share that has it (`FoodNames`).
    package let foods: FoodNames

    package init(_ shares: [String: Share] = [:], names: [String: [String]] = [:]) {
      self.shares = shares
      self.names = names.filter { shares[$0.key] != nil }
      ids = AlcoholIDFilter(ids: shares.keys)
      foods = FoodNames(self.names)
    }
  }

  private enum Storage: Sendable {
    case known(Table)
    case deferred(DeferredShares)
  }

  private var storage = Storage.known(Table())

  package var table: Table {
    switch storage {
    case .known(let table): table
    case .deferred(let deferred): deferred.table
    }
  }

  /// By ingredient id, the ingredients with alcohol and energy.
  package var shares: [String: Share] { table.shares }

  /// Which ingredient ids may have alcohol (made once, with the shares).
  package var idFilter: AlcoholIDFilter { table.ids }

  /// No ingredient has alcohol.
  public init() {}

  /// The alcohol of `ingredients` (a later one with the same id replaces an earlier one).
  public init(_ ingredients: some Sequence<Ingredient>) {
    update(with: ingredients)
  }

  /// The shares written as `text` (the form of `text`); nil when it is not that form.
  public init?(text: String) {
    func string(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
    var shares: [String: Share] = [:]
    var names: [String: [String]] = [:]
    for item in Array(text.utf8).split(separator: UInt8(ascii: ",")) {
      let parts = item.split(separator: UInt8(ascii: "="), omittingEmptySubsequences: false)
      guard parts.count >= 2 else { return nil }
      let amounts = parts[1].split(separator: UInt8(ascii: "/"))
      guard amounts.count == 2, let alcohol = Int64(string(amounts[0])),
        let calories = Int64(string(amounts[1])), calories > 0
      else { return nil }
      let id = string(parts[0])
      shares[id] = Share(alcohol: alcohol, calories: calories)
      if parts.count > 2 {
        var written: [String] = []
        for part in parts.dropFirst(2) {
          guard let name = FoodNames.unescaped(part) else { return nil }
          written.append(name)
        }
        names[id] = written
      }
    }
    storage = .known(Table(shares, names: names))
  }

  /// The shares `load` gives, asked for once, on first use, by whichever thread needs them first.
  /// `identity` names them without loading them, and must differ whenever they may (the digest
  /// cache keys on it): e.g. a constant made when the table was built, a file's size and time.
  public init(identity: String, loading load: @escaping @Sendable () -> IngredientAlcohol) {
    storage = .deferred(DeferredShares(identity: identity) { load().table })
  }

  /// Takes the alcohol of `ingredients` instead of what the same ids had (none, if they have none).
  public mutating func update(with ingredients: some Sequence<Ingredient>) {
    // (Nothing to take leaves the table, and its folded names, as they are.)
    let ingredients = Array(ingredients)
    guard !ingredients.isEmpty else { return }
    var shares = shares
    var names = table.names
    for ingredient in ingredients {
      guard let grams = ingredient.micronutrientsPer100g[Self.micronutrient], grams > 0,
        ingredient.caloriesPer100g > 0
      else {
        shares[ingredient.id] = nil
        names[ingredient.id] = nil
        continue
      }
      shares[ingredient.id] = Share(
        alcohol: Int64((grams * 1e9).rounded()), calories: Int64((ingredient.caloriesPer100g * 1e9).rounded())
      )
      names[ingredient.id] = [ingredient.name] + ingredient.aliases
    }
    storage = .known(Table(shares, names: names))
  }

  /// The grams of alcohol (billionths) of an entry of `calories` (billionths of a kcal) matched to the
  /// ingredient `id`: the ingredient's alcohol per kcal times the entry's kcal; nil when it has none.
  package func grams(ofID id: some StringProtocol, calories: Int64) -> Int64? {
    share(ofID: id).map { $0.grams(calories: calories) }
  }

  /// The alcohol share of the ingredient `id`; nil when it has none.
  package func share(ofID id: some StringProtocol) -> Share? {
    shares[String(id)]
  }

  /// Whether no ingredient has alcohol.
  public var isEmpty: Bool { shares.isEmpty }

  /// The shares as text (`id=alcohol/calories` in billionths, then `=name` for the food's name and
  /// each alias, escaped by `FoodNames.escaped`; comma-separated, by id), for the built-in table's
  /// header: the same text exactly when the shares and names are equal.
  public var text: String {
    let names = table.names
    return shares.sorted { $0.key < $1.key }.map { id, share in
      (["\(id)=\(share.alcohol)/\(share.calories)"] + (names[id] ?? []).map(FoodNames.escaped))
        .joined(separator: "=")
    }
    .joined(separator: ",")
  }

  /// What names the shares for cache fingerprints without reading deferred ones: the identity given,
  /// else the shares' `text`.
  public var identity: String {
    switch storage {
    case .known: "shares " + text
    case .deferred(let deferred): deferred.identity
    }
  }

  public static func == (left: IngredientAlcohol, right: IngredientAlcohol) -> Bool {
    left.identity == right.identity
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(identity)
  }
}

/// Shares loaded once, on first use, from any thread (checked without a lock once loaded: a
/// day file's digest asks for them at every entry).
private final class DeferredShares: @unchecked Sendable {
  package let identity: String
  private let load: @Sendable () -> IngredientAlcohol.Table
  private let lock = Mutex(())
  private let isLoaded = Atomic(false)
  /// Written once, under `lock`, before `isLoaded` is set.
  private var loaded = IngredientAlcohol.Table()

  package init(identity: String, load: @escaping @Sendable () -> IngredientAlcohol.Table) {
    self.identity = identity
    self.load = load
  }

  package var table: IngredientAlcohol.Table {
    if !isLoaded.load(ordering: .acquiring) {
      lock.withLock { _ in
        guard !isLoaded.load(ordering: .relaxed) else { return }
        loaded = load()
        isLoaded.store(true, ordering: .releasing)
      }
    }
    return loaded
  }
}
