import DemeterFoundation

/// The foods with alcohol by name, for an entry matched to no ingredient (the energy check, manual:
/// reports): its food name, folded as ingredient search folds it (`SearchFolding`, case and
/// diacritics) and trimmed, equal to the folded name or an alias of exactly one food with alcohol.
///
/// Only equality counts, never a search's best match: "beer" is the table's beer, while "root beer"
/// or "ginger beer" match nothing, so a wrong match cannot hide a real slip. A name that two foods
/// with alcohol share names neither.
package struct FoodNames: Sendable {
  /// By folded name, the id of the one food that has it.
  private let ids: [String: String]

  /// The foods of `names` (by id, each food's name and aliases).
  package init(_ names: [String: [String]]) {
    var ids: [String: String?] = [:]
    for (id, written) in names {
      for name in Set(written.map(Self.folded)) where !name.isEmpty {
        if let other = ids[name], other != id { ids[name] = .some(nil) } else { ids[name] = id }
      }
    }
    self.ids = ids.compactMapValues { $0 }
  }

  /// Whether no food has a name.
  package var isEmpty: Bool { ids.isEmpty }

  /// The id of the one food named `name` (folded); nil when none or several are.
  /// - Complexity: O(n) in the name's length.
  package func id(named name: some StringProtocol) -> String? {
    ids.isEmpty ? nil : ids[Self.folded(name)]
  }

  /// The id of the one food whose name is the UTF-8 `bytes` (folded).
  package func id(namedUTF8 bytes: UnsafeBufferPointer<UInt8>) -> String? {
    guard !ids.isEmpty else { return nil }
    return ids[Self.asciiFolded(bytes) ?? Self.folded(String(decoding: bytes, as: UTF8.self))]
  }

  private static func folded(_ name: some StringProtocol) -> String {
    var name = String(name)
    if let folded = name.withUTF8(asciiFolded) { return folded }
    return SearchFolding.folded(name).trimmingSpacesAndNewlines()
  }

  /// An ASCII name (most are) folded byte by byte as `SearchFolding` and trimming fold it, without
  /// Unicode on the way: its letters lowercase, the white space and line ends at either end dropped;
  /// nil when it is not ASCII.
  private static func asciiFolded(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
    func isTrimmed(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
    guard let first = bytes.firstIndex(where: { !isTrimmed($0) }),
      let last = bytes.lastIndex(where: { !isTrimmed($0) })
    else { return "" }
    return String(unsafeUninitializedCapacity: last - first + 1) { folded in
      for (position, byte) in bytes[first...last].enumerated() {
        folded[position] = (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
      }
      return last - first + 1
    }
  }

  /// `name` for `IngredientAlcohol.text`: `%`, `,`, `=`, `/` and control characters as `%XX`.
  package static func escaped(_ name: String) -> String {
    var result: [UInt8] = []
    for byte in name.utf8 {
      if byte < 0x20 || byte == 0x7F || "%,=/".utf8.contains(byte) {
        result += "%\(byte < 0x10 ? "0" : "")\(String(byte, radix: 16, uppercase: true))".utf8
      } else {
        result.append(byte)
      }
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// The name `escaped` wrote as `bytes`; nil when a `%` is not followed by two hex digits.
  package static func unescaped(_ bytes: ArraySlice<UInt8>) -> String? {
    var result: [UInt8] = []
    var index = bytes.startIndex
    while index < bytes.endIndex {
      if bytes[index] != UInt8(ascii: "%") {
        result.append(bytes[index])
        index += 1
        continue
      }
      guard bytes.endIndex - index >= 3,
        let value = UInt8(String(decoding: bytes[(index + 1)..<(index + 3)], as: UTF8.self), radix: 16)
      else { return nil }
      result.append(value)
      index += 3
    }
    return String(decoding: result, as: UTF8.self)
  }
}

extension IngredientAlcohol {
  /// The one food with alcohol whose folded name or alias is `name`'s (`FoodNames`): its id and
  /// name; nil when none or several are.
  public func food(named name: some StringProtocol) -> (id: String, name: String)? {
    let table = table
    guard let id = table.foods.id(named: name) else { return nil }
    return (id, table.names[id]?.first ?? id)
  }

  /// The alcohol share of the food `food(named:)` finds for the UTF-8 `name`.
  package func share(ofFoodNamed name: UnsafeBufferPointer<UInt8>) -> Share? {
    let table = table
    return table.foods.id(namedUTF8: name).flatMap { table.shares[$0] }
  }

  /// Whether some food with alcohol has a name an unmatched entry can have.
  package var hasFoodNames: Bool { !table.foods.isEmpty }
}
