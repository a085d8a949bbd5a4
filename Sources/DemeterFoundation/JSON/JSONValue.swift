/// A parsed JSON value. Objects keep their members in source order; numbers keep their literal text,
/// so each consumer converts them exactly (to `FixedDecimal`, `Double` or an integer).
public indirect enum JSONValue: Sendable, Hashable {
  case null
  case bool(Bool)
  case number(JSONNumber)
  case string(String)
  case array([JSONValue])
  case object(JSONObject)
}

/// A JSON number as written, e.g. `12.20` or `1e3`. Its literal is valid JSON number syntax and its
/// value is finite as a `Double` (the parser rejects literals that overflow).
public struct JSONNumber: Sendable, Hashable {
  public var literal: String

  public init(literal: String) {
    self.literal = literal
  }
}

/// One `"key": value` pair with the byte offsets (0-based, from the start of the parsed text)
/// of its key's opening quote and of its value, for located diagnostics.
public struct JSONMember: Sendable, Hashable {
  public var key: String
  public var value: JSONValue
  public var keyOffset: Int
  public var valueOffset: Int

  public init(key: String, value: JSONValue, keyOffset: Int, valueOffset: Int) {
    self.key = key
    self.value = value
    self.keyOffset = keyOffset
    self.valueOffset = valueOffset
  }
}

/// A JSON object: members in source order, keys unique (the parser rejects duplicates). Keys are
/// compared by their UTF-8 bytes, as JSON compares them by code points: `"café"` written with
/// U+00E9 (NFC) and with `e` + U+0301 (NFD) are two keys, though Swift's `==` calls them equal.
public struct JSONObject: Sendable, Hashable {
  public var members: [JSONMember]

  public init(members: [JSONMember]) {
    self.members = members
  }

  /// The member named `key` (byte for byte), if present.
  public func member(_ key: String) -> JSONMember? {
    members.first { $0.key.utf8.elementsEqual(key.utf8) }
  }

  /// The value of the member named `key`, if present.
  public subscript(key: String) -> JSONValue? {
    member(key)?.value
  }
}
