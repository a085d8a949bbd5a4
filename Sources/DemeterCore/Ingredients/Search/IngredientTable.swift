import DemeterFoundation
import DemeterJournal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A compact, read-only ingredient table with its search index, as the build embeds the USDA table
/// into the binary (`ingredient-embedder`): UTF-8 text, one header line (signature, food count,
/// micronutrient keys, the alcohol of the foods with alcohol as `IngredientAlcohol.text`, the index
/// block's length in bytes), the foods' search index (`IngredientIndex`'s block, read in place, then
/// a line end), one index line per food, then the foods' data, one line each.
///
/// An index line holds the food's id, a tab and where the food's data is (`start:length`, in bytes
/// after the last index line). A data line holds the other fields, tab-separated: aliases, the
/// amount of each nutrient of `Nutrient.all` in its order, serving size, serving unit, serving description, subcategory,
/// source, verification status, source reference, micronutrients (positional, in the header's key
/// order, comma-separated, empty when absent) and portions (`amount`␟`unit`␟`grams`␟`description`,
/// ␞-separated); the name and category are the index's. An absent optional field is empty. Opening
/// the table opens its index (nothing decoded) and finds its index lines (not the data, most of the
/// embedded table); a food's data is decoded when asked for.
///
/// The line form (`encode(_:lines:)`, a journal's own file as `IngredientFileCache` keeps it) has the
/// same header, index and index lines and no data: where an index line says is the ingredient's line
/// in the journal's `ingredients.jsonl`. A food is read from that line (`pread`) and parsed when
/// asked for, so the cache stays small and every field an ingredient can have is kept; a line that
/// no longer holds its food gives nil, never another food.
public struct IngredientTable: @unchecked Sendable {
  /// The header's first word and version.
  static let signature = "demeter-ingredient-table 3"
  /// The header's first field in the line form.
  static let lineSignature = "demeter-ingredient-table 3 lines"
  static let itemSeparator: Character = "␞"
  static let fieldSeparator: Character = "␟"

  private let bytes: UnsafeBufferPointer<UInt8>
  /// What keeps `bytes` allocated, for a table read from a file.
  private let owner: OwnedBytes?
  /// The file whose lines the foods are, in the line form (nil in the compact form).
  private let file: FileParts?
  /// The foods' search index, in the table's order (by id).
  private let index: IngredientIndex
  /// The foods' index lines, sorted by id (`encode` writes them so).
  private let lines: [Range<Int>]
  /// Where the foods' data starts in `bytes` (their end in the line form).
  private let dataStart: Int
  private let micronutrientKeys: [String]
  /// The alcohol of the table's foods.
  public let alcohol: IngredientAlcohol

  /// Why a table cannot be opened or written.
  public struct FormatError: Error, Sendable, CustomStringConvertible {
    public var description: String
  }

  /// Opens the table in `bytes`, which must stay valid and unchanged while the table is used (the
  /// embedded table is static). Reads the header, opens the index and finds the index lines; nothing
  /// is decoded. With `verified` (the embedded table, which the build read back when it wrote it),
  /// the index's numbers are not checked again.
  /// - Complexity: O(index lines), a scan for their ends; O(index) more unless `verified`.
  package init(bytes: UnsafeBufferPointer<UInt8>, verified: Bool = false) throws(FormatError) {
    try self.init(bytes: bytes, owner: nil, file: nil, verified: verified)
  }

  /// Opens the table of the line form in a copy of `bytes` (a cache file's), which the table keeps,
  /// reading its foods from the lines of `file`.
  /// - Throws: also when `bytes` hold a table of the compact form.
  init(copying bytes: some Collection<UInt8>, lines file: FileParts) throws(FormatError) {
    let owner = OwnedBytes(bytes)
    try self.init(bytes: UnsafeBufferPointer(owner.buffer), owner: owner, file: file, verified: false)
  }

  private init(bytes: UnsafeBufferPointer<UInt8>, owner: OwnedBytes?, file: FileParts?, verified: Bool)
    throws(FormatError)
  {
    self.bytes = bytes
    self.owner = owner
    self.file = file
    guard let headerEnd = bytes.firstIndex(of: 0x0A, from: 0) else {
      throw FormatError(description: "empty ingredient table")
    }
    let headerFields = Self.text(bytes, 0..<headerEnd).split(
      separator: "\t", omittingEmptySubsequences: false)
    guard headerFields.count == 5, headerFields[0] == (file == nil ? Self.signature : Self.lineSignature),
      let foodCount = Int(headerFields[1]), let blockLength = Int(headerFields[4]),
      0...bytes.count ~= foodCount, 0..<(bytes.count - headerEnd - 1) ~= blockLength,
      bytes[headerEnd + 1 + blockLength] == 0x0A
    else { throw FormatError(description: "not an ingredient table of this version") }
    let block = UnsafeBufferPointer(rebasing: bytes[(headerEnd + 1)..<(headerEnd + 1 + blockLength)])
    guard let index = IngredientIndex(block: block, owner: owner, trusted: verified),
      index.foodCount == foodCount
    else { throw FormatError(description: "the ingredient table's index is damaged") }
    self.index = index
    // The index lines, each ending in a line end; the foods' data (if any) follows them.
    var lines: [Range<Int>] = []
    lines.reserveCapacity(foodCount)
    var start = headerEnd + blockLength + 2
    while lines.count < foodCount {
      guard let end = bytes.firstIndex(of: 0x0A, from: start) else {
        throw FormatError(description: "the ingredient table ends early")
      }
      lines.append(start..<end)
      start = end + 1
    }
    guard file == nil || start == bytes.count else {
      throw FormatError(description: "not an ingredient table of this version")
    }
    self.lines = lines
    dataStart = start
    micronutrientKeys = headerFields[2].split(separator: ",").map(String.init)
    guard let alcohol = IngredientAlcohol(text: String(headerFields[3])) else {
      throw FormatError(description: "the table's alcohol field is malformed")
    }
    self.alcohol = alcohol
  }

  /// The search index of the table's foods, kept in the table (built when the table was written).
  /// - Complexity: O(1).
  public func makeIndex() throws(FormatError) -> IngredientIndex { index }

  /// How many foods the table holds.
  public var count: Int { lines.count }

  /// The position of the food with this id, if any.
  /// - Complexity: O(log count), a binary search of the ids.
  public func position(ofID id: String) -> Int? { index.position(ofID: Array(id.utf8)) }

  /// The food at `position` (`0..<count`), decoded in full; nil only in the line form, when its
  /// line in the file does not hold a valid ingredient with the food's id (the file changed).
  public func ingredient(at position: Int) -> Ingredient? {
    // The index line's fields: id, then where the food's data is.
    let line = lines[position]
    guard let tab = bytes.firstIndex(of: 0x09, from: line.lowerBound, before: line.upperBound)
    else {
      return nil
    }
    let place = bytes[(tab + 1)..<line.upperBound].split(
      separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
    guard place.count == 2, let offset = Self.integer(place[0]).map(Int.init),
      let length = Self.integer(place[1]).map(Int.init)
    else { return nil }
    if let file {
      guard let json = file.bytes(at: offset, length: length),
        case .object(let object)? = try? json.withUnsafeBufferPointer({ buffer throws(JSONSyntaxError) in
          try JSONParser().parse(buffer)
        }),
        let ingredient = try? Ingredient(json: object),
        ingredient.id.utf8.elementsEqual(index.idBytes(of: position))
      else { return nil }
      return ingredient
    }
    // The data line's fields, found by byte (splitting the text by `Character` would segment every
    // grapheme), after the index's (id, name, category, and two the index keeps in its own form).
    guard offset >= 0, length >= 0, offset + length <= bytes.count - dataStart else { return nil }
    let data = (dataStart + offset)..<(dataStart + offset + length)
    let category = index.category(of: position)
    var fields: [Substring] = [
      Substring(index.id(of: position)), Substring(index.name(of: position)), Substring(category.rawValue),
      "", "",
    ]
    // After the aliases (5): one field per nutrient of `Nutrient.all`, then the rest from `rest`.
    let rest = 6 + Nutrient.all.count
    fields.reserveCapacity(rest + 9)
    var start = data.lowerBound
    while true {
      let end = bytes.firstIndex(of: 0x09, from: start, before: data.upperBound) ?? data.upperBound
      fields.append(Self.text(bytes, start..<end))
      if end == data.upperBound { break }
      start = end + 1
    }
    guard fields.count == rest + 9 else { return nil }
    func optional(_ index: Int) -> String? { fields[index].isEmpty ? nil : String(fields[index]) }
    func number(_ index: Int) -> Double? { ShortDecimal.double(fields[index]) }
    var micronutrients: [String: Double] = [:]
    let amounts = Self.split(fields[rest + 7], by: ",", omittingEmpty: false)
    micronutrients.reserveCapacity(amounts.count)
    for (key, value) in zip(micronutrientKeys, amounts) where !value.isEmpty {
      micronutrients[key] = ShortDecimal.double(value)
    }
    let portions = Self.split(fields[rest + 8], by: Self.itemSeparator).map { item in
      let parts = Self.split(item, by: Self.fieldSeparator, omittingEmpty: false)
      return ServingVariation(
        amount: ShortDecimal.double(parts[0]) ?? 1, unit: String(parts[1]), description: String(parts[3]),
        gramsEquivalent: ShortDecimal.double(parts[2]) ?? 1)
    }
    // The table was written from valid ingredients (`encode`), so they are valid again.
    return try! Ingredient(
      id: String(fields[0]), name: String(fields[1]),
      aliases: Self.split(fields[5], by: Self.itemSeparator).map(String.init),
      nutrientsPer100g: NutrientQuantities { number(6 + $0.ordinal) },
      micronutrientsPer100g: micronutrients, commonServingSize: number(rest) ?? 100,
      commonServingUnit: String(fields[rest + 1]), commonServingDescription: optional(rest + 2),
      servingSizeVariations: portions, category: category,
      subcategory: optional(rest + 3), source: DataSource(rawValue: String(fields[rest + 4])) ?? .custom,
      verificationStatus: VerificationStatus(rawValue: String(fields[rest + 5])) ?? .unverified,
      sourceRef: optional(rest + 6))
  }

  /// The food with this id, if any.
  public func ingredient(withID id: String) -> Ingredient? {
    position(ofID: id).flatMap(ingredient(at:))
  }

  /// The whole number written in `digits` (an optional `-`, then ASCII digits), if it fits an `Int32`.
  private static func integer(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> Int32? {
    let negative = digits.first == UInt8(ascii: "-")
    let body = negative ? digits.dropFirst() : digits
    guard !body.isEmpty, body.count <= 9 else { return nil }
    var value: Int32 = 0
    for byte in body {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      value = value * 10 + Int32(byte - UInt8(ascii: "0"))
    }
    return negative ? -value : value
  }

  /// The parts of `text` between `separator`s, found by their UTF-8 bytes (splitting by
  /// `Character` would segment every grapheme).
  private static func split(_ text: Substring, by separator: Character, omittingEmpty: Bool = true)
    -> [Substring]
  {
    var text = text
    return text.withUTF8 { bytes in
      let separator = Array(separator.utf8)
      var parts: [Substring] = []
      var start = 0
      var index = 0
      func addPart(upTo end: Int) {
        if !omittingEmpty || end > start { parts.append(Self.text(bytes, start..<end)) }
      }
      while let found = bytes.firstIndex(of: separator[0], from: index),
        found + separator.count <= bytes.count
      {
        if memcmp(bytes.baseAddress! + found, separator, separator.count) == 0 {
          addPart(upTo: found)
          index = found + separator.count
          start = index
        } else {
          index = found + 1
        }
      }
      addPart(upTo: bytes.count)
      return parts
    }
  }

  private static func text(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Substring {
    Substring(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
  }
}

extension IngredientTable {
  /// The table text of `ingredients` (sorted by id), with their index; with `lines` (the byte range
  /// of each ingredient's line in its file, in the same order), in the line form.
  /// - Throws: when a text holds a tab, line end, ␞ or ␟, or an ingredient has tags, a usage count or
  ///   a last-updated date (which the table does not keep); in the line form, only when an id or a
  ///   name holds a tab or a line end.
  public static func encode(_ ingredients: [Ingredient], lines: [Range<Int>]? = nil) throws(FormatError)
    -> String
  {
    let order = ingredients.indices.sorted {
      ingredients[$0].id.utf8.lexicographicallyPrecedes(ingredients[$1].id.utf8)
    }
    let lines = lines.map { lines in order.map { lines[$0] } }
    let ingredients = order.map { ingredients[$0] }
    for pair in zip(ingredients, ingredients.dropFirst()) where pair.0.id == pair.1.id {
      throw FormatError(description: "\(pair.0.id): the id is used twice")
    }
    let block = IngredientIndex.block(of: ingredients)
    let keys = Ingredient.micronutrientKeyOrder
    var text =
      [
        lines == nil ? Self.signature : Self.lineSignature, String(ingredients.count),
        keys.joined(separator: ","),
        IngredientAlcohol(ingredients).text, String(block.count),
      ].joined(separator: "\t") + "\n" + String(decoding: block, as: UTF8.self) + "\n"
    /// The index line of the food at `position`, whose food is at `start` for `length` bytes.
    func indexLine(_ position: Int, _ start: Int, _ length: Int) -> String {
      "\(ingredients[position].id)\t\(start):\(length)\n"
    }
    if let lines {
      for (position, ingredient) in ingredients.enumerated() {
        if let bad = [ingredient.id, ingredient.name].first(where: { $0.contains { "\t\n\r".contains($0) } })
        {
          throw FormatError(description: "\(ingredient.id): '\(bad)' holds a tab or a line end")
        }
        text += indexLine(position, lines[position].lowerBound, lines[position].count)
      }
      return text
    }
    // The data lines, after the index lines.
    var data = ""
    for (position, ingredient) in ingredients.enumerated() {
      let others = Set(ingredient.micronutrientsPer100g.keys).subtracting(keys)
      guard ingredient.tags.isEmpty, ingredient.usageCount == 0, ingredient.lastUpdated == nil, others.isEmpty
      else {
        throw FormatError(
          description: "\(ingredient.id): tags, usage counts, dates and micronutrients other than "
            + keys.joined(separator: ", ") + " are not kept in the table")
      }
      func number(_ value: Double?) -> String { value.map(DecimalText.shortest) ?? "" }
      let strings =
        [
          ingredient.id, ingredient.name, ingredient.commonServingUnit,
          ingredient.commonServingDescription ?? "",
          ingredient.subcategory ?? "", ingredient.sourceRef ?? "",
        ] + ingredient.aliases + ingredient.servingSizeVariations.flatMap { [$0.unit, $0.description] }
      if let bad = strings.first(where: { $0.contains { "\t\n\r␞␟".contains($0) } }) {
        throw FormatError(description: "\(ingredient.id): '\(bad)' holds a tab, line end, ␞ or ␟")
      }
      let fields: [String] =
        [ingredient.aliases.joined(separator: String(itemSeparator))]
        + Nutrient.all.map { number(ingredient.nutrientsPer100g[$0]) } + [
          number(ingredient.commonServingSize), ingredient.commonServingUnit,
          ingredient.commonServingDescription ?? "", ingredient.subcategory ?? "", ingredient.source.rawValue,
          ingredient.verificationStatus.rawValue, ingredient.sourceRef ?? "",
          keys.map { number(ingredient.micronutrientsPer100g[$0]) }.joined(separator: ","),
          ingredient.servingSizeVariations.map {
            [number($0.amount), $0.unit, number($0.gramsEquivalent), $0.description]
              .joined(separator: String(fieldSeparator))
          }.joined(separator: String(itemSeparator)),
        ]
      let line = fields.joined(separator: "\t")
      let start = data.utf8.count
      data += line + "\n"
      text += indexLine(position, start, line.utf8.count)
    }
    return text + data
  }
}
