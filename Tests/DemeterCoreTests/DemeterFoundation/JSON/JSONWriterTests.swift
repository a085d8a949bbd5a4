import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

@Suite struct JSONWriterTests {
  @Test(arguments: [
    ("", #""""#),
    ("plain", #""plain""#),
    (#"a"b\c/d"#, #""a\"b\\c/d""#),
    ("\u{0}\u{1}\u{8}\t\n\u{B}\u{C}\r\u{1F}", #""\u0000\u0001\b\t\n\u000b\f\r\u001f""#),
    ("\u{2028}x\u{2029}", #""\u2028x\u2029""#),
    ("\u{2027}\u{202A}\u{20AC}", "\"\u{2027}\u{202A}\u{20AC}\""),
    ("é😀\u{7F}中", "\"é😀\u{7F}中\""),
    ("</script>", #""</script>""#),
    ("end\\", #""end\\""#),
    ("\"\"", #""\"\"""#),
  ])
  func quotesStringsMinimally(string: String, expected: String) {
    #expect(JSONWriter.quoted(string) == expected)
  }

  @Test func writesCompactlyInStoredOrder() throws {
    let value = JSONValue.object(
      JSONObject(members: [
        JSONMember(
          key: "z", value: .array([num("1.50"), .bool(true), .null, .bool(false)]), keyOffset: 0,
          valueOffset: 0),
        JSONMember(
          key: "a",
          value: .object(
            JSONObject(members: [
              JSONMember(key: "x", value: .string("y\n"), keyOffset: 0, valueOffset: 0)
            ])), keyOffset: 0, valueOffset: 0),
        JSONMember(key: "e", value: .array([]), keyOffset: 0, valueOffset: 0),
        JSONMember(key: "o", value: .object(JSONObject(members: [])), keyOffset: 0, valueOffset: 0),
        JSONMember(key: "n", value: num("-1e-7"), keyOffset: 0, valueOffset: 0),
      ]))
    #expect(
      JSONWriter.string(value) == #"{"z":[1.50,true,null,false],"a":{"x":"y\n"},"e":[],"o":{},"n":-1e-7}"#)
    var output = "prefix:"
    JSONWriter.write(.array([.string("a"), num("0")]), into: &output)
    #expect(output == #"prefix:["a",0]"#)
  }

  @Test(arguments: [
    #"{"id":"6f0c9a52","calories":182,"protein":12.20,"tags":["a","b"],"note":null,"ok":true}"#,
    #"[1,-0,0.1e-400,5e-324,1.7976931348623157e308,12345678901234567890]"#,
    #"{"s":"\"\\\/\b\f\n\r\t\u0000\u001f\u2028\u2029é😀\ud83d\ude00"}"#,
    #"[[[[{"a":[{}]}]]],"",{"":""}]"#,
    #" { "spaced" : [ 1 , 2 ] , "x" : { } } "#,
  ])
  func roundTripsThroughParseAndWrite(text: String) throws {
    let value = try parseJSON(text)
    let written = JSONWriter.string(value)
    let reparsed = try parseJSON(written)
    #expect(withoutOffsets(reparsed) == withoutOffsets(value))
    #expect(JSONWriter.string(reparsed) == written)
  }

  @Test func builtValuesRoundTrip() throws {
    let strings = ["", "a\"b", "\\", "\u{0}\u{1F}\u{7F}", "\u{2028}\u{2029}", "tab\there", "😀é中", "/"]
    for string in strings {
      #expect(try parseJSON(JSONWriter.quoted(string)) == .string(string))
    }
    let value = JSONValue.array(strings.map { .string($0) } + [num("-0.0"), .null])
    #expect(try withoutOffsets(parseJSON(JSONWriter.string(value))) == value)
  }

  @Test func writerOutputIsDeterministic() throws {
    let value = try parseJSON(#"{"b":1,"a":2,"c":{"y":[3],"x":4}}"#)
    let first = JSONWriter.string(value)
    #expect(first == #"{"b":1,"a":2,"c":{"y":[3],"x":4}}"#)
    #expect((0..<5).allSatisfy { _ in JSONWriter.string(value) == first })
  }

  /// `value` with every member offset set to 0, to compare values from different texts.
  private func withoutOffsets(_ value: JSONValue) -> JSONValue {
    switch value {
    case .array(let elements):
      return .array(elements.map(withoutOffsets))
    case .object(let object):
      return .object(
        JSONObject(
          members: object.members.map {
            JSONMember(key: $0.key, value: withoutOffsets($0.value), keyOffset: 0, valueOffset: 0)
          }))
    default:
      return value
    }
  }
}
