import DemeterFoundation

/// The journal reader's fast path (manual: architecture): reads one line's bytes straight into an entry sink (a
/// file's day digests, an export's entries, …) — no JSON tree, no `String` per field, numbers read
/// directly as exact billionths.
///
/// It uses the strict parser's own string, number and depth checks, and accepts a line only when
/// it is certain the strict path would load it unchanged and without a problem: a single object
/// with only known keys, each once, with values of the right kinds that pass the entry rules.
/// Anything else (an error, an unknown key, an escaped id or timestamp, a non-ASCII meal,…) is
/// declined, and the caller runs the strict path, which reports the line's problems. So the fast
/// path never accepts what the strict parser rejects. Where `check` collects warnings, a line the
/// strict path would warn about is declined too (`ScanWarnings`).
package struct EntryLineScanner {
  /// Strings of the current line that had escapes, decoded one after another.
  package private(set) var decoded: [UInt8] = []
  /// The JSON reader's buffer for escaped strings, kept from line to line.
  private var scratch: [UInt8] = []
  package var entry = ScannedEntry()
  /// The date of the last timestamp read (a file's lines mostly share one).
  private var dates = DateMemo()
  /// `KeyPattern.all`, held so that reading a key does not go through the global's lazy start.
  package let patterns = KeyPattern.all
  /// How many patterns there are (asking the array each time is a call).
  private let patternCount = KeyPattern.all.count
  /// The `schemaVersion` of the line that said one last (valid for a line whose keys include it).
  private var declaredVersion = 1
  /// What a line is declined for besides problems (`check`'s warnings); nil for reports.
  package var warnings: ScanWarnings?
  /// Where warnings are collected, the date of the entry just accepted when it is another day's
  /// than its file's (a line the strict path warns about for that alone, which the parser does).
  var misplacedDate: CivilDate?

  package init() {}

  /// Keys every entry must have, as a bit set over `EntryField` ordinals (held, like `patterns`,
  /// so that a line does not go through a global's lazy start).
  private let requiredKeys: UInt32 = EntryField.required.reduce(0) { $0 | seenBit(ordinal: $1.ordinal) }
  package static let billion: Int64 = 1_000_000_000

  /// The bit of the field of `ordinal` in a set of fields seen. (A masking shift: ordinals are below
  /// 32, so the checks of `<<` would only cost.)
  @inline(__always)
  package static func seenBit(ordinal: Int) -> UInt32 { 1 &<< UInt32(truncatingIfNeeded: ordinal) }
  private static let mostMicronutrients = 32
  /// The length of the longest key (`matchedIngredientID`); a longer one is unknown.
  static let longestKey = 19

  /// Reads the line that starts at `lineStart` of `file` (a file's bytes) and hands it to `sink`;
  /// the index of the line's end (its `\n`, or `file.count`) when accepted, nil when declined, in
  /// which case `sink` is not called. The scanner finds the line's end itself: the line is an
  /// object between whitespace other than `\n`, then a `\n` or the file's end.
  package mutating func scan<Sink: EntrySink>(
    _ file: UnsafeBufferPointer<UInt8>, lineStart: Int, lineNumber: Int, limits: JSONLimits,
    timeZone: TimeZoneRule, into sink: inout Sink
  ) -> Int? {
    guard lineStart < file.count else { return nil }
    // (`removeAll(keepingCapacity:)` costs a call even on an empty array.)
    if !decoded.isEmpty { decoded.removeAll(keepingCapacity: true) }
    if !entry.micronutrientNames.isEmpty {
      entry.micronutrientNames.removeAll(keepingCapacity: true)
      entry.micronutrientAmounts.removeAll(keepingCapacity: true)
    }
    entry.matchedIngredientID = nil
    entry.meal = nil
    entry.reviewed = false
    entry.amounts = NutrientAmounts()
    if Sink.keepsTagsAndNote {
      if !entry.tags.isEmpty { entry.tags.removeAll(keepingCapacity: true) }
      entry.note = nil
    }
    entry.line = lineNumber
    let rest = UnsafeBufferPointer(start: file.baseAddress! + lineStart, count: file.count &- lineStart)
    var cursor = LineCursor(lineAt: rest, limits: limits)
    guard
      readObject(
        &cursor, keepsRawDescription: Sink.keepsRawDescription, keepsTagsAndNote: Sink.keepsTagsAndNote)
    else { return nil }
    // The line's bytes, as the strict path would have them: without its line end's `\r`.
    var length = cursor.index
    if rest[length &- 1] == JSONByte.carriageReturn { length &-= 1 }
    guard length <= limits.maxInputBytes else { return nil }
    let line = UnsafeBufferPointer(start: rest.baseAddress, count: length)
    if let warnings {
      misplacedDate = nil
      if warns(warnings, line: line, endsFile: cursor.index == rest.count) { return nil }
    }
    entry.timestamp = entry.timestamp.converted(to: timeZone)
    if decoded.isEmpty {
      // Most lines have no escapes; handing the entry over outside a closure spares copying it.
      sink.add(&entry, line: line, decoded: UnsafeBufferPointer(start: nil, count: 0), offset: lineStart)
    } else {
      decoded.withUnsafeBufferPointer { decodedBytes in
        sink.add(&entry, line: line, decoded: decodedBytes, offset: lineStart)
      }
    }
    return lineStart &+ cursor.index
  }

  @inline(__always)
  private mutating func readObject(
    _ cursor: inout LineCursor, keepsRawDescription: Bool, keepsTagsAndNote: Bool
  ) -> Bool {
    guard cursor.maxDepth >= 1, cursor.pass(JSONByte.openBrace) else { return false }
    // Known keys are checked in place only where the string limit lets every one of them be.
    let keysInPlace = cursor.maxStringBytes >= Self.longestKey
    var seen: UInt32 = 0
    var expected = 0
    var more = true
    /// Whether every member was read in canonical order (the member loop did not run).
    var inCanonicalOrder = false
    if keysInPlace {
      guard
        readCanonicalMembers(
          &cursor, seen: &seen, expected: &expected, keepsRawDescription: keepsRawDescription,
          keepsTagsAndNote: keepsTagsAndNote)
      else { return false }
      if seen != 0 {
        guard let another = Self.another(closing: JSONByte.closeBrace, &cursor) else { return false }
        more = another
        inCanonicalOrder = !another
      }
    }
    while more {
      guard cursor.pass(JSONByte.quote),
        let (field, ordinal) = key(&cursor, expected: expected, inPlace: keysInPlace)
      else { return false }
      expected = ordinal + 1
      let bit = Self.seenBit(ordinal: ordinal)
      guard seen & bit == 0,
        readValue(
          of: field, &cursor, keepsRawDescription: keepsRawDescription, keepsTagsAndNote: keepsTagsAndNote)
      else { return false }
      seen |= bit
      guard let another = Self.another(closing: JSONByte.closeBrace, &cursor) else { return false }
      more = another
    }
    // The line ends here: at its `\n` (compact lines), or after whitespace at a `\n` or the file's end.
    if cursor.byte != JSONByte.lineFeed {
      cursor.skipWhitespace()
      guard cursor.index == cursor.count || cursor.byte == JSONByte.lineFeed else { return false }
    }
    guard seen & requiredKeys == requiredKeys, saysItsVersion(seen) else { return false }
    if keepsTagsAndNote {
      entry.keys = seen
      entry.keysInCanonicalOrder = inCanonicalOrder
    }
    return rulesHold(cursor.bytes)
  }

  /// Reads the value of `field` into the entry (the raw description only where `keepsRawDescription`,
  /// tags and note only where `keepsTagsAndNote`).
  @inline(__always)
  mutating func readValue(
    of field: EntryField, _ cursor: inout LineCursor, keepsRawDescription: Bool, keepsTagsAndNote: Bool
  ) -> Bool {
    cursor.skipWhitespace()
    if let ordinal = field.nutrientOrdinal { return Self.read(&entry.amounts[ordinal: ordinal], &cursor) }
    switch field {
    case .schemaVersion:
      guard let (end, version) = Self.schemaVersion(cursor) else { return false }
      cursor.index = end
      declaredVersion = version
      return true
    case .reviewed: return readReviewed(&cursor)
    case .id: return readID(&cursor)
    case .timestamp: return readTimestamp(&cursor)
    case .rawDescription where keepsRawDescription:
      guard let description = string(&cursor) else { return false }
      entry.rawDescription = description
      return true
    case .note where keepsTagsAndNote:
      guard let note = string(&cursor) else { return false }
      entry.note = note
      return true
    case .rawDescription, .note: return skipString(&cursor)
    case .foodName:
      guard let name = string(&cursor) else { return false }
      entry.foodName = name
      return true
    case .quantity: return Self.read(&entry.quantity, &cursor)
    case .unit:
      guard let unit = string(&cursor) else { return false }
      entry.unit = unit
      return true
    case .confidence: return Self.read(&entry.confidence, &cursor)
    case .matchedIngredientID:
      guard cursor.byte == UInt8(ascii: "n") else {
        guard let id = string(&cursor) else { return false }
        entry.matchedIngredientID = id
        return true
      }
      // `null` must then be followed by `,`, `}` or whitespace, as the strict parser wants.
      guard cursor.index + 4 <= cursor.count,
        cursor.start.loadUnaligned(fromByteOffset: cursor.index, as: UInt32.self) == Self.null
      else { return false }
      cursor.index += 4
      return true
    case .meal:
      guard let meal = string(&cursor), let lowered = lowercasedASCII(meal, line: cursor.bytes) else {
        return false
      }
      entry.meal = lowered
      return true
    case .tags: return readStringArray(&cursor, keeping: keepsTagsAndNote)
    case .micronutrients: return Self.move(&cursor, to: micronutrientsEnd(cursor))
    // The nutrients are read above; `alcohol` is rare (drinks), and read as the row's `alcohol_g`
    // micronutrient: the strict path's.
    default: return false
    }
  }

  /// Moves the cursor to `end` (where a slow path, which took the cursor by value so that it
  /// stays in registers, stopped); false when there is none.
  @inline(__always)
  private static func move(_ cursor: inout LineCursor, to end: Int?) -> Bool {
    guard let end else { return false }
    cursor.index = end
    return true
  }

  /// Reads a number into `number`.
  @inline(__always)
  package static func read(_ number: inout Int64, _ cursor: inout LineCursor) -> Bool {
    guard let read = Self.number(&cursor) else { return false }
    number = read
    return true
  }

  /// `null` as a 4-byte word in memory order.
  private static let null = UInt32(littleEndian: 0x6C6C_756E)

  /// How many fields from the expected one on are tried before searching (lines in canonical order
  /// skip absent optional keys, a few at a time).
  private static let keysTried = 3

  /// The field named by the key whose opening quote is just behind the cursor, which is passed
  /// over with its colon. Lines in canonical key order name the `expected` field (by ordinal) or
  /// one of the next few, checked in place with the colon after it (`KeyPattern.matchesKey`, which
  /// loads from up to two bytes before the key: there are the object's brace and the quote at
  /// least). Otherwise, known keys being plain letters, the key is the bytes up to the next quote,
  /// compared with the known names; any other key (an escape, an unknown name) declines.
  @inline(__always)
  private func key(_ cursor: inout LineCursor, expected: Int, inPlace: Bool) -> (
    field: EntryField, ordinal: Int
  )? {
    if inPlace {
      for ordinal in expected..<min(expected + Self.keysTried, patternCount) {
        let pattern = patterns[ordinal]
        if cursor.index - pattern.keyOffset + pattern.reach <= cursor.count,
          pattern.matchesKey(cursor.start, at: cursor.index)
        {
          cursor.index += pattern.length - pattern.keyOffset
          return (pattern.field, ordinal)
        }
      }
    }
    guard let (match, end) = Self.searchedKey(cursor) else { return nil }
    cursor.index = end
    return match
  }

  /// The key starting at the cursor (after its opening quote) found by searching for its closing
  /// quote, and the index after its colon.
  @inline(never)
  private static func searchedKey(_ cursor: LineCursor) -> ((field: EntryField, ordinal: Int), Int)? {
    var cursor = cursor
    let start = cursor.index
    guard let end = cursor.quote(from: start, within: longestKey), end - start <= cursor.maxStringBytes,
      let match = EntryField.matching(utf8: UnsafeBufferPointer(rebasing: cursor.bytes[start..<end]))
    else { return nil }
    cursor.index = end + 1
    guard cursor.pass(JSONByte.colon) else { return nil }
    return (match, cursor.index)
  }

  // MARK: - Values

  /// A string value; its span stays valid for the whole line. A string without escapes (most are)
  /// is found here, its multi-byte sequences checked in place; at an escape or a byte that is not
  /// well-formed, the strict parser's string scan takes over.
  @inline(__always)
  private mutating func string(_ cursor: inout LineCursor) -> ByteSpan? {
    guard cursor.byte == JSONByte.quote else { return nil }
    let open = cursor.index
    cursor.index += 1
    while true {
      cursor.skipPlainASCII()
      if cursor.byte == JSONByte.quote, cursor.index - (open + 1) <= cursor.maxStringBytes {
        cursor.index += 1
        return ByteSpan(inLine: true, range: (open + 1)..<(cursor.index - 1))
      }
      guard Self.passMultiByteSequence(&cursor) else { break }
    }
    guard let (span, end) = decodedString(cursor, open: open) else { return nil }
    cursor.index = end
    return span
  }

  /// The rest of the string opened at `open`, scanned by the strict parser from the cursor (which
  /// stopped at a byte that needs a look), and the index after it.
  @inline(never)
  private mutating func decodedString(_ cursor: LineCursor, open: Int) -> (ByteSpan, Int)? {
    var reader = cursor.reader
    swap(&reader.scratch, &scratch)
    defer { swap(&reader.scratch, &scratch) }
    guard let scanned = try? reader.scanString(continuingFrom: open) else { return nil }
    switch scanned {
    case .plain(let range):
      return (ByteSpan(inLine: true, range: range), reader.index)
    case .decoded:
      let start = decoded.count
      decoded.append(contentsOf: reader.scratch)
      return (ByteSpan(inLine: false, range: start..<decoded.count), reader.index)
    }
  }

  /// Passes over a string value the entry does not keep (raw description, note, tags), checked as
  /// the strict parser checks it. Plain ASCII, well-formed multi-byte sequences and the escapes of
  /// one letter are passed here; at anything else (`\u`, a control character, a malformed
  /// sequence) the strict scan takes over.
  @inline(__always)
  private mutating func skipString(_ cursor: inout LineCursor) -> Bool {
    guard cursor.byte == JSONByte.quote else { return false }
    let open = cursor.index
    cursor.index += 1
    while true {
      cursor.skipPlainASCII()
      let byte = cursor.byte
      if byte == JSONByte.quote {
        guard cursor.index - (open + 1) <= cursor.maxStringBytes else { break }
        cursor.index += 1
        return true
      }
      if byte == JSONByte.backslash, Self.isOneLetterEscape(cursor[cursor.index + 1]) {
        cursor.index += 2
        continue
      }
      guard Self.passMultiByteSequence(&cursor) else { break }
    }
    var rest = cursor
    rest.index = open + 1
    guard let (_, end) = decodedString(rest, open: open) else { return false }
    cursor.index = end
    return true
  }

  /// Passes over the well-formed multi-byte UTF-8 sequence at the cursor; false when there is none.
  @inline(__always)
  private static func passMultiByteSequence(_ cursor: inout LineCursor) -> Bool {
    guard cursor.byte >= 0x80 else { return false }
    let length = cursor.multiByteSequenceLength()
    cursor.index &+= length
    return length > 0
  }

  /// Whether `\` followed by `letter` is a complete escape (`\"`, `\\`, `\/`, `\b`, `\f`, `\n`,
  /// `\r`, `\t`).
  @inline(__always)
  private static func isOneLetterEscape(_ letter: UInt8) -> Bool {
    switch letter {
    case JSONByte.quote, JSONByte.backslash, JSONByte.slash, UInt8(ascii: "b"), UInt8(ascii: "f"),
      UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
      true
    default: false
    }
  }

  /// `id`: a UUID's 36 characters between quotes (a UUID has nothing to escape or validate as
  /// UTF-8); any other id goes the strict way.
  @inline(__always)
  private mutating func readID(_ cursor: inout LineCursor) -> Bool {
    let start = cursor.index + 1
    let end = start + UUIDText.length
    guard cursor.byte == JSONByte.quote, cursor[end] == JSONByte.quote,
      UUIDText.length <= cursor.maxStringBytes,
      let uuid = UUIDText.read(cursor.bytes(in: start..<end))
    else { return false }
    entry.id = ByteSpan(inLine: true, range: start..<end)
    entry.idValue = uuid.value
    entry.idHasCapitals = uuid.hasCapitals
    cursor.index = end + 1
    return true
  }

  /// A number: the common short form (`shortDecimal`) read from two words where there is room
  /// to load them, any other literal by the strict parser's number scan and `FixedDecimal.read`.
  @inline(__always)
  private static func number(_ cursor: inout LineCursor) -> Int64? {
    if cursor.index + shortDecimalReach <= cursor.count,
      let (billionths, end) = shortDecimal(cursor.start, at: cursor.index)
    {
      cursor.index = end
      return billionths
    }
    guard let (value, end) = scannedNumber(cursor) else { return nil }
    cursor.index = end
    return value
  }

  /// The number at the cursor read by the strict parser's scan, and the index after it.
  @inline(never)
  private static func scannedNumber(_ cursor: LineCursor) -> (Int64, Int)? {
    guard cursor.byte == JSONByte.minus || JSONByte.isDigit(cursor.byte) else { return nil }
    var reader = cursor.reader
    guard let range = try? reader.scanNumber() else { return nil }
    switch FixedDecimal.read(jsonNumber: UnsafeBufferPointer(rebasing: cursor.bytes[range])) {
    case .exact(let value): return (value.billionths, reader.index)
    // More than nine decimals: the strict path rounds the same way and may warn about it.
    case .rounded, .outOfRange: return nil
    }
  }

  /// How many bytes from a number's start `shortDecimal` may load: a sign and two words.
  static let shortDecimalReach = 17

  /// The common number form `-?(0|[1-9][0-9]{0,6})(\.[0-9]{1,7})?`, not followed by another digit
  /// or an exponent, read at `start` of `raw`: its billionths and the index after it; nil for any
  /// other form. `shortDecimalReach` bytes from `start` may be loaded (where they pass the line's
  /// end, its line end stops the digits). A number that ends within the word at its start, without
  /// a sign (most: `182`, `12.25`, `0.924`), is read from that word alone; any other from the word
  /// of its whole part and the word after its point (`wideShortDecimal`). Kept out of line and
  /// small: a call costs less than a body inlined at every number (inlined into the run of numbers
  /// it measured 9 % more instructions).
  @inline(never)
  package static func shortDecimal(_ raw: UnsafeRawPointer, at start: Int) -> (billionths: Int64, end: Int)? {
    let word = raw.littleEndianWord(at: start)
    let nonDigits = DigitWords.nonDigits(word)
    let integerDigits = nonDigits.trailingZeroBitCount >> 3
    guard integerDigits > 0, integerDigits < 7, integerDigits == 1 || word & 0xFF != UInt64(JSONByte.zero)
    else { return wideShortDecimal(raw, at: start) }
    let integerBits = UInt64(truncatingIfNeeded: 8 &* integerDigits)
    let next = UInt8(truncatingIfNeeded: word &>> integerBits)
    if next != JSONByte.dot {
      guard next | 0x20 != UInt8(ascii: "e") else { return nil }
      return (DigitWords.value(word, count: integerDigits) &* billion, start &+ integerDigits)
    }
    // A point carries nothing into the flags of the bytes after it, so the lowest flag above it
    // is the first byte after the fraction's digits (none within the word: the wide reading).
    let fractionFlags = nonDigits ^ (0x80 &<< integerBits)
    guard fractionFlags != 0 else { return wideShortDecimal(raw, at: start) }
    let end = fractionFlags.trailingZeroBitCount >> 3
    let fractionDigits = end &- integerDigits &- 1
    let after = UInt8(truncatingIfNeeded: word &>> UInt64(truncatingIfNeeded: 8 &* end))
    guard fractionDigits > 0, after | 0x20 != UInt8(ascii: "e") else { return nil }
    // The digits without the point: the fraction's moved down one byte onto it.
    let below: UInt64 = (1 &<< integerBits) &- 1
    let digits = (word & below) | ((word &>> 8) & ~below)
    let value = DigitWords.value(digits, count: end &- 1) &* billionthsPerUnit(fractionDigits: fractionDigits)
    return (value, start &+ end)
  }

  /// Billionths in a unit of the last of `fractionDigits` (1…6) fraction digits.
  @inline(__always)
  private static func billionthsPerUnit(fractionDigits: Int) -> Int64 {
    switch fractionDigits {
    case 1: 100_000_000
    case 2: 10_000_000
    case 3: 1_000_000
    case 4: 100_000
    case 5: 10_000
    default: 1_000
    }
  }

  /// `shortDecimal`'s reading from two words (a sign, a number longer than a word).
  @inline(never)
  private static func wideShortDecimal(
    _ raw: UnsafeRawPointer, at start: Int
  ) -> (billionths: Int64, end: Int)? {
    let negative = raw.load(fromByteOffset: start, as: UInt8.self) == JSONByte.minus
    let integerStart = negative ? start + 1 : start
    let word = raw.littleEndianWord(at: integerStart)
    let digits = DigitWords.leadingDigits(word)
    guard digits > 0, digits < 8, digits == 1 || word & 0xFF != UInt64(JSONByte.zero) else { return nil }
    var value = DigitWords.value(word, count: digits) &* billion
    var end = integerStart + digits
    var next = UInt8(truncatingIfNeeded: word >> UInt64(8 * digits))
    if next == JSONByte.dot {
      let fraction = raw.littleEndianWord(at: end + 1)
      let nonDigits = DigitWords.nonDigits(fraction)
      let fractionDigits = nonDigits.trailingZeroBitCount >> 3
      guard fractionDigits > 0, fractionDigits < 8 else { return nil }
      // Units of 10⁻⁸ times ten are billionths.
      value &+= DigitWords.paddedValue(fraction, nonDigits: nonDigits) &* 10
      end += 1 + fractionDigits
      next = UInt8(truncatingIfNeeded: fraction >> UInt64(8 * fractionDigits))
    }
    guard next | 0x20 != UInt8(ascii: "e") else { return nil }
    return (negative ? 0 &- value : value, end)
  }

  /// The length of the longest timestamp read without first scanning it as a string (nine digits
  /// of fraction and an offset); longer ones are scanned.
  private static let longestTimestamp = 35
  /// The length of the common timestamp form, with an offset and without a fraction.
  private static let commonTimestamp = 25

  /// A timestamp, read straight from the bytes up to the next quote: every byte `Timestamp.parse`
  /// accepts is printable ASCII other than a quote or backslash, so what it reads is a plain JSON
  /// string. Longer or escaped timestamps go the strict way.
  ///
  /// The common form (`YYYY-MM-DDTHH:MM:SS±HH:MM` on the date of the timestamp before) is tried
  /// first where its closing quote would be, without a search: no text that parses as a timestamp
  /// has a quote, so when it parses, that quote ends the string.
  @inline(__always)
  private mutating func readTimestamp(_ cursor: inout LineCursor) -> Bool {
    let start = cursor.index + 1
    guard cursor.byte == JSONByte.quote else { return false }
    let commonEnd = start + Self.commonTimestamp
    if cursor[commonEnd] == JSONByte.quote, Self.commonTimestamp <= cursor.maxStringBytes,
      let timestamp = Timestamp.parseRemembered(cursor.bytes(in: start..<commonEnd), dates: dates)
    {
      entry.timestamp = timestamp
      cursor.index = commonEnd + 1
      return true
    }
    guard let end = Self.otherTimestamp(cursor, from: start, into: &entry.timestamp, dates: &dates) else {
      return false
    }
    cursor.index = end + 1
    return true
  }

  /// `readTimestamp` for a timestamp not in the common form (one with milliseconds, the first of a
  /// date, …): found up to its quote and read by `Timestamp.parse`, straight into `timestamp`.
  /// Gives the index of the closing quote. (Out of line: in the scanner's body, its search and
  /// result cost registers and stack every line.)
  @inline(never)
  private static func otherTimestamp(
    _ cursor: LineCursor, from start: Int, into timestamp: inout Timestamp, dates: inout DateMemo
  ) -> Int? {
    guard let end = cursor.quote(from: start, within: min(longestTimestamp, cursor.maxStringBytes)),
      case .success(let parsed) = Timestamp.parse(cursor.bytes(in: start..<end), dates: &dates)
    else { return nil }
    timestamp = parsed
    return end
  }

  /// `schemaVersion`: a whole number from 1 to `EntrySchema.current` written with digits only (as
  /// `Int(literal)` reads it); a newer version goes the strict way, which warns about it. Gives
  /// the index after it, and the version.
  @inline(never)
  private static func schemaVersion(_ cursor: LineCursor) -> (end: Int, version: Int)? {
    guard JSONByte.isDigit(cursor.byte) else { return nil }
    var reader = cursor.reader
    guard let range = try? reader.scanNumber(), range.count <= 18 else { return nil }
    var value = 0
    for index in range {
      let byte = cursor.bytes[index]
      guard JSONByte.isDigit(byte) else { return nil }
      value = value * 10 + Int(byte &- JSONByte.zero)
    }
    guard value >= 1, value <= EntrySchema.current else { return nil }
    return (reader.index, value)
  }

  /// The version from which a line may say `reviewed`.
  private static let reviewedVersion = EntrySchema.version(introducing: .reviewed)

  /// Whether a line with the keys `seen` says a version that has them all: one with `reviewed`
  /// must say `reviewedVersion` or later (a line that does not is read by the strict path, and
  /// `fmt --upgrade` would rewrite it). Other keys of later versions are declined where they are read.
  @inline(__always)
  private func saysItsVersion(_ seen: UInt32) -> Bool {
    seen & Self.seenBit(ordinal: EntryField.reviewed.ordinal) == 0
      || (seen & Self.seenBit(ordinal: EntryField.schemaVersion.ordinal) != 0
        && declaredVersion >= Self.reviewedVersion)
  }

  /// `reviewed`: `true` or `false` (what follows is checked as after any value).
  @inline(never)
  private mutating func readReviewed(_ cursor: inout LineCursor) -> Bool {
    let trueWord = UInt32(littleEndian: 0x6575_7274)
    let falsWord = UInt32(littleEndian: 0x736C_6166)
    guard cursor.index + 4 <= cursor.count else { return false }
    let word = cursor.start.loadUnaligned(fromByteOffset: cursor.index, as: UInt32.self)
    if word == trueWord {
      cursor.index += 4
      entry.reviewed = true
      return true
    }
    guard word == falsWord, cursor.index + 5 <= cursor.count, cursor[cursor.index + 4] == UInt8(ascii: "e") else {
      return false
    }
    cursor.index += 5
    entry.reviewed = false
    return true
  }

  /// The meal in lower case; only ASCII meals are lowered here (others go the strict way). A meal
  /// already in lower case keeps its span; others are lowered into `decoded`.
  @inline(__always)
  private mutating func lowercasedASCII(_ span: ByteSpan, line: UnsafeBufferPointer<UInt8>) -> ByteSpan? {
    if span.inLine, Self.isLowercaseASCII(line, span.range) == true { return span }
    return loweredASCII(span, line: line)
  }

  /// `lowercasedASCII` of a meal not checked in place (longer than sixteen bytes, near the line's
  /// start, in `decoded`, or with capitals or bytes from 0x80 up).
  @inline(never)
  private mutating func loweredASCII(_ span: ByteSpan, line: UnsafeBufferPointer<UInt8>) -> ByteSpan? {
    if span.inLine, !line[span.range].contains(where: { $0 >= 0x80 || $0 &- UInt8(ascii: "A") < 26 }) {
      return span
    }
    let start = decoded.count
    for index in span.range {
      let byte = span.inLine ? line[index] : decoded[index]
      guard byte < 0x80 else { return nil }
      decoded.append(byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte)
    }
    return ByteSpan(inLine: false, range: start..<decoded.count)
  }

  /// Whether the bytes of a string's `range` in `line` are ASCII without capitals, checked as the
  /// word that ends where they end and, for more than eight, the word that starts where they start;
  /// nil for more than sixteen bytes or fewer than eight before the range's end. The quote before
  /// the range stops the carries of the words' sums.
  @inline(__always)
  private static func isLowercaseASCII(_ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool? {
    let count = range.upperBound &- range.lowerBound
    guard count > 0 else { return true }
    guard count <= 16, range.upperBound >= 8 else { return nil }
    let raw = UnsafeRawPointer(line.baseAddress!)
    let ones: UInt64 = 0x0101_0101_0101_0101
    /// The high bit of every byte from 0x80 up and of every capital (at least "A", below "["); a
    /// sum carries out of a byte only from 0xC1 up, which is flagged itself.
    func flagged(_ word: UInt64) -> UInt64 {
      (word | ((word &+ ones &* 0x3F) & ~(word &+ ones &* 0x25))) & (ones &* 0x80)
    }
    // The last word's bytes before the range (when it has fewer than eight) are not looked at.
    let tail = ~UInt64(0) &<< UInt64(truncatingIfNeeded: 8 &* (8 &- min(count, 8)))
    var flags = flagged(raw.littleEndianWord(at: range.upperBound - 8)) & tail
    if count > 8 { flags |= flagged(raw.littleEndianWord(at: range.lowerBound)) }
    return flags == 0
  }

  /// Reads an array of strings (`tags`): each string's span goes to `entry.tags` where `keeping`,
  /// else it is only passed over.
  @inline(__always)
  private mutating func readStringArray(_ cursor: inout LineCursor, keeping: Bool) -> Bool {
    guard let empty = Self.enterEmpty(JSONByte.openBracket, closing: JSONByte.closeBracket, &cursor) else {
      return false
    }
    if empty { return true }
    while true {
      cursor.skipWhitespace()
      if keeping {
        guard let tag = string(&cursor) else { return false }
        entry.tags.append(tag)
      } else {
        guard skipString(&cursor) else { return false }
      }
      guard let more = Self.another(closing: JSONByte.closeBracket, &cursor) else { return false }
      if !more { return true }
    }
  }

  /// Enters a container nested in the entry, which must open with `opening` at the cursor: true
  /// when it is empty (and has been left again), nil when it is not there or too deep.
  @inline(__always)
  private static func enterEmpty(_ opening: UInt8, closing: UInt8, _ cursor: inout LineCursor) -> Bool? {
    guard cursor.maxDepth >= 2, cursor.byte == opening else { return nil }
    cursor.index += 1
    guard cursor.pass(closing) else { return false }
    return true
  }

  /// After a member or element: true when a `,` follows (passed over), false when `closing` does
  /// (passed over), nil otherwise.
  @inline(__always)
  private static func another(closing: UInt8, _ cursor: inout LineCursor) -> Bool? {
    cursor.skipWhitespace()
    switch cursor.byte {
    case JSONByte.comma:
      cursor.index += 1
      return true
    case closing:
      cursor.index += 1
      return false
    default:
      return nil
    }
  }

  /// `micronutrients`: an object of name → number; names must be plain ASCII without escapes
  /// here, so that comparing bytes finds exactly the duplicates the strict parser finds. Gives the
  /// index after it.
  @inline(never)
  private mutating func micronutrientsEnd(_ start: LineCursor) -> Int? {
    var cursor = start
    guard let empty = Self.enterEmpty(JSONByte.openBrace, closing: JSONByte.closeBrace, &cursor) else {
      return nil
    }
    if empty { return cursor.index }
    while true {
      cursor.skipWhitespace()
      guard cursor.byte == JSONByte.quote, entry.micronutrientNames.count < Self.mostMicronutrients else {
        return nil
      }
      cursor.index += 1
      let nameStart = cursor.index
      cursor.skipPlainASCII()
      let name = nameStart..<cursor.index
      guard cursor.byte == JSONByte.quote, name.count <= cursor.maxStringBytes,
        !Self.isRepeated(name, among: entry.micronutrientNames, in: cursor.bytes)
      else { return nil }
      cursor.index += 1
      guard cursor.pass(JSONByte.colon) else { return nil }
      cursor.skipWhitespace()
      guard let amount = Self.number(&cursor), amount >= 0 else { return nil }
      entry.micronutrientNames.append(ByteSpan(inLine: true, range: name))
      entry.micronutrientAmounts.append(amount)
      guard let more = Self.another(closing: JSONByte.closeBrace, &cursor) else { return nil }
      if !more { return cursor.index }
    }
  }

  /// Whether the bytes of `name` in `line` are those of one of `names` (spans of the line).
  private static func isRepeated(
    _ name: Range<Int>, among names: [ByteSpan], in line: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    names.contains { other in
      other.range.count == name.count && line[other.range].elementsEqual(line[name])
    }
  }

  // MARK: - Entry rules (FoodEntryRules, on exact values)

  /// (Inlined: a call would copy the whole scanner, its `self`.)
  @inline(__always)
  private func rulesHold(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    entry.quantity > 0 && entry.amounts.noneNegative && entry.confidence >= 0
      && entry.confidence <= Self.billion
      && (Self.startsVisibly(entry.foodName, line)
        || decodedOrLine(entry.foodName, line, FoodEntryRules.hasNonWhitespace(utf8:)))
  }

  /// Whether `span` is in the line and starts with a visible ASCII character (so it is not all
  /// white space: most names are checked so, without a call).
  @inline(__always)
  private static func startsVisibly(_ span: ByteSpan, _ line: UnsafeBufferPointer<UInt8>) -> Bool {
    span.inLine && !span.range.isEmpty && line[span.range.lowerBound] &- 0x21 < 0x7F - 0x21
  }

  private func decodedOrLine<Result>(
    _ span: ByteSpan, _ line: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    if span.inLine { return body(UnsafeBufferPointer(rebasing: line[span.range])) }
    return decoded.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[span.range])) }
  }
}
