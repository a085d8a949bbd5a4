import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

@Suite struct JSONParserValidTests {
  @Test(arguments: [
    ("true", JSONValue.bool(true)), ("false", .bool(false)), ("null", .null),
    (" \t\r\n null \n\r\t ", .null), ("[]", .array([])), ("[ \n ]", .array([])),
    ("{}", .object(JSONObject(members: []))), ("{\r\n}", .object(JSONObject(members: []))),
    ("\"\"", .string("")), ("[true,false,null]", .array([.bool(true), .bool(false), .null])),
    ("[\t1 ,\n2\r,3 ]", .array([num("1"), num("2"), num("3")])),
    ("[[],[[]],{}]", .array([.array([]), .array([.array([])]), .object(JSONObject(members: []))])),
  ])
  func parsesScalarsContainersAndWhitespace(text: String, expected: JSONValue) throws {
    #expect(try parseJSON(text) == expected)
  }

  @Test(arguments: [
    "0", "-0", "7", "-7", "0.5", "-0.5", "10", "1e2", "1E2", "1e+2", "1e-2", "1.25E-10",
    "0.1e-400", "1e-400", "1.7976931348623157e308", "-1.7976931348623157e308", "5e-324", "4.9e-324",
    "12345678901234567890", "-98765432109876543210", "0e0", "0.0000e999", "123456789.123456789",
    "2.2250738585072014e-308", "1" + String(repeating: "0", count: 300),
  ])
  func keepsNumberLiterals(literal: String) throws {
    #expect(try parseJSON(literal) == num(literal))
    #expect(try parseJSON("[\(literal)]") == .array([num(literal)]))
  }

  @Test func numbersAtTheEdgesConvertExactly() throws {
    #expect(JSONNumber(literal: "1.7976931348623157e308").doubleValue == .greatestFiniteMagnitude)
    #expect(JSONNumber(literal: "5e-324").doubleValue == .leastNonzeroMagnitude)
    #expect(JSONNumber(literal: "0.1e-400").doubleValue == 0)
    let negativeZero = JSONNumber(literal: "-0").doubleValue
    #expect(negativeZero == 0 && negativeZero.sign == .minus)
    #expect(JSONNumber(literal: "0.1").doubleValue == 0.1)
    #expect(JSONNumber(literal: "2.2250738585072014e-308").doubleValue == .leastNormalMagnitude)
    #expect(JSONNumber(literal: "12345678901234567890").doubleValue == 12_345_678_901_234_567_890.0)
    #expect(JSONNumber(literal: "1.").doubleValue.isNaN)
  }

  @Test(
    arguments: [
      ("0", 0), ("-0", 0), ("182", 182), ("-182", -182), ("1e3", 1000), ("12.0", 12), ("1.5e1", 15),
      ("0.0e5", 0), ("120e-1", 12), ("9223372036854775807", Int.max), ("-9223372036854775808", Int.min),
      ("9.223372036854775807e18", Int.max), ("00000", nil), ("1.5", nil), ("1e-3", nil),
      ("9223372036854775808", nil), ("-9223372036854775809", nil), ("1e19", nil), ("1e999999", nil),
      ("12345678901234567890", nil), ("abc", nil), ("+1", nil), ("1.", nil),
    ] as [(String, Int?)])
  func intValueIsExactOrNil(literal: String, expected: Int?) {
    #expect(JSONNumber(literal: literal).intValue == expected)
  }

  @Test(arguments: [
    (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{8}\u{C}\n\r\t"),
    (#""\u0041\u00e9\u00E9\u4e2D""#, "Aéé中"),
    (#""\uD83D\uDE00""#, "😀"), (#""\ud83d\ude00!""#, "😀!"), (#""\uDBFF\uDFFF""#, "\u{10FFFF}"),
    (#""\uD800\uDC00""#, "\u{10000}"), (#""\u0000""#, "\u{0}"), (#""\uFFFF\uFFFE""#, "\u{FFFF}\u{FFFE}"),
    (#""\u2028\u2029""#, "\u{2028}\u{2029}"),
    (#""plain ascii text, longer than eight""#, "plain ascii text, longer than eight"),
    (#""mixed é😀 raw and \u00e9\ud83d\ude00 escaped""#, "mixed é😀 raw and é😀 escaped"),
    ("\"a/b\u{7F}c\"", "a/b\u{7F}c"), (#""C:\\Users\\me""#, #"C:\Users\me"#),
  ])
  func decodesStringsAndEscapes(text: String, expected: String) throws {
    #expect(try parseJSON(text) == .string(expected))
  }

  @Test func surrogatePairsBecomeOneScalar() throws {
    guard case .string(let text) = try parseJSON(#""\uD83D\uDE00""#) else {
      Issue.record("not a string")
      return
    }
    #expect(text.unicodeScalars.map(\.value) == [0x1F600])
  }

  @Test(
    arguments: [
      [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80],
      [0xEF, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF], [0xF3, 0xBF, 0xBF, 0xBF],
    ] as [[UInt8]])
  func acceptsUTF8AtTheBoundaries(sequence: [UInt8]) throws {
    let value = try JSONParser().parse([0x22] + sequence + Array("padding-text".utf8) + sequence + [0x22])
    let expected = String(decoding: sequence + Array("padding-text".utf8) + sequence, as: UTF8.self)
    #expect(value == .string(expected))
  }

  @Test func specialBytesAreFoundAtEveryPositionOfTheFastScan() throws {
    for position in 0..<20 {
      for (inserted, decoded) in [(#"\""#, "\""), (#"\n"#, "\n"), ("é", "é"), ("😀", "😀")] {
        let prefix = String(repeating: "a", count: position)
        let suffix = String(repeating: "b", count: 19 - position)
        let value = try parseJSON("\"" + prefix + inserted + suffix + "\"")
        #expect(value == .string(prefix + decoded + suffix))
      }
      let control =
        Array(("\"" + String(repeating: "a", count: position)).utf8) + [0x01] + Array("bbbbbbbbbb\"".utf8)
      #expect(jsonError(control)?.offset == position + 1)
    }
  }

  @Test func objectsKeepOrderAndOffsets() throws {
    let text = #"{"b":1, "a" : [true],"c":{"b":"x"}}"#
    guard case .object(let object) = try parseJSON(text) else {
      Issue.record("not an object")
      return
    }
    #expect(object.members.map(\.key) == ["b", "a", "c"])
    #expect(object.members.map(\.keyOffset) == [1, 8, 21])
    #expect(object.members.map(\.valueOffset) == [5, 14, 25])
    #expect(object["a"] == .array([.bool(true)]))
    #expect(
      object["c"]
        == .object(
          JSONObject(members: [JSONMember(key: "b", value: .string("x"), keyOffset: 26, valueOffset: 30)])))
    #expect(object.member("missing") == nil)
  }

  @Test func offsetsCountBytesNotCharacters() throws {
    guard case .object(let object) = try parseJSON(#"{"é":"😀","k":2}"#) else {
      Issue.record("not an object")
      return
    }
    #expect(object.members.map(\.keyOffset) == [1, 13])
    #expect(object.members.map(\.valueOffset) == [6, 17])
  }

  @Test func manyDistinctKeysAreAccepted() throws {
    let members = (0..<100).map { "\"key\($0)\":\($0)" }.joined(separator: ",")
    guard case .object(let object) = try parseJSON("{" + members + "}") else {
      Issue.record("not an object")
      return
    }
    #expect(object.members.count == 100)
    #expect(object["key99"] == num("99"))
  }

  @Test func sameKeyInDifferentObjectsIsFine() throws {
    _ = try parseJSON(#"{"a":{"a":1},"b":[{"a":2},{"a":3}]}"#)
  }

  @Test func nestingUpToTheLimitIsAccepted() throws {
    let arrays = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
    _ = try parseJSON(arrays)
    let objects = String(repeating: #"{"a":"#, count: 63) + "{}" + String(repeating: "}", count: 63)
    _ = try parseJSON(objects)
    let deep = JSONParser(limits: JSONLimits(maxDepth: 200))
    _ = try deep.parse(String(repeating: "[", count: 200) + String(repeating: "]", count: 200))
  }

  @Test func longStringsParse() throws {
    let long = String(repeating: "abcdefghé", count: 100_000)
    #expect(try parseJSON("\"" + long + "\"") == .string(long))
    #expect(try parseJSON("\"\\t" + long + "\"") == .string("\t" + long))
  }

  @Test func aJournalLineParses() throws {
    let line =
      #"{"id":"6f0c9a52-3c1e-4a57-9a52-0d7f1d0e7b11","timestamp":"2026-11-21T08:15:00-05:00","rawDescription":"two scrambled eggs with butter","foodName":"scrambled eggs","quantity":2,"unit":"large","calories":182,"protein":12.2,"carbohydrates":2.0,"fat":13.4,"confidence":0.92,"matchedIngredientID":"usda-sr-01132"}"#
    guard case .object(let entry) = try parseJSON(line) else {
      Issue.record("not an object")
      return
    }
    #expect(entry.members.count == 12)
    #expect(entry["protein"] == num("12.2"))
    #expect(entry["carbohydrates"] == num("2.0"))
    #expect(entry["foodName"] == .string("scrambled eggs"))
    guard case .number(let calories) = entry["calories"] else {
      Issue.record("calories is not a number")
      return
    }
    #expect(calories.intValue == 182)
    #expect(FixedDecimal.read(jsonNumber: calories.literal) == .exact(FixedDecimal(182)!))
  }
}
