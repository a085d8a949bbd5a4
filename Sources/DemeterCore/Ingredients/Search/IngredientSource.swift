import DemeterJournal

/// Ingredients a catalog searches through an `IngredientIndex` built from them in their order: a
/// journal's file as read (`IngredientDatabase`) or as its cache keeps it, or the built-in table
/// (`IngredientTable`), whose foods are decoded only when found.
public protocol IngredientSource: Sendable {
  /// The ingredient with this id, if any.
  func ingredient(withID id: String) -> Ingredient?
  /// The ingredient at `position`, the food of the same position in the index; nil when it cannot
  /// be decoded (a damaged cache).
  func ingredient(at position: Int) -> Ingredient?
  /// Whether an ingredient has this id (without decoding it).
  func hasIngredient(withID id: String) -> Bool
}

extension IngredientDatabase: IngredientSource {
  public func ingredient(at position: Int) -> Ingredient? { ingredients[position] }
  public func hasIngredient(withID id: String) -> Bool { ingredient(withID: id) != nil }
}

extension IngredientTable: IngredientSource {
  public func hasIngredient(withID id: String) -> Bool { position(ofID: id) != nil }
}
