#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A compact, read-only ingredient table with its search index, as the build embeds the USDA table
/// into the binary (`ingredient-embedder`): UTF-8 text, one header line (signature, food count, word
/// count, micronutrient keys, the alcohol of the foods with alcohol as `IngredientAlcohol.text`), the
/// vocabulary (one word a line, sorted), one index line per food, then the foods' data, one line each.
///
/// An index line holds tab-separated fields: id, name, category, rank prior, words (`word:part` or
/// `word:alias:a`, space-separated) and where the food's data is (`start:length`, in bytes after the
/// last index line). A data line holds the other fields: aliases, kcal, protein, carbs, fat, fibre,
/// sugar, serving size, serving unit, serving description, subcategory, source, verification status,
/// source reference, micronutrients (positional, in the header's key order, comma-separated, empty
/// when absent) and portions (`amount`␟`unit`␟`grams`␟`description`, ␞-separated). An absent optional
/// field is empty. Opening the table finds its index lines only (not the data, nine tenths of the
/// embedded table); `makeIndex()` reads the index, and a food's data is decoded when asked for.
///
/// The line form (`encode(_:lines:)`, a journal's own file as `IngredientFileCache` keeps it) has the
/// same header and index lines and no data: where an index line says is the ingredient's line in the
/// journal's `ingredients.jsonl`. A food is read from that line (`pread`) and parsed when asked for,
/// so the cache stays small and every field an ingredient can have is kept; a line that no longer
/// holds its food gives nil, never another food.
public struct IngredientTable: @unchecked Sendable {
  /// The header's first word and version.
  static let signature = "demeter-ingredient-table 2"
  /// The header's first field in the line form.
  static let lineSignature = "demeter-ingredient-table 2 lines"
  static let itemSeparator: Character = "␞"
  static let fieldSeparator: Character = "␟"

  private let bytes: UnsafeBufferPointer<UInt8>
  /// What keeps `bytes` allocated, for a table read from a file.
  private let owner: OwnedBytes?
  /// The file whose lines the foods are, in the line form (nil in the compact form).
  private let file: FileParts?
  private let words: [Range<Int>]
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
  /// embedded table is static). Reads the header and finds the index lines; nothing is decoded.
  /// - Complexity: O(index lines), a scan for their ends.
  package init(bytes: UnsafeBufferPointer<UInt8>) throws(FormatError) {
    try self.init(bytes: bytes, owner: nil, file: nil)
  }

  /// Opens the table of the line form in a copy of `bytes` (a cache file's), which the table keeps,
  /// reading its foods from the lines of `file`.
  /// - Throws: also when `bytes` hold a table of the compact form.
  init(copying bytes: some Collection<UInt8>, lines file: FileParts) throws(FormatError) {
    let owner = OwnedBytes(bytes)
    try self.init(bytes: UnsafeBufferPointer(owner.buffer), owner: owner, file: file)
  }

  private init(bytes: UnsafeBufferPointer<UInt8>, owner: OwnedBytes?, file: FileParts?) throws(FormatError) {
    self.bytes = bytes
    self.owner = owner
    self.file = file
    guard let headerEnd = Self.firstIndex(of: 0x0A, in: bytes, from: 0) else {
      throw FormatError(description: "empty ingredient table")
    }
    let headerFields = Self.text(bytes, 0..<headerEnd).split(separator: "\t", omittingEmptySubsequences: false)
    guard headerFields.count == 5, headerFields[0] == (file == nil ? Self.signature : Self.lineSignature),
      let foodCount = Int(headerFields[1]), let wordCount = Int(headerFields[2]),
      0...bytes.count ~= foodCount, 0...bytes.count ~= wordCount
    else { throw FormatError(description: "not an ingredient table of this version") }
    // The index lines, each ending in a line end; the foods' data (if any) follows them.
    var lineRanges: [Range<Int>] = []
    lineRanges.reserveCapacity(wordCount + foodCount)
    var start = headerEnd + 1
    while lineRanges.count < wordCount + foodCount {
      guard let end = Self.firstIndex(of: 0x0A, in: bytes, from: start) else {
        throw FormatError(description: "the ingredient table ends early")
      }
      lineRanges.append(start..<end)
      start = end + 1
    }
    guard file == nil || start == bytes.count else {
      throw FormatError(description: "not an ingredient table of this version")
    }
    dataStart = start
    micronutrientKeys = headerFields[3].split(separator: ",").map(String.init)
    guard let alcohol = IngredientAlcohol(text: String(headerFields[4])) else {
      throw FormatError(description: "the table's alcohol field is malformed")
    }
    self.alcohol = alcohol
    words = Array(lineRanges[..<wordCount])
    lines = Array(lineRanges[wordCount...])
  }

  /// The search index of the table's foods, read from the table (built when the table was written).
  /// - Complexity: O(index fields of every food).
  public func makeIndex() throws(FormatError) -> IngredientIndex {
    var foods: [IngredientIndex.Food] = []
    var tokens: [IngredientIndex.Token] = []
    var tokenStart: [Int32] = [0]
    foods.reserveCapacity(lines.count)
    tokenStart.reserveCapacity(lines.count + 1)
    tokens.reserveCapacity(lines.count * 8)
    let wordCount = Int32(words.count)
    var fields: [Range<Int>] = []
    fields.reserveCapacity(5)
    let categories = IngredientCategory.allCases.map { (name: Array($0.rawValue.utf8), category: $0) }
    /// The category named by the bytes of `field` (compared with `memcmp`, not element by element).
    func category(_ field: Range<Int>) -> IngredientCategory? {
      categories.first { named in
        named.name.count == field.count
          && named.name.withUnsafeBytes { memcmp($0.baseAddress!, bytes.baseAddress! + field.lowerBound, field.count) == 0 }
      }?.category
    }
    for (position, line) in lines.enumerated() {
      // id, name, category, prior, words: the first five tab-separated fields.
      fields.removeAll(keepingCapacity: true)
      var start = line.lowerBound
      while fields.count < 5, start <= line.upperBound {
        let end = Self.firstIndex(of: 0x09, in: bytes, from: start, before: line.upperBound) ?? line.upperBound
        fields.append(start..<end)
        start = end + 1
      }
      // (Made only when thrown: a message per food would cost more than reading the food.)
      func malformed() -> FormatError { FormatError(description: "food line \(position + 1) is malformed") }
      guard fields.count == 5,
        let category = category(fields[2]),
        let prior = Self.integer(bytes[fields[3]])
      else { throw malformed() }
      // `word:part` or `word:part:a`, space-separated, read in one pass.
      var index = fields[4].lowerBound
      let end = fields[4].upperBound
      /// The whole number of up to 9 digits at `index`, which it passes.
      func number() throws(FormatError) -> Int32 {
        var value: Int32 = 0
        let first = index
        while index < end, bytes[index] &- UInt8(ascii: "0") < 10 {
          value = value &* 10 &+ Int32(bytes[index] &- UInt8(ascii: "0"))
          index += 1
        }
        guard index > first, index - first <= 9 else { throw malformed() }
        return value
      }
      while index < end {
        if bytes[index] == UInt8(ascii: " ") {
          index += 1
          continue
        }
        let word = try number()
        guard index < end, bytes[index] == UInt8(ascii: ":") else { throw malformed() }
        index += 1
        let part = try number()
        var alias = false
        if index < end, bytes[index] == UInt8(ascii: ":") {
          guard index + 1 < end, bytes[index + 1] == UInt8(ascii: "a") else { throw malformed() }
          alias = true
          index += 2
        }
        guard index == end || bytes[index] == UInt8(ascii: " "), 0..<wordCount ~= word, 0...255 ~= part else {
          throw malformed()
        }
        tokens.append(IngredientIndex.Token(word: word, part: UInt8(part), isAlias: alias))
      }
      tokenStart.append(Int32(tokens.count))
      foods.append(
        IngredientIndex.Food(
          id: Self.string(bytes, fields[0]), name: fields[1], category: category, prior: prior))
    }
    return IngredientIndex(
      words: words.map { Array(bytes[$0]) }, foods: foods, tokens: tokens, tokenStart: tokenStart,
      names: bytes, owner: owner)
  }

  /// How many foods the table holds.
  public var count: Int { lines.count }

  /// The position of the food with this id, if any.
  /// - Complexity: O(log count), a binary search of the ids.
  public func position(ofID id: String) -> Int? {
    let wanted = Array(id.utf8)
    var low = 0
    var high = lines.count
    while low < high {
      let middle = (low + high) / 2
      if idBytes(at: middle).lexicographicallyPrecedes(wanted) { low = middle + 1 } else { high = middle }
    }
    return low < lines.count && idBytes(at: low).elementsEqual(wanted) ? low : nil
  }

  /// The id field of the food at `position`.
  private func idBytes(at position: Int) -> Slice<UnsafeBufferPointer<UInt8>> {
    let line = lines[position]
    let end = Self.firstIndex(of: 0x09, in: bytes, from: line.lowerBound, before: line.upperBound) ?? line.upperBound
    return bytes[line.lowerBound..<end]
  }

  /// The food at `position` (`0..<count`), decoded in full; nil only in the line form, when its
  /// line in the file does not hold a valid ingredient with the food's id (the file changed).
  public func ingredient(at position: Int) -> Ingredient? {
    // The index line's fields: id, name, category, prior, words, then where the food's data is.
    let line = lines[position]
    var fields: [Substring] = []
    fields.reserveCapacity(21)
    var start = line.lowerBound
    while fields.count < 5 {
      guard let tab = Self.firstIndex(of: 0x09, in: bytes, from: start, before: line.upperBound) else { return nil }
      fields.append(Self.text(bytes, start..<tab))
      start = tab + 1
    }
    let place = bytes[start..<line.upperBound].split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
    guard place.count == 2, let offset = Self.integer(place[0]).map(Int.init),
      let length = Self.integer(place[1]).map(Int.init)
    else { return nil }
    if let file {
      guard let json = file.bytes(at: offset, length: length),
        case .object(let object)? = try? json.withUnsafeBufferPointer({ buffer throws(JSONSyntaxError) in
          try JSONParser().parse(buffer)
        }),
        let ingredient = try? Ingredient(json: object), ingredient.id.utf8.elementsEqual(idBytes(at: position))
      else { return nil }
      return ingredient
    }
    // The data line's fields, found by byte (splitting the text by `Character` would segment every
    // grapheme).
    guard offset >= 0, length >= 0, offset + length <= bytes.count - dataStart else { return nil }
    let data = (dataStart + offset)..<(dataStart + offset + length)
    start = data.lowerBound
    while true {
      let end = Self.firstIndex(of: 0x09, in: bytes, from: start, before: data.upperBound) ?? data.upperBound
      fields.append(Self.text(bytes, start..<end))
      if end == data.upperBound { break }
      start = end + 1
    }
    guard fields.count == 21 else { return nil }
    func optional(_ index: Int) -> String? { fields[index].isEmpty ? nil : String(fields[index]) }
    func number(_ index: Int) -> Double? { Double(fields[index]) }
    var micronutrients: [String: Double] = [:]
    let amounts = fields[19].utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
    micronutrients.reserveCapacity(amounts.count)
    for (key, value) in zip(micronutrientKeys, amounts) where !value.isEmpty {
      micronutrients[key] = Double(Substring(value))
    }
    let portions = fields[20].split(separator: Self.itemSeparator).map { item in
      let parts = item.split(separator: Self.fieldSeparator, omittingEmptySubsequences: false)
      return ServingVariation(
        amount: Double(parts[0]) ?? 1, unit: String(parts[1]), description: String(parts[3]),
        gramsEquivalent: Double(parts[2]) ?? 1)
    }
    // The table was written from valid ingredients (`encode`), so they are valid again.
    return try! Ingredient(
      id: String(fields[0]), name: String(fields[1]),
      aliases: fields[5].split(separator: Self.itemSeparator).map(String.init),
      caloriesPer100g: number(6) ?? 0, proteinPer100g: number(7) ?? 0, carbsPer100g: number(8) ?? 0,
      fatPer100g: number(9) ?? 0, fiberPer100g: number(10), sugarPer100g: number(11),
      micronutrientsPer100g: micronutrients, commonServingSize: number(12) ?? 100,
      commonServingUnit: String(fields[13]), commonServingDescription: optional(14),
      servingSizeVariations: portions, category: IngredientCategory(rawValue: String(fields[2])) ?? .snack,
      subcategory: optional(15), source: DataSource(rawValue: String(fields[16])) ?? .custom,
      verificationStatus: VerificationStatus(rawValue: String(fields[17])) ?? .unverified,
      sourceRef: optional(18))
  }

  /// The food with this id, if any.
  public func ingredient(withID id: String) -> Ingredient? {
    position(ofID: id).flatMap(ingredient(at:))
  }

  /// The text of `range` as a `String` (one copy, not a `Substring` first).
  private static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
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

  private static func text(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Substring {
    Substring(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
  }

  /// The first `byte` at or after `start` and before `end` (default: the end), by `memchr`.
  private static func firstIndex(
    of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, before end: Int? = nil
  ) -> Int? {
    let end = end ?? bytes.count
    guard start < end, let base = bytes.baseAddress else { return nil }
    guard let found = memchr(base + start, Int32(byte), end - start) else { return nil }
    return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
  }
}

extension IngredientTable {
  /// The table text of `ingredients` (sorted by id), with their index; with `lines` (the byte range
  /// of each ingredient's line in its file, in the same order), in the line form.
  /// - Throws: when a text holds a tab, line end, ␞ or ␟, or an ingredient has tags, a usage count or
  ///   a last-updated date (which the table does not keep); in the line form, only when an id or a
  ///   name holds a tab or a line end.
  public static func encode(_ ingredients: [Ingredient], lines: [Range<Int>]? = nil) throws(FormatError) -> String {
    let order = ingredients.indices.sorted { ingredients[$0].id.utf8.lexicographicallyPrecedes(ingredients[$1].id.utf8) }
    let lines = lines.map { lines in order.map { lines[$0] } }
    let ingredients = order.map { ingredients[$0] }
    let index = IngredientIndex(ingredients)
    let keys = Ingredient.micronutrientKeyOrder
    var text =
      [
        lines == nil ? Self.signature : Self.lineSignature, String(ingredients.count), String(index.words.count),
        keys.joined(separator: ","), IngredientAlcohol(ingredients).text,
      ].joined(separator: "\t") + "\n"
    for word in index.words { text += String(decoding: word, as: UTF8.self) + "\n" }
    for pair in zip(ingredients, ingredients.dropFirst()) where pair.0.id == pair.1.id {
      throw FormatError(description: "\(pair.0.id): the id is used twice")
    }
    /// The index line of the food at `position`, whose food is at `start` for `length` bytes.
    func indexLine(_ position: Int, _ start: Int, _ length: Int) -> String {
      let ingredient = ingredients[position]
      let words = index.tokens(of: position).map { "\($0.word):\($0.part)" + ($0.isAlias ? ":a" : "") }
      return [
        ingredient.id, ingredient.name, ingredient.category.rawValue, String(index.foods[position].prior),
        words.joined(separator: " "), "\(start):\(length)",
      ].joined(separator: "\t") + "\n"
    }
    if let lines {
      for (position, ingredient) in ingredients.enumerated() {
        if let bad = [ingredient.id, ingredient.name].first(where: { $0.contains { "\t\n\r".contains($0) } }) {
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
      let strings = [
        ingredient.id, ingredient.name, ingredient.commonServingUnit, ingredient.commonServingDescription ?? "",
        ingredient.subcategory ?? "", ingredient.sourceRef ?? "",
      ] + ingredient.aliases + ingredient.servingSizeVariations.flatMap { [$0.unit, $0.description] }
      if let bad = strings.first(where: { $0.contains { "\t\n\r␞␟".contains($0) } }) {
        throw FormatError(description: "\(ingredient.id): '\(bad)' holds a tab, line end, ␞ or ␟")
      }
      let fields: [String] = [
        ingredient.aliases.joined(separator: String(itemSeparator)),
        number(ingredient.caloriesPer100g), number(ingredient.proteinPer100g), number(ingredient.carbsPer100g),
        number(ingredient.fatPer100g), number(ingredient.fiberPer100g), number(ingredient.sugarPer100g),
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
