@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// Parses `text` with default limits.
func parseJSON(_ text: String) throws(JSONSyntaxError) -> JSONValue {
  try JSONParser().parse(text)
}

/// The error parsing `bytes` gives, or nil if it parses.
func jsonError(_ bytes: [UInt8], limits: JSONLimits = .default) -> JSONSyntaxError? {
  do {
    _ = try JSONParser(limits: limits).parse(bytes)
    return nil
  } catch {
    return error
  }
}

/// Shorthand for building expected values.
func num(_ literal: String) -> JSONValue { .number(JSONNumber(literal: literal)) }

/// One input the parser must reject, with a fragment of the expected message and the exact offset.
struct InvalidJSONCase: Sendable, CustomStringConvertible {
  var bytes: [UInt8]
  var fragment: String
  var offset: Int

  init(_ text: String, _ fragment: String, at offset: Int) {
    self.bytes = Array(text.utf8)
    self.fragment = fragment
    self.offset = offset
  }

  init(bytes: [UInt8], _ fragment: String, at offset: Int) {
    self.bytes = bytes
    self.fragment = fragment
    self.offset = offset
  }

  var description: String {
    let text = String(decoding: bytes.prefix(60), as: UTF8.self)
    return JSONWriter.quoted(text) + (bytes.count > 60 ? "…" : "")
  }
}
