import DemeterCore

/// The data a Mustache template is rendered against: the JSON data model, with numbers kept as the
/// text they are written with (a template never reformats a number).
public enum MustacheValue: Sendable, Hashable {
  case null
  case bool(Bool)
  case string(String)
  /// A number as already formatted text, e.g. `12.20`; interpolated verbatim.
  case number(String)
  case list([MustacheValue])
  case object(MustacheObject)

  /// The same data as `json`; a number keeps its literal, e.g. `1e3` stays `1e3`.
  public init(json: JSONValue) {
    self.init(json: json, escapingStrings: { $0 })
  }

  /// The same data as `json`, with `escape` applied to every string (not to keys or numbers).
  init(json: JSONValue, escapingStrings escape: (String) -> String) {
    switch json {
    case .null: self = .null
    case .bool(let value): self = .bool(value)
    case .number(let number): self = .number(number.literal)
    case .string(let text): self = .string(escape(text))
    case .array(let items): self = .list(items.map { MustacheValue(json: $0, escapingStrings: escape) })
    case .object(let object):
      var members = MustacheObject(capacity: object.members.count)
      for member in object.members {
        members[member.key] = MustacheValue(json: member.value, escapingStrings: escape)
      }
      self = .object(members)
    }
  }

  /// Whether a section `{{#name}}` renders (and `{{^name}}` does not). Falsey are `null`, `false`,
  /// the empty list (as the Mustache specification says) and the empty string (as most
  /// implementations do, so `{{#note}}…{{/note}}` hides an absent or blank note alike). Numbers,
  /// including zero, and objects, including the empty one, are truthy.
  var isTruthy: Bool {
    switch self {
    case .null: false
    case .bool(let value): value
    case .string(let text): !text.isEmpty
    case .number: true
    case .list(let items): !items.isEmpty
    case .object: true
    }
  }
}

extension MustacheValue: ExpressibleByNilLiteral {
  public init(nilLiteral: ()) { self = .null }
}

extension MustacheValue: ExpressibleByBooleanLiteral {
  public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension MustacheValue: ExpressibleByStringLiteral {
  public init(stringLiteral value: String) { self = .string(value) }
}

extension MustacheValue: ExpressibleByIntegerLiteral {
  /// The integer as decimal text, e.g. `42` becomes `.number("42")`.
  public init(integerLiteral value: Int) { self = .number(String(value)) }
}

extension MustacheValue: ExpressibleByFloatLiteral {
  /// The number as Swift's shortest round-trip text, e.g. `1.5` becomes `.number("1.5")`.
  public init(floatLiteral value: Double) { self = .number(String(value)) }
}

extension MustacheValue: ExpressibleByArrayLiteral {
  public init(arrayLiteral elements: MustacheValue...) { self = .list(elements) }
}

extension MustacheValue: ExpressibleByDictionaryLiteral {
  /// An object; a repeated key keeps its last value.
  public init(dictionaryLiteral elements: (String, MustacheValue)...) {
    var object = MustacheObject(capacity: elements.count)
    for (name, value) in elements { object[name] = value }
    self = .object(object)
  }
}
