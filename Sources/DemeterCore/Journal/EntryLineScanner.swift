/// The journal reader's fast path (SPEC §5): reads one line's bytes straight into an entry sink (a
/// file's day digests, or a table's columns) — no JSON tree, no `String` per field, numbers read
/// directly as exact billionths.
///
/// It uses the strict parser's own string, number and depth checks, and accepts a line only when
/// it is certain the strict path would load it unchanged and without a problem: a single object
/// with only known keys, each once, with values of the right kinds that pass the entry rules.
/// Anything else (an error, an unknown key, an escaped id or timestamp, a non-ASCII meal,…) is
/// declined, and the caller runs the strict path, which reports the line's problems. So the fast
/// path never accepts what the strict parser rejects.
struct EntryLineScanner {
  /// Strings of the current line that had escapes, decoded one after another.
  private var decoded: [UInt8] = []
  /// The JSON reader's buffer for escaped strings, kept from line to line.
  private var scratch: [UInt8] = []
  private var entry = ScannedEntry()
  /// The date of the last timestamp read (a file's lines mostly share one).
  private var dates = DateMemo()
  /// `KeyPattern.all`, held so that reading a key does not go through the global's lazy start.
  private let patterns = KeyPattern.all

  /// Why a line was declined; never shown (the strict path explains the line).
  private static let declined = JSONSyntaxError(offset: 0, message: "declined by the fast path")
  /// Keys every entry must have, as a bit set over `EntryField` ordinals.
  private static let requiredKeys: UInt32 = EntryField.required.reduce(0) {
    $0 | 1 << UInt32($1.ordinal)
  }
  private static let billion: Int64 = 1_000_000_000
  private static let mostMicronutrients = 32
  /// The length of the longest key (`matchedIngredientID`); a longer one is unknown.
  private static let longestKey = 19

  /// Reads `line` (its bytes without the line end, at byte `offset` of its file) and hands it to
  /// `sink`; false when declined, in which case `sink` is not called.
  mutating func scan<Sink: EntrySink>(
    _ line: UnsafeBufferPointer<UInt8>, lineNumber: Int, offset: Int, limits: JSONLimits,
    timeZone: TimeZoneRule, into sink: inout Sink
  ) -> Bool {
    guard line.count <= limits.maxInputBytes else { return false }
    var reader = JSONReader(bytes: line, limits: limits)
    swap(&reader.scratch, &scratch)
    defer { swap(&reader.scratch, &scratch) }
    // (`removeAll(keepingCapacity:)` costs a call even on an empty array.)
    if !decoded.isEmpty { decoded.removeAll(keepingCapacity: true) }
    if !entry.micronutrientNames.isEmpty {
      entry.micronutrientNames.removeAll(keepingCapacity: true)
      entry.micronutrientAmounts.removeAll(keepingCapacity: true)
    }
    entry.matchedIngredientID = nil
    entry.meal = nil
    entry.amounts[.fiber] = 0
    entry.amounts[.sugar] = 0
    entry.line = lineNumber
    do {
      try readObject(&reader)
    } catch {
      return false
    }
    entry.timestamp = entry.timestamp.converted(to: timeZone)
    if decoded.isEmpty {
      // Most lines have no escapes; handing the entry over outside a closure spares copying it.
      sink.add(entry, line: line, decoded: UnsafeBufferPointer(start: nil, count: 0), offset: offset)
    } else {
      decoded.withUnsafeBufferPointer { decodedBytes in
        sink.add(entry, line: line, decoded: decodedBytes, offset: offset)
      }
    }
    return true
  }

  private mutating func readObject(_ reader: inout JSONReader) throws(JSONSyntaxError) {
    reader.skipWhitespace()
    guard try !Self.enterEmpty(JSONByte.openBrace, closing: JSONByte.closeBrace, &reader) else {
      throw Self.declined
    }
    var seen: UInt32 = 0
    var expected = 0
    repeat {
      reader.skipWhitespace()
      let (field, ordinal) = try key(&reader, expected: expected)
      expected = ordinal + 1
      // (Masking shifts: ordinals are below 32, so the checks of `<<` would only cost.)
      let bit: UInt32 = 1 &<< UInt32(truncatingIfNeeded: ordinal)
      guard seen & bit == 0 else { throw Self.declined }
      seen |= bit
      reader.skipWhitespace()
      try readValue(of: field, &reader)
    } while try Self.another(closing: JSONByte.closeBrace, &reader)
    reader.skipWhitespace()
    guard reader.index == reader.count, seen & Self.requiredKeys == Self.requiredKeys else {
      throw Self.declined
    }
    try checkRules(reader.bytes)
  }

  private mutating func readValue(of field: EntryField, _ reader: inout JSONReader) throws(JSONSyntaxError) {
    switch field {
    case .schemaVersion: try readSchemaVersion(&reader)
    case .id: try readID(&reader)
    case .timestamp: try readTimestamp(&reader)
    case .rawDescription: entry.rawDescription = try string(&reader)
    case .foodName: entry.foodName = try string(&reader)
    case .quantity: entry.quantity = try number(&reader)
    case .unit: entry.unit = try string(&reader)
    case .calories: entry.amounts[.calories] = try number(&reader)
    case .protein: entry.amounts[.protein] = try number(&reader)
    case .carbohydrates: entry.amounts[.carbohydrates] = try number(&reader)
    case .fat: entry.amounts[.fat] = try number(&reader)
    case .fiber: entry.amounts[.fiber] = try number(&reader)
    case .sugar: entry.amounts[.sugar] = try number(&reader)
    // Rare (drinks), and read as the row's `alcohol_g` micronutrient: the strict path's.
    case .alcohol: throw Self.declined
    case .confidence: entry.confidence = try number(&reader)
    case .matchedIngredientID:
      if reader.index < reader.count, reader.bytes[reader.index] == UInt8(ascii: "n") {
        guard reader.matchLiteral("null") else { throw Self.declined }
        entry.matchedIngredientID = nil
      } else {
        entry.matchedIngredientID = try string(&reader)
      }
    case .meal: entry.meal = try lowercasedASCII(try string(&reader), line: reader.bytes)
    case .tags: try skipStringArray(&reader)
    case .micronutrients: try readMicronutrients(&reader)
    case .note: _ = try string(&reader)
    }
  }

  /// How many fields from the expected one on are tried before searching (lines in canonical order
  /// skip absent optional keys, a few at a time).
  private static let keysTried = 3

  /// The field named by the key at the cursor, which is passed over with its colon. Lines in
  /// canonical key order name the `expected` field (by ordinal) or one of the next few, checked in
  /// place with the colon after it. Otherwise, known keys being plain letters, the key is the bytes
  /// up to the next quote, compared with the known names; any other key (an escape, an unknown
  /// name) declines.
  @inline(__always)
  private func key(_ reader: inout JSONReader, expected: Int) throws(JSONSyntaxError) -> (
    field: EntryField, ordinal: Int
  ) {
    let bytes = reader.bytes
    guard reader.index < reader.count, bytes[reader.index] == JSONByte.quote else { throw Self.declined }
    let start = reader.index + 1
    if start + KeyPattern.reach <= reader.count, reader.maxStringBytes >= KeyPattern.reach {
      let raw = UnsafeRawPointer(bytes.baseAddress!)
      for ordinal in expected..<min(expected + Self.keysTried, patterns.count)
      where patterns[ordinal].matches(raw, at: start) {
        reader.index = start + patterns[ordinal].length
        return (patterns[ordinal].field, ordinal)
      }
    }
    return try Self.searchedKey(&reader, start: start)
  }

  /// The key starting at `start` (after its opening quote) found by searching for its closing
  /// quote, passed over with its colon.
  @inline(never)
  private static func searchedKey(_ reader: inout JSONReader, start: Int) throws(JSONSyntaxError) -> (
    field: EntryField, ordinal: Int
  ) {
    guard let end = quote(in: reader, from: start, within: longestKey), end - start <= reader.maxStringBytes,
      let match = EntryField.matching(utf8: UnsafeBufferPointer(rebasing: reader.bytes[start..<end]))
    else { throw declined }
    reader.index = end + 1
    try passColon(&reader)
    return match
  }

  /// The position of the first quote at or after `start`, if there is one within `limit` bytes
  /// of it (whatever else the bytes before it are).
  @inline(__always)
  private static func quote(in reader: JSONReader, from start: Int, within limit: Int) -> Int? {
    let bytes = reader.bytes
    var end = start
    // Eight bytes at a time while the line has them (SWAR: the lowest flagged byte is the first quote).
    let ones: UInt64 = 0x0101_0101_0101_0101
    let raw = UnsafeRawPointer(bytes.baseAddress!)
    while end + 8 <= reader.count, end - start <= limit {
      let word =
        UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: end, as: UInt64.self)) ^ (ones &* 0x22)
      let quotes = (word &- ones) & ~word & (ones &* 0x80)
      if quotes != 0 {
        end += quotes.trailingZeroBitCount >> 3
        break
      }
      end += 8
    }
    while end < reader.count, bytes[end] != JSONByte.quote, end - start <= limit { end += 1 }
    guard end < reader.count, bytes[end] == JSONByte.quote, end - start <= limit else { return nil }
    return end
  }

  // MARK: - Values

  /// A string value; its span stays valid for the whole line. A plain ASCII string (most are) is
  /// found here; at the first byte that needs a look, the reader's string scan takes over.
  @inline(__always)
  private mutating func string(_ reader: inout JSONReader) throws(JSONSyntaxError) -> ByteSpan {
    guard reader.index < reader.count, reader.bytes[reader.index] == JSONByte.quote else {
      throw Self.declined
    }
    let open = reader.index
    reader.index += 1
    reader.skipPlainASCII()
    if reader.index < reader.count, reader.bytes[reader.index] == JSONByte.quote,
      reader.index - (open + 1) <= reader.maxStringBytes
    {
      reader.index += 1
      return ByteSpan(inLine: true, range: (open + 1)..<(reader.index - 1))
    }
    switch try reader.scanString(continuingFrom: open) {
    case .plain(let range):
      return ByteSpan(inLine: true, range: range)
    case .decoded:
      let start = decoded.count
      decoded.append(contentsOf: reader.scratch)
      return ByteSpan(inLine: false, range: start..<decoded.count)
    }
  }

  /// `id`: a UUID's 36 characters between quotes (a UUID has nothing to escape or validate as
  /// UTF-8); any other id goes the strict way.
  private mutating func readID(_ reader: inout JSONReader) throws(JSONSyntaxError) {
    let bytes = reader.bytes
    let start = reader.index + 1
    let end = start + UUIDText.length
    guard end < reader.count, bytes[reader.index] == JSONByte.quote, bytes[end] == JSONByte.quote,
      UUIDText.length <= reader.maxStringBytes,
      let uuid = UUIDText.read(UnsafeBufferPointer(rebasing: bytes[start..<end]))
    else { throw Self.declined }
    entry.id = ByteSpan(inLine: true, range: start..<end)
    entry.idValue = uuid.value
    entry.idHasCapitals = uuid.hasCapitals
    reader.index = end + 1
  }

  /// A string value written without escapes (timestamps; escaped ones go the strict way).
  private mutating func plainString(_ reader: inout JSONReader) throws(JSONSyntaxError) -> ByteSpan {
    let span = try string(&reader)
    guard span.inLine else { throw Self.declined }
    return span
  }

  @inline(__always)
  private mutating func number(_ reader: inout JSONReader) throws(JSONSyntaxError) -> Int64 {
    guard reader.index < reader.count,
      reader.bytes[reader.index] == JSONByte.minus || JSONByte.isDigit(reader.bytes[reader.index])
    else { throw Self.declined }
    if let billionths = Self.plainDecimal(&reader) { return billionths }
    let range = try reader.scanNumber()
    switch FixedDecimal.read(jsonNumber: UnsafeBufferPointer(rebasing: reader.bytes[range])) {
    case .exact(let value), .rounded(let value): return value.billionths
    case .outOfRange: throw Self.declined
    }
  }

  /// The common number form read in one pass: `-?(0|[1-9][0-9]{0,8})(\.[0-9]{1,9})?` not followed
  /// by another digit, a point or an exponent. Any other literal is left for `scanNumber` and
  /// `FixedDecimal.read` (the reader does not move then).
  @inline(__always)
  private static func plainDecimal(_ reader: inout JSONReader) -> Int64? {
    let bytes = reader.bytes
    var index = reader.index
    let negative = bytes[index] == JSONByte.minus
    if negative { index += 1 }
    let integerStart = index
    // Up to seven digits before and after the point, eight bytes at a time, where the line has
    // room to load them; longer forms (and a line's last bytes) go digit by digit below.
    if index + 17 <= reader.count {
      let raw = UnsafeRawPointer(bytes.baseAddress!)
      let word = raw.littleEndianWord(at: index)
      let digits = DigitWords.leadingDigits(word)
      if digits > 0, digits < 8 {
        guard digits == 1 || bytes[index] != JSONByte.zero else { return nil }
        var value = DigitWords.value(word, count: digits) * billion
        index += digits
        var fractionFits = true
        if bytes[index] == JSONByte.dot {
          let fraction = raw.littleEndianWord(at: index + 1)
          let fractionDigits = DigitWords.leadingDigits(fraction)
          guard fractionDigits > 0 else { return nil }
          fractionFits = fractionDigits < 8
          if fractionFits {
            value += DigitWords.value(fraction, count: fractionDigits) * billionthsPerUnit(ofDigit: fractionDigits)
            index += 1 + fractionDigits
          }
        }
        if fractionFits {
          if bytes[index] | 0x20 == UInt8(ascii: "e") { return nil }
          reader.index = index
          return negative ? -value : value
        }
        index = integerStart
      }
    }
    var integer: Int64 = 0
    while index < reader.count, JSONByte.isDigit(bytes[index]) {
      integer = integer * 10 + Int64(bytes[index] &- JSONByte.zero)
      index += 1
      if index - integerStart > 9 { return nil }
    }
    let integerDigits = index - integerStart
    guard integerDigits > 0, integerDigits == 1 || bytes[integerStart] != JSONByte.zero else { return nil }
    var fraction: Int64 = 0
    var scale: Int64 = billion
    if index < reader.count, bytes[index] == JSONByte.dot {
      index += 1
      let fractionStart = index
      while index < reader.count, JSONByte.isDigit(bytes[index]) {
        fraction = fraction * 10 + Int64(bytes[index] &- JSONByte.zero)
        scale /= 10
        index += 1
        if index - fractionStart > 9 { return nil }
      }
      guard index > fractionStart else { return nil }
    }
    if index < reader.count, bytes[index] | 0x20 == UInt8(ascii: "e") { return nil }
    reader.index = index
    let value = integer * billion + fraction * scale
    return negative ? -value : value
  }

  /// Billionths in one unit of the `digit`th decimal after the point (1…9).
  @inline(__always)
  private static func billionthsPerUnit(ofDigit digit: Int) -> Int64 {
    switch digit {
    case 1: 100_000_000
    case 2: 10_000_000
    case 3: 1_000_000
    case 4: 100_000
    case 5: 10_000
    case 6: 1_000
    case 7: 100
    case 8: 10
    default: 1
    }
  }

  /// The length of the longest timestamp read without first scanning it as a string (nine digits
  /// of fraction and an offset); longer ones are scanned.
  private static let longestTimestamp = 35

  /// A timestamp, read straight from the bytes up to the next quote: every byte `Timestamp.parse`
  /// accepts is printable ASCII other than a quote or backslash, so what it reads is a plain JSON
  /// string. Longer or escaped timestamps go the strict way.
  private mutating func readTimestamp(_ reader: inout JSONReader) throws(JSONSyntaxError) {
    let start = reader.index + 1
    guard reader.index < reader.count, reader.bytes[reader.index] == JSONByte.quote,
      let end = Self.quote(in: reader, from: start, within: min(Self.longestTimestamp, reader.maxStringBytes))
    else { throw Self.declined }
    switch Timestamp.parse(UnsafeBufferPointer(rebasing: reader.bytes[start..<end]), dates: &dates) {
    case .success(let timestamp): entry.timestamp = timestamp
    case .failure: throw Self.declined
    }
    reader.index = end + 1
  }

  /// `schemaVersion`: a whole number from 1 to `EntrySchema.current` written with digits only (as
  /// `Int(literal)` reads it); a newer version goes the strict way, which warns about it.
  private mutating func readSchemaVersion(_ reader: inout JSONReader) throws(JSONSyntaxError) {
    guard reader.index < reader.count, JSONByte.isDigit(reader.bytes[reader.index]) else {
      throw Self.declined
    }
    let range = try reader.scanNumber()
    guard range.count <= 18 else { throw Self.declined }
    var value = 0
    for index in range {
      let byte = reader.bytes[index]
      guard JSONByte.isDigit(byte) else { throw Self.declined }
      value = value * 10 + Int(byte &- JSONByte.zero)
    }
    guard value >= 1, value <= EntrySchema.current else { throw Self.declined }
  }

  /// The meal in lower case; only ASCII meals are lowered here (others go the strict way). A meal
  /// already in lower case keeps its span; others are lowered into `decoded`.
  private mutating func lowercasedASCII(_ span: ByteSpan, line: UnsafeBufferPointer<UInt8>)
    throws(JSONSyntaxError)
    -> ByteSpan
  {
    if span.inLine, !line[span.range].contains(where: { $0 >= 0x80 || $0 &- UInt8(ascii: "A") < 26 }) {
      return span
    }
    let start = decoded.count
    for index in span.range {
      let byte = span.inLine ? line[index] : decoded[index]
      guard byte < 0x80 else { throw Self.declined }
      decoded.append(byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte)
    }
    return ByteSpan(inLine: false, range: start..<decoded.count)
  }

  private mutating func skipStringArray(_ reader: inout JSONReader) throws(JSONSyntaxError) {
    guard try !Self.enterEmpty(JSONByte.openBracket, closing: JSONByte.closeBracket, &reader) else { return }
    repeat {
      reader.skipWhitespace()
      guard reader.index < reader.count, reader.bytes[reader.index] == JSONByte.quote else {
        throw Self.declined
      }
      _ = try reader.scanString()
    } while try Self.another(closing: JSONByte.closeBracket, &reader)
  }

  /// Enters the container that must open with `opening` at the cursor; true when it is empty (and
  /// has been left again).
  @inline(__always)
  private static func enterEmpty(_ opening: UInt8, closing: UInt8, _ reader: inout JSONReader)
    throws(JSONSyntaxError) -> Bool
  {
    guard reader.index < reader.count, reader.bytes[reader.index] == opening else { throw declined }
    try reader.enter(at: reader.index)
    reader.index += 1
    reader.skipWhitespace()
    guard reader.index < reader.count, reader.bytes[reader.index] == closing else { return false }
    reader.index += 1
    reader.depth -= 1
    return true
  }

  /// After a member or element: true when a `,` follows (passed over), false when `closing` does
  /// (passed over, container left).
  @inline(__always)
  private static func another(closing: UInt8, _ reader: inout JSONReader) throws(JSONSyntaxError) -> Bool {
    reader.skipWhitespace()
    guard reader.index < reader.count else { throw declined }
    switch reader.bytes[reader.index] {
    case JSONByte.comma:
      reader.index += 1
      return true
    case closing:
      reader.index += 1
      reader.depth -= 1
      return false
    default:
      throw declined
    }
  }

  /// `micronutrients`: an object of name → number; names must be plain ASCII here, so that
  /// comparing bytes finds exactly the duplicates the strict parser finds.
  private mutating func readMicronutrients(_ reader: inout JSONReader) throws(JSONSyntaxError) {
    guard try !Self.enterEmpty(JSONByte.openBrace, closing: JSONByte.closeBrace, &reader) else { return }
    repeat {
      reader.skipWhitespace()
      let name = try plainString(&reader)
      let nameBytes = UnsafeBufferPointer(rebasing: reader.bytes[name.range])
      guard entry.micronutrientNames.count < Self.mostMicronutrients, nameBytes.allSatisfy({ $0 < 0x80 }),
        !entry.micronutrientNames.contains(where: {
          UnsafeBufferPointer(rebasing: reader.bytes[$0.range]).elementsEqual(nameBytes)
        })
      else { throw Self.declined }
      try Self.passColon(&reader)
      reader.skipWhitespace()
      let amount = try number(&reader)
      guard amount >= 0 else { throw Self.declined }
      entry.micronutrientNames.append(name)
      entry.micronutrientAmounts.append(amount)
    } while try Self.another(closing: JSONByte.closeBrace, &reader)
  }

  /// Passes over the `:` after a key, with the whitespace before it.
  @inline(__always)
  private static func passColon(_ reader: inout JSONReader) throws(JSONSyntaxError) {
    reader.skipWhitespace()
    guard reader.index < reader.count, reader.bytes[reader.index] == JSONByte.colon else { throw declined }
    reader.index += 1
  }

  // MARK: - Entry rules (FoodEntryRules, on exact values)

  private mutating func checkRules(_ line: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) {
    guard entry.quantity > 0, entry.amounts.noneNegative, entry.confidence >= 0, entry.confidence <= Self.billion,
      decodedOrLine(entry.foodName, line, FoodEntryRules.hasNonWhitespace(utf8:))
    else { throw Self.declined }
  }

  private func decodedOrLine<Result>(
    _ span: ByteSpan, _ line: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    if span.inLine { return body(UnsafeBufferPointer(rebasing: line[span.range])) }
    return decoded.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[span.range])) }
  }
}
