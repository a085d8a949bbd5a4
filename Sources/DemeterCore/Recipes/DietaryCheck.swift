import DemeterJournal

/// The dietary flags a recipe declares, checked where the ingredient table can tell: `vegetarian`
/// against the food groups (`Ingredient.subcategory`, the USDA groups) of meat, poultry, fish and
/// sausages, and `vegan` against those and `Dairy and Egg Products`. Gluten-free, dairy-free and
/// nut-free stay declared only (the groups cannot tell: oats, butter filed under fats, seeds among
/// nuts), and so do free foods and ingredients without a group.
public enum DietaryCheck {
  /// The groups no vegetarian dish has.
  public static let meatGroups: Set<String> = [
    "Beef Products", "Pork Products", "Poultry Products", "Lamb, Veal, and Game Products",
    "Finfish and Shellfish Products", "Sausages and Luncheon Meats",
  ]
  /// The groups no vegan dish has.
  public static let animalGroups: Set<String> = meatGroups.union(["Dairy and Egg Products"])

  /// Each declared flag an ingredient contradicts: its position in the recipe and what is wrong.
  public static func conflicts(_ recipe: Recipe, resolved: [Ingredient?]) -> [(index: Int, message: String)] {
    let checked: [(DietaryFlag, Set<String>)] = [(.vegetarian, meatGroups), (.vegan, animalGroups)]
    var conflicts: [(index: Int, message: String)] = []
    for (index, ingredient) in resolved.enumerated() {
      guard let ingredient, let group = ingredient.subcategory else { continue }
      for (flag, groups) in checked where recipe.dietaryFlags.contains(flag) && groups.contains(group) {
        conflicts.append(
          (
            index,
            "\"ingredients[\(index)]\": the recipe is declared \(flag.label), but \(ingredient.name) is in "
              + "the food group \(group)"
          ))
      }
    }
    return conflicts
  }
}
