import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

@Suite struct JSONParserInvalidTests {
  static let structure: [InvalidJSONCase] = [
    .init("[1,2,]", "trailing comma before ']'", at: 4),
    .init(#"{"a":1,}"#, "trailing comma before '}'", at: 6),
    .init(#"{"a":1 , }"#, "trailing comma before '}'", at: 7),
    .init("[[1,],2]", "trailing comma before ']'", at: 3),
    .init("[1,,2]", "expected a value, found ','", at: 3),
    .init("[,1]", "expected a value, found ','", at: 1),
    .init(#"{"a":}"#, "expected a value, found '}'", at: 5),
    .init("[1 2]", "expected ',' or ']' after array element, found '2'", at: 3),
    .init(#"{"a":1 "b":2}"#, "expected ',' between object members", at: 7),
    .init(#"{"a":1;"b":2}"#, "expected ',' or '}' after object member, found ';'", at: 6),
    .init(#"{"a" 1}"#, "expected ':' after object key, found '1'", at: 5),
    .init(#"{"a"}"#, "expected ':' after object key", at: 4),
    .init(#"{"a"=1}"#, "expected ':' after object key, found '='", at: 4),
    .init("{a:1}", "object keys must be double-quoted strings", at: 1),
    .init("{1:1}", "object keys must be double-quoted strings", at: 1),
    .init(#"{"a":1,,}"#, "expected a double-quoted key, found ','", at: 7),
    .init("{'a':1}", "single quotes are not allowed in JSON; use double quotes", at: 1),
    .init("['a']", "single quotes are not allowed in JSON; use double quotes", at: 1),
    .init("[1 // note\n]", "comments are not allowed in JSON", at: 3),
    .init("/* c */ 1", "comments are not allowed in JSON", at: 0),
    .init("1 // c", "comments are not allowed in JSON", at: 2),
    .init(#"{"a":/*x*/1}"#, "comments are not allowed in JSON", at: 5),
    .init(#"{"a":1}/"#, "unexpected text after the JSON value", at: 7),
    .init("{} {}", "unexpected text after the JSON value", at: 3),
    .init("1 2", "unexpected text after the JSON value", at: 2),
    .init(#""a"x"#, "unexpected text after the JSON value", at: 3),
    .init("1.5.3", "unexpected text after the JSON value", at: 3),
    .init("", "empty input; expected a JSON value", at: 0),
    .init(" \n\t", "expected a JSON value, found only whitespace", at: 3),
    .init("[", "expected a value, found end of input", at: 1),
    .init("[1", "expected ',' or ']' after array element, found end of input", at: 2),
    .init("{", "expected a double-quoted key, found end of input", at: 1),
    .init(#"{"a""#, "expected ':' after object key, found end of input", at: 4),
    .init(#"{"a":1"#, "expected ',' or '}' after object member, found end of input", at: 6),
    .init("]", "expected a value, found ']'", at: 0),
  ]

  static let words: [InvalidJSONCase] = [
    .init("NaN", "NaN/Infinity are not JSON; write a number", at: 0),
    .init("[-Infinity]", "NaN/Infinity are not JSON; write a number", at: 1),
    .init("Infinity", "NaN/Infinity are not JSON; write a number", at: 0),
    .init(#"{"a":nan}"#, "NaN/Infinity are not JSON; write a number", at: 5),
    .init("+Inf", "NaN/Infinity are not JSON; write a number", at: 0),
    .init("True", "JSON literals are lowercase; write true", at: 0),
    .init("[NULL]", "JSON literals are lowercase; write null", at: 1),
    .init("nul", "incomplete literal 'nul'; write null", at: 0),
    .init("[fals]", "incomplete literal 'fals'; write false", at: 1),
    .init("undefined", "undefined is not JSON; write null", at: 0),
    .init("truex", "unexpected word 'truex'; strings must be in double quotes", at: 0),
    .init(#"{"a":hello}"#, "unexpected word 'hello'; strings must be in double quotes", at: 5),
  ]

  static let numbers: [InvalidJSONCase] = [
    .init("01", "leading zeros are not allowed in numbers", at: 0),
    .init("-012", "leading zeros are not allowed in numbers", at: 1),
    .init("[00]", "leading zeros are not allowed in numbers", at: 1),
    .init("1.", "expected a digit after the decimal point, found end of input", at: 2),
    .init("[1.e5]", "expected a digit after the decimal point, found 'e'", at: 3),
    .init(".5", "a number cannot start with '.'; write 0.5", at: 0),
    .init("[.25e3]", "a number cannot start with '.'; write 0.25e3", at: 1),
    .init("+1", "a number cannot start with '+'; write 1", at: 0),
    .init("1e", "expected a digit in the exponent, found end of input", at: 2),
    .init("1e+", "expected a digit in the exponent", at: 3),
    .init("[1E-]", "expected a digit in the exponent, found ']'", at: 4),
    .init("-", "expected a digit after '-', found end of input", at: 1),
    .init("-x", "expected a digit after '-', found 'x'", at: 1),
    .init("- 1", "expected a digit after '-', found ' '", at: 1),
    .init("1e999999", "number 1e999999 is too large for a 64-bit float", at: 0),
    .init("1e999", "number 1e999 is too large for a 64-bit float", at: 0),
    .init("[-1e309]", "number -1e309 is too large for a 64-bit float", at: 1),
    .init("1.8e308", "too large for a 64-bit float", at: 0),
    .init("1.7976931348623159e308", "too large for a 64-bit float", at: 0),
    .init("0.00001e314", "too large for a 64-bit float", at: 0),
    .init(
      #"{"calories":1"# + String(repeating: "0", count: 400) + "}", "too large for a 64-bit float", at: 12),
  ]

  static let strings: [InvalidJSONCase] = [
    .init(#""abc"#, "unterminated string starting at column 1; missing closing '\"'", at: 4),
    .init(#"{"a":"b"#, "unterminated string starting at column 6", at: 7),
    .init(#""ab\"#, "unterminated string starting at column 1", at: 4),
    .init(#""abcdefghijklmnop"#, "unterminated string", at: 17),
    .init(#""a\x""#, #"invalid escape \x in string; write \\ for a backslash"#, at: 2),
    .init(#""C:\Users""#, #"invalid escape \U in string"#, at: 3),
    .init(#""\'""#, #"invalid escape \' in string; a single quote needs no escape"#, at: 1),
    .init(#""\u12G4""#, #"\u must be followed by 4 hex digits"#, at: 1),
    .init(#""\u12""#, #"\u must be followed by 4 hex digits"#, at: 1),
    .init(#""\uD800""#, #"lone surrogate \uD800 in string"#, at: 1),
    .init(#""ab\uDC00""#, #"lone surrogate \uDC00 in string"#, at: 3),
    .init(#""\uDC00\uD800""#, #"lone surrogate \uDC00 in string"#, at: 1),
    .init(#""\ud800\u0041""#, #"lone surrogate \uD800 in string"#, at: 1),
    .init(#""\uD800\uD800""#, #"lone surrogate \uD800 in string"#, at: 1),
    .init(#""\uDBFFx""#, #"lone surrogate \uDBFF in string"#, at: 1),
    .init(#""\uD800\u00""#, #"\u must be followed by 4 hex digits"#, at: 7),
    .init("\"a\tb\"", #"unescaped control character U+0009 in string; write \t"#, at: 2),
    .init("\"a\nb\"", "unexpected end of line inside a string", at: 2),
    .init("[\"a\r\n\"]", "unexpected end of line inside a string", at: 3),
    // A CR that does not end the line is a raw control character (journal lines end at LF only).
    .init("\"a\rb\"", #"unescaped control character U+000D in string; write \r"#, at: 2),
    .init("\"a\r", "unexpected end of line inside a string", at: 2),
    .init(
      bytes: [0x22, 0x61, 0x01, 0x22], #"unescaped control character U+0001 in string; write \u0001"#, at: 2),
    .init(bytes: [0x22, 0x1F, 0x22], #"U+001F in string; write \u001F"#, at: 1),
    .init(bytes: [0x22, 0x08, 0x22], #"U+0008 in string; write \b"#, at: 1),
    .init(
      bytes: [0x22, 0x61, 0x00, 0x22], #"unescaped control character U+0000 in string; write \u0000"#, at: 2),
    .init(bytes: [0x00], "expected a value, found control character U+0000", at: 0),
    .init(bytes: [0x7B, 0x7D, 0x00], "unexpected text after the JSON value", at: 2),
    .init(bytes: [0x5B, 0x31, 0x2C, 0x00, 0x5D], "expected a value, found control character U+0000", at: 3),
  ]

  static let encodings: [InvalidJSONCase] = [
    .init(
      bytes: [0x22, 0x61, 0xC3, 0x22], "invalid UTF-8 byte 0xC3 in string (incomplete multi-byte sequence)",
      at: 2),
    .init(bytes: [0x22, 0xC3], "invalid UTF-8 byte 0xC3 in string (incomplete", at: 1),
    .init(bytes: [0x22, 0xE2, 0x82], "invalid UTF-8 byte 0xE2 in string (incomplete", at: 1),
    .init(bytes: [0x22, 0xE2, 0x82, 0x22], "invalid UTF-8 byte 0xE2 in string (incomplete", at: 1),
    .init(bytes: [0x22, 0xF0, 0x9F, 0x98, 0x22], "invalid UTF-8 byte 0xF0 in string (incomplete", at: 1),
    .init(bytes: [0x22, 0xC0, 0xAF, 0x22], "invalid UTF-8 byte 0xC0 in string (overlong encoding)", at: 1),
    .init(bytes: [0x22, 0xC1, 0xBF, 0x22], "invalid UTF-8 byte 0xC1 in string (overlong encoding)", at: 1),
    .init(
      bytes: [0x22, 0xE0, 0x80, 0xAF, 0x22], "invalid UTF-8 byte 0xE0 in string (overlong encoding)", at: 1),
    .init(
      bytes: [0x22, 0xF0, 0x80, 0x80, 0xAF, 0x22], "invalid UTF-8 byte 0xF0 in string (overlong encoding)",
      at: 1),
    .init(
      bytes: [0x22, 0x61, 0xED, 0xA0, 0x80, 0x22],
      "invalid UTF-8 byte 0xED in string (encoded UTF-16 surrogate)", at: 2),
    .init(
      bytes: [0x22, 0xED, 0xBF, 0xBF, 0x22], "invalid UTF-8 byte 0xED in string (encoded UTF-16 surrogate)",
      at: 1),
    .init(
      bytes: [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],
      "invalid UTF-8 byte 0xF4 in string (code point above U+10FFFF)", at: 1),
    .init(
      bytes: [0x22, 0xF5, 0x80, 0x80, 0x80, 0x22], "invalid UTF-8 byte 0xF5 in string (never valid in UTF-8)",
      at: 1),
    .init(bytes: [0x22, 0xFF, 0x22], "invalid UTF-8 byte 0xFF in string (never valid in UTF-8)", at: 1),
    .init(
      bytes: [0x22, 0x61, 0x80, 0x22],
      "invalid UTF-8 byte 0x80 in string (a continuation byte without a lead byte)", at: 2),
    .init(
      bytes: [0x22, 0xC3, 0xA9, 0xA9, 0x22], "invalid UTF-8 byte 0xA9 in string (a continuation byte", at: 3),
    .init(
      bytes: [0x22, 0xE2, 0x82, 0xC3, 0xA9, 0x22], "invalid UTF-8 byte 0xE2 in string (incomplete", at: 1),
    .init(bytes: [0x22, 0x5C, 0x6E, 0xC3, 0x22], "invalid UTF-8 byte 0xC3 in string (incomplete", at: 3),
    .init(
      bytes: Array(#"{"ok":"é","k":""#.utf8) + [0xC3, 0x28, 0x22, 0x7D], "invalid UTF-8 byte 0xC3", at: 16),
    .init(bytes: [0xC2, 0xA0, 0x31], "expected a value, found byte 0xC2", at: 0),
    .init(bytes: [0x0C, 0x31], "expected a value, found control character U+000C", at: 0),
    .init(
      bytes: [0xEF, 0xBB, 0xBF, 0x7B, 0x7D], "expected a value, found a byte order mark (U+FEFF)", at: 0),
    .init(bytes: [0x31, 0x20, 0xE2, 0x80, 0xA8], "unexpected text after the JSON value", at: 2),
  ]

  static let duplicates: [InvalidJSONCase] = [
    .init(#"{"calories":1,"calories":2}"#, #"duplicate key "calories" (first at column 2)"#, at: 14),
    .init(#"{"a":1, "b":{"x":1,"x":2}}"#, #"duplicate key "x" (first at column 14)"#, at: 19),
    .init(#"{"a\u0062":1,"ab":2}"#, #"duplicate key "ab" (first at column 2)"#, at: 13),
    .init(#"{"t":1,"\t":2,"\u0009":3}"#, #"duplicate key "\t" (first at column 8)"#, at: 14),
    .init(#"{"\n":1,"\u000a":2}"#, #"duplicate key "\n" (first at column 2)"#, at: 8),
  ]

  @Test(arguments: structure + words + numbers)
  func rejectsBadStructureWordsAndNumbers(_ bad: InvalidJSONCase) {
    expectRejected(bad)
  }

  @Test(arguments: strings + encodings + duplicates)
  func rejectsBadStringsEncodingsAndDuplicateKeys(_ bad: InvalidJSONCase) {
    expectRejected(bad)
  }

  private func expectRejected(
    _ bad: InvalidJSONCase, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    guard let error = jsonError(bad.bytes) else {
      Issue.record("accepted \(bad)", sourceLocation: sourceLocation)
      return
    }
    #expect(error.message.contains(bad.fragment), "message: \(error.message)", sourceLocation: sourceLocation)
    #expect(error.offset == bad.offset, "message: \(error.message)", sourceLocation: sourceLocation)
    #expect(
      error.message.first?.isUppercase != true || error.message.hasPrefix("NaN")
        || error.message.hasPrefix("JSON"))
  }

  @Test func duplicateKeysAreFoundInLargeObjects() {
    let members = (0..<40).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
    let text = "{" + members + ",\"k7\":0}"
    let error = jsonError(Array(text.utf8))
    #expect(error?.message.hasPrefix(#"duplicate key "k7""#) == true)
    let firstOffset = Array(text.utf8).indices.first { text.utf8.dropFirst($0).starts(with: "\"k7\"".utf8) }
    #expect(error?.message.hasSuffix("(first at column \(firstOffset! + 1))") == true)
    #expect(error?.offset == text.utf8.count - 7)
  }

  /// Keys are compared by their bytes after unescaping: NFC `é` (U+00E9) and NFD `e` + U+0301 are
  /// two keys (Swift's `==` calls them equal), in small and in large objects.
  @Test func normalizationVariantsAreDifferentKeys() throws {
    for padding in [0, 40] {
      let members = (0..<padding).map { "\"k\($0)\":\($0)," }.joined()
      let text = "{" + members + "\"caf\u{e9}\":1,\"cafe\u{301}\":2,\"caf\\u00e9\":3}"
      let error = jsonError(Array(text.utf8))
      #expect(error?.message.hasPrefix("duplicate key \"caf\u{e9}\"") == true, "\(String(describing: error))")
      guard case .object(let object) = try parseJSON("{" + members + "\"caf\u{e9}\":1,\"cafe\u{301}\":2}")
      else {
        Issue.record("not an object")
        return
      }
      #expect(object["caf\u{e9}"] == .number(JSONNumber(literal: "1")))
      #expect(object["cafe\u{301}"] == .number(JSONNumber(literal: "2")))
    }
  }

  @Test func tenThousandNestedArraysFailAtTheDepthLimit() {
    let arrays = Array(String(repeating: "[", count: 10_000).utf8)
    let error = jsonError(arrays)
    #expect(error == JSONSyntaxError(offset: 64, message: "nesting deeper than 64 levels"))
    let closed = Array((String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)).utf8)
    #expect(jsonError(closed)?.offset == 64)
    let objects = Array(String(repeating: #"{"a":"#, count: 10_000).utf8)
    #expect(jsonError(objects) == JSONSyntaxError(offset: 320, message: "nesting deeper than 64 levels"))
  }

  @Test func depthCanBeLimitedFurtherAndIsCapped() {
    #expect(
      jsonError(Array("[[[1]]]".utf8), limits: JSONLimits(maxDepth: 2))
        == JSONSyntaxError(offset: 2, message: "nesting deeper than 2 levels"))
    #expect(jsonError(Array("[]".utf8), limits: JSONLimits(maxDepth: 0))?.offset == 0)
    #expect(jsonError(Array("1".utf8), limits: JSONLimits(maxDepth: 0)) == nil)
    let huge = JSONLimits(maxDepth: 1_000_000)
    #expect(huge.effectiveMaxDepth == JSONLimits.depthCeiling)
    let error = jsonError(Array(String(repeating: "[", count: 100_000).utf8), limits: huge)
    #expect(error?.offset == JSONLimits.depthCeiling)
  }

  @Test func sizeLimitsAreEnforced() {
    let limits = JSONLimits(maxStringBytes: 4, maxInputBytes: 12)
    #expect(jsonError(Array(#"["abcd"]"#.utf8), limits: limits) == nil)
    #expect(
      jsonError(Array(#"["abcde"]"#.utf8), limits: limits)
        == JSONSyntaxError(offset: 1, message: "string is longer than the limit of 4 bytes"))
    #expect(jsonError(Array(#"["a\nde"]"#.utf8), limits: limits)?.offset == 1)
    #expect(
      jsonError(Array("[1,2,3,4,5,6,7]".utf8), limits: limits)
        == JSONSyntaxError(offset: 12, message: "input is longer than the limit of 12 bytes"))
    let tooLong = [UInt8](repeating: 0x20, count: (16 << 20) + 1)
    #expect(
      jsonError(tooLong)
        == JSONSyntaxError(offset: 16 << 20, message: "input is longer than the limit of 16 MiB"))
  }

  @Test func errorsDescribeThemselves() {
    let error = JSONSyntaxError(offset: 4, message: "trailing comma before ']'")
    #expect(error.description == "byte 4: trailing comma before ']'")
  }
}
