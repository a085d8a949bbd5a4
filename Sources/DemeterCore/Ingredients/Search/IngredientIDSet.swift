import DemeterFoundation

/// The ids of an index's foods as a hash set over their bytes (`ShortHash`, open addressing), built
/// once, so that asking whether an id given as bytes is among them makes no `String`.
struct IngredientIDSet {
  private let index: IngredientIndex
  /// Each slot holds a food's position + 1, or 0 when empty; a power of two long, at most half full.
  private var slots: [Int32]
  private let mask: Int

  /// The ids of `index`'s foods.
  /// - Complexity: O(total length of the ids).
  init(_ index: IngredientIndex) {
    var capacity = 16
    while capacity < 2 * index.foodCount { capacity <<= 1 }
    self.index = index
    mask = capacity - 1
    slots = [Int32](repeating: 0, count: capacity)
    for food in 0..<index.foodCount {
      var slot = Int(truncatingIfNeeded: ShortHash.hash(index.idBytes(of: food))) & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = Int32(food + 1)
    }
  }

  /// Whether a food of the index has the id `id`.
  /// - Complexity: O(length of `id`), expected.
  func contains(_ id: UnsafeBufferPointer<UInt8>) -> Bool {
    var slot = Int(truncatingIfNeeded: ShortHash.hash(id)) & mask
    while slots[slot] != 0 {
      let candidate = index.idBytes(of: Int(slots[slot]) - 1)
      if candidate.count == id.count, candidate.elementsEqual(id) { return true }
      slot = (slot + 1) & mask
    }
    return false
  }
}
