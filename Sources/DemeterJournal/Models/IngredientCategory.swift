/// The broad food group of an ingredient, as written in the ingredient file's `category` key.
public enum IngredientCategory: String, Sendable, Hashable, Codable, CaseIterable {
  case protein
  case vegetable
  case fruit
  case grain
  case dairy
  case fat
  case beverage
  case snack
  case condiment
}
