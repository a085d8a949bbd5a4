import DemeterCore
import DemeterReporting
import DemeterReports

/// Which food a command that writes from `--ingredient ID-OR-NAME` takes (manual: foods): `add` asks
/// when the name does not settle it (`IngredientChoice`) and takes `--pick N`; `add`, `recipe add`
/// and `plan add` say on stderr which food they took (`FoodsTaken`).
enum IngredientPick {
  static let option = OptionSpec.value(
    "pick", "N",
    help: "With --ingredient NAME: take the Nth of the foods the name matches (as listed when it asks).")

  /// The food `add --ingredient wanted` takes: the Nth candidate with `--pick N`, else the food the
  /// id or name settles.
  /// - Throws: a usage error listing the numbered candidates when the name does not settle it, or
  ///   naming the closest foods when nothing matches it.
  static func ingredient(_ wanted: String, pick: String?, in catalog: IngredientCatalog) throws(CommandError)
    -> Ingredient
  {
    let shown = "'\(TextEscaping.singleLine(wanted))'"
    if let pick {
      if catalog.ingredient(withID: wanted) != nil {
        throw .usage("--pick chooses among the foods a name matches; \(shown) is an id, so leave --pick out")
      }
      let candidates = catalog.candidates(for: wanted)
      if candidates.isEmpty { return try catalog.resolving(wanted, uses: [:]) }
      guard let number = Int(pick), candidates.indices.contains(number - 1) else {
        throw .usage(
          "--pick must be a number from 1 to \(candidates.count) (the foods \(shown) matches; got "
            + "'\(TextEscaping.singleLine(pick))'):\n" + FoodsTaken.candidates(candidates))
      }
      return candidates[number - 1].ingredient
    }
    switch catalog.choose(wanted) {
    case .chosen(let ingredient):
      return ingredient
    case .ask(let candidates, let reason):
      let why =
        switch reason {
        case .weak: "no food matches \(shown) well (a word matched only with a typo or inside another word)"
        case .close:
          "\(shown) matches foods that rank too close to tell apart and differ in energy (less than "
            + "\(IngredientChoice.closeMargin) points apart, energy more than "
            + "\(Int(IngredientChoice.closeEnergyShare * 100)) % and "
            + "\(Int(IngredientChoice.closeEnergyFloor)) kcal per 100 g apart)"
        }
      throw .usage(
        why + "; add it again with --pick N, or with the food's id as --ingredient ID:\n" + FoodsTaken.candidates(candidates))
    case .none:
      return try catalog.resolving(wanted, uses: [:])
    }
  }
}
