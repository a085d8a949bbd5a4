/// A strict RFC 8259 JSON parser over raw UTF-8 bytes.
///
/// Accepts exactly the JSON grammar: no comments, trailing commas, single quotes, NaN/Infinity,
/// leading zeros or other extensions; whitespace is only space, tab, LF and CR. Strings must be
/// valid UTF-8 (no overlong forms, encoded surrogates or code points above U+10FFFF) without raw
/// control characters, and `\u` escapes must not leave a surrogate unpaired. Numbers keep their
/// literal text and must be finite as a `Double`. Duplicate keys in one object are errors.
/// Any value is accepted at the top level; callers check its kind.
///
/// Every rejection is a `JSONSyntaxError` naming the offending byte offset. Limits on depth and size
/// (`JSONLimits`) keep hostile input from exhausting the stack or memory.
public struct JSONParser: Sendable {
  /// The bounds enforced on every parse.
  public var limits: JSONLimits

  /// A parser enforcing `limits`.
  public init(limits: JSONLimits = .default) {
    self.limits = limits
  }

  /// Parses one JSON text that fills `bytes` (surrounding whitespace allowed).
  ///
  /// The buffer is only read during the call; nothing returned refers to it.
  package func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONValue {
    var reader = try reader(of: bytes)
    return try reader.parseDocument()
  }

  /// A reader of `bytes`, which must be within the size limit.
  private func reader(of bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONReader {
    guard bytes.count <= limits.maxInputBytes else {
      throw JSONSyntaxError(
        offset: Swift.max(limits.maxInputBytes, 0),
        message: "input is longer than the limit of \(JSONLimits.describe(bytes: limits.maxInputBytes))")
    }
    return JSONReader(bytes: bytes, limits: limits)
  }

  /// Parses one JSON text given as a string; offsets count its UTF-8 bytes.
  public func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
    var text = text
    let result = text.withUTF8 { bytes in
      Result { () throws(JSONSyntaxError) -> JSONValue in try parse(bytes) }
    }
    return try result.get()
  }

  /// Parses one JSON text given as bytes, which need not be valid UTF-8.
  public func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
    let result = bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(JSONSyntaxError) -> JSONValue in try parse(buffer) }
    }
    return try result.get()
  }

  /// Parses one JSON text given as bytes (as `parse(_:)`), with the byte offset of each item of
  /// the top-level value when it is an array (else no offsets), to locate problems in an item.
  package func parseLocatingItems(_ bytes: [UInt8]) throws(JSONSyntaxError) -> (
    value: JSONValue, itemOffsets: [Int]
  ) {
    let result = bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(JSONSyntaxError) -> (value: JSONValue, itemOffsets: [Int]) in
        var reader = try reader(of: buffer)
        reader.itemOffsets = []
        let value = try reader.parseDocument()
        return (value, reader.itemOffsets ?? [])
      }
    }
    return try result.get()
  }
}

/// ASCII bytes the grammar names.
@usableFromInline package enum JSONByte {
  @inlinable package static var quote: UInt8 { UInt8(ascii: "\"") }
  @inlinable package static var backslash: UInt8 { UInt8(ascii: "\\") }
  @inlinable package static var slash: UInt8 { UInt8(ascii: "/") }
  @inlinable package static var comma: UInt8 { UInt8(ascii: ",") }
  @inlinable package static var colon: UInt8 { UInt8(ascii: ":") }
  @inlinable package static var openBracket: UInt8 { UInt8(ascii: "[") }
  @inlinable package static var closeBracket: UInt8 { UInt8(ascii: "]") }
  @inlinable package static var openBrace: UInt8 { UInt8(ascii: "{") }
  @inlinable package static var closeBrace: UInt8 { UInt8(ascii: "}") }
  @inlinable package static var minus: UInt8 { UInt8(ascii: "-") }
  @inlinable package static var plus: UInt8 { UInt8(ascii: "+") }
  @inlinable package static var dot: UInt8 { UInt8(ascii: ".") }
  @inlinable package static var zero: UInt8 { UInt8(ascii: "0") }
  @inlinable package static var space: UInt8 { UInt8(ascii: " ") }
  @inlinable package static var tab: UInt8 { UInt8(ascii: "\t") }
  @inlinable package static var lineFeed: UInt8 { UInt8(ascii: "\n") }
  @inlinable package static var carriageReturn: UInt8 { UInt8(ascii: "\r") }

  @inlinable package static func isDigit(_ byte: UInt8) -> Bool { byte &- zero < 10 }
  @inlinable package static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- UInt8(ascii: "a") < 26 }
}

/// The state of one parse: the input, a cursor and the current depth. It lives only for the
/// duration of `JSONParser.parse`, so the buffer pointer never escapes.
@usableFromInline package struct JSONReader {
  package let bytes: UnsafeBufferPointer<UInt8>
  package let count: Int
  package let maxDepth: Int
  package let maxStringBytes: Int
  package var index = 0
  package var depth = 0
  /// Reused for strings that contain escapes.
  package var scratch: [UInt8] = []
  /// When not nil, the offsets of the top-level array's items are appended here.
  package var itemOffsets: [Int]?

  package init(bytes: UnsafeBufferPointer<UInt8>, limits: JSONLimits) {
    self.bytes = bytes
    self.count = bytes.count
    self.maxDepth = limits.effectiveMaxDepth
    self.maxStringBytes = limits.maxStringBytes
  }

  /// Parses the whole input as one value with optional surrounding whitespace.
  mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
    skipWhitespace()
    if index == count {
      throw fail(
        index,
        count == 0 ? "empty input; expected a JSON value" : "expected a JSON value, found only whitespace")
    }
    let value = try parseValue()
    skipWhitespace()
    if index < count {
      if isCommentStart(index) { throw fail(index, "comments are not allowed in JSON") }
      throw fail(index, "unexpected text after the JSON value")
    }
    return value
  }

  /// Moves past any whitespace at the cursor; inline, since compact JSON mostly has none.
  @inline(__always)
  package mutating func skipWhitespace() {
    // Every JSON whitespace byte is at most a space; anything above needs no further look.
    guard index < count, bytes[index] <= JSONByte.space else { return }
    index = Self.whitespaceEnd(bytes, from: index)
  }

  /// The index of the first byte at or after `start` that is not JSON whitespace (or `bytes.count`).
  @inline(never)
  package static func whitespaceEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    var index = start
    while index < bytes.count {
      switch bytes[index] {
      case JSONByte.space, JSONByte.tab, JSONByte.lineFeed, JSONByte.carriageReturn: index += 1
      default: return index
      }
    }
    return index
  }

  /// Parses the value starting at `index` (whitespace already skipped).
  mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
    guard index < count else { throw expected("a value", at: index) }
    switch bytes[index] {
    case JSONByte.quote:
      return .string(try parseString())
    case JSONByte.openBrace:
      return try parseObject()
    case JSONByte.openBracket:
      return try parseArray()
    case JSONByte.minus, JSONByte.zero...UInt8(ascii: "9"):
      return .number(try parseNumber())
    case UInt8(ascii: "t"):
      if matchLiteral("true") { return .bool(true) }
    case UInt8(ascii: "f"):
      if matchLiteral("false") { return .bool(false) }
    case UInt8(ascii: "n"):
      if matchLiteral("null") { return .null }
    default:
      break
    }
    throw badValueStart()
  }

  /// Consumes `literal` if it is at `index` and not followed by another letter.
  mutating func matchLiteral(_ literal: StaticString) -> Bool {
    let length = literal.utf8CodeUnitCount
    guard index + length <= count else { return false }
    let expected = literal.utf8Start
    for k in 0..<length where bytes[index + k] != expected[k] { return false }
    if index + length < count, JSONByte.isLetter(bytes[index + length]) { return false }
    index += length
    return true
  }

  /// Enters a container opened at `offset`, enforcing the depth limit.
  mutating func enter(at offset: Int) throws(JSONSyntaxError) {
    guard depth < maxDepth else { throw fail(offset, "nesting deeper than \(maxDepth) levels") }
    depth += 1
  }

  mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
    try enter(at: index)
    index += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if index < count, bytes[index] == JSONByte.closeBracket {
      index += 1
      depth -= 1
      return .array(elements)
    }
    while true {
      if depth == 1 { itemOffsets?.append(index) }
      elements.append(try parseValue())
      guard try passSeparator(closing: JSONByte.closeBracket, after: "array element") else {
        return .array(elements)
      }
    }
  }

  mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
    try enter(at: index)
    index += 1
    var members: [JSONMember] = []
    var keyIndex = JSONKeyIndex()
    skipWhitespace()
    if index < count, bytes[index] == JSONByte.closeBrace {
      index += 1
      depth -= 1
      return .object(JSONObject(members: members))
    }
    while true {
      guard index < count, bytes[index] == JSONByte.quote else { throw badKey() }
      let keyOffset = index
      let key = try parseString()
      if let first = keyIndex.firstOffset(of: key, in: members) {
        throw fail(
          keyOffset, "duplicate key \(JSONReader.quoteForMessage(key)) (first at column \(first + 1))")
      }
      skipWhitespace()
      guard index < count, bytes[index] == JSONByte.colon else {
        throw expected("':' after object key", at: index)
      }
      index += 1
      skipWhitespace()
      let valueOffset = index
      let value = try parseValue()
      members.append(JSONMember(key: key, value: value, keyOffset: keyOffset, valueOffset: valueOffset))
      keyIndex.added(members)
      guard try passSeparator(closing: JSONByte.closeBrace, after: "object member") else {
        return .object(JSONObject(members: members))
      }
    }
  }

  /// Passes what follows an array element or object member (`what`): a `,` (true: another
  /// follows) or `closing` (false: the container is left). A `,` just before `closing` is a trailing
  /// comma, and a `"` after an object member a missing `,`.
  @inline(__always)
  private mutating func passSeparator(closing: UInt8, after what: String) throws(JSONSyntaxError) -> Bool {
    skipWhitespace()
    /// The closing byte as messages quote it (made only for a message).
    func close() -> String { "'\(Character(Unicode.Scalar(closing)))'" }
    guard index < count else { throw expected("',' or \(close()) after \(what)", at: index) }
    switch bytes[index] {
    case JSONByte.comma:
      let comma = index
      index += 1
      skipWhitespace()
      if index < count, bytes[index] == closing { throw fail(comma, "trailing comma before \(close())") }
      return true
    case closing:
      index += 1
      depth -= 1
      return false
    case JSONByte.quote where closing == JSONByte.closeBrace:
      throw fail(index, "expected ',' between object members")
    default:
      throw expected("',' or \(close()) after \(what)", at: index)
    }
  }
}

/// Finds duplicate keys, comparing them byte for byte (`JSONObject`): a linear scan for small
/// objects, a dictionary once an object grows.
package struct JSONKeyIndex {
  private static let linearLimit = 16
  private var offsets: [Key: Int]?

  /// A key hashed and compared by its UTF-8 bytes, not by Swift's canonical equivalence.
  private struct Key: Hashable {
    package var text: String

    package static func == (a: Key, b: Key) -> Bool { JSONKeyIndex.sameUTF8(a.text, b.text) }

    package func hash(into hasher: inout Hasher) {
      for byte in text.utf8 { hasher.combine(byte) }
    }
  }

  /// The key offset of an earlier member named `key`, if any.
  package func firstOffset(of key: String, in members: [JSONMember]) -> Int? {
    if let offsets { return offsets[Key(text: key)] }
    for member in members where Self.sameUTF8(member.key, key) { return member.keyOffset }
    return nil
  }

  /// Whether two strings have the same UTF-8 bytes (not Swift's canonical equivalence).
  static func sameUTF8(_ a: String, _ b: String) -> Bool {
    guard a.utf8.count == b.utf8.count else { return false }
    return a.utf8.withContiguousStorageIfAvailable { aBytes in
      b.utf8.withContiguousStorageIfAvailable { aBytes.elementsEqual($0) }
    }.flatMap { $0 } ?? a.utf8.elementsEqual(b.utf8)
  }

  /// Records the member just appended to `members`.
  package mutating func added(_ members: [JSONMember]) {
    guard let last = members.last else { return }
    if offsets != nil {
      offsets![Key(text: last.key)] = last.keyOffset
    } else if members.count >= Self.linearLimit {
      var built: [Key: Int] = [:]
      built.reserveCapacity(members.count * 2)
      for member in members { built[Key(text: member.key)] = member.keyOffset }
      offsets = built
    }
  }
}
