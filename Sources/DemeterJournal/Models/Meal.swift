/// The meal an entry belongs to, as written in a journal line's optional `meal` key.
public enum Meal: String, Sendable, Hashable, Codable, CaseIterable {
  case breakfast
  case lunch
  case dinner
  case snack
}
