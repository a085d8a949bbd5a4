import Foundation
import Testing

@testable import CSVReport

/// `CSVField.escape`: RFC 4180 quoting and the formula-injection guard of the manual's `output` and `reliability` topics.
@Suite struct CSVFieldTests {
  @Test(arguments: [
    ("plain", "plain"),
    ("", ""),
    ("2026-W47", "2026-W47"),
    ("week of 2026-11-15", "week of 2026-11-15"),
    ("182.5", "182.5"),
  ])
  func plainCellsAreUnchanged(input: String, expected: String) {
    #expect(CSVField.escape(input) == expected)
  }

  @Test(arguments: [
    ("a,b", "\"a,b\""),
    ("say \"hi\"", "\"say \"\"hi\"\"\""),
    ("\"", "\"\"\"\""),
    ("line\nbreak", "\"line\nbreak\""),
    ("cr\rlf", "\"cr\rlf\""),
    ("crlf\r\nend", "\"crlf\r\nend\""),
    ("x\r\n", "\"x\r\n\""),
    // A quote followed by a combining accent is one Character; the quote must still be doubled.
    ("a\"\u{301}b", "\"a\"\"\u{301}b\""),
    (",\u{301}", "\",\u{301}\""),
  ])
  func specialCharactersAreQuoted(input: String, expected: String) {
    #expect(Array(CSVField.escape(input).unicodeScalars) == Array(expected.unicodeScalars))
  }

  @Test(arguments: [
    ("=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"),
    ("+1+1", "'+1+1"),
    ("-2+3", "'-2+3"),
    ("@SUM(A1)", "'@SUM(A1)"),
    ("=1+2", "'=1+2"),
    ("\t=TAB()", "'\t=TAB()"),
    ("  =cmd|' /C calc'!A0", "'  =cmd|' /C calc'!A0"),
    ("\u{a0}\u{3000}@SUM(A1)", "'\u{a0}\u{3000}@SUM(A1)"),
    (" +1+1", "' +1+1"),
    ("=HYPERLINK(\"http://x\",\"y\")", "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\""),
    ("=A1,B1", "\"'=A1,B1\""),
    ("-", "'-"),
    ("+", "'+"),
    ("-inf", "'-inf"),
    ("-nan", "'-nan"),
    ("+infinity", "'+infinity"),
    ("-0x1p3", "'-0x1p3"),
    ("-1e", "'-1e"),
    ("-.", "'-."),
    ("-2.5.1", "'-2.5.1"),
    ("\r=1+2", "\"'\r=1+2\""),
    ("\r\n-2+3", "\"'\r\n-2+3\""),
  ])
  func formulaCellsAreNeutralised(input: String, expected: String) {
    #expect(CSVField.escape(input) == expected)
  }

  /// Leading white space before text that is not a formula is data, kept as it is.
  @Test(arguments: [
    ("\rX", "\"\rX\""), ("\tTAB", "\tTAB"), ("  indented", "  indented"), (" -2.5", " -2.5"),
    ("\r", "\"\r\""),
  ])
  func leadingWhiteSpaceIsKept(input: String, expected: String) {
    #expect(Array(CSVField.escape(input).unicodeScalars) == Array(expected.unicodeScalars))
  }

  @Test(arguments: ["-2.5", "-0", "-182", "+1", "-0.000001", "1e5", "-1.5e3", "-.5", "+2E-3", "-7."])
  func numbersAreNotPrefixed(input: String) {
    #expect(CSVField.escape(input) == input)
    #expect(CSVField.isPlainNumber(Array(input.utf8)[...]))
  }

  @Test(arguments: ["", "-", ".", "e5", "-e5", "1e+", "inf", "nan", "0x10", "1,5", " 1", "1 "])
  func notPlainNumbers(input: String) {
    #expect(!CSVField.isPlainNumber(Array(input.utf8)[...]))
  }

  /// A comma, quote or line break is found wherever it is in a cell (the cell's bytes are looked
  /// at eight at a time where there are eight), next to any other byte.
  @Test(arguments: [",", "\"", "\n", "\r"])
  func aQuotingCharacterIsFoundAtEveryPlace(character: String) {
    for length in 2...25 {
      for place in 0..<length {
        // (A cell that starts with a line break and then a formula's character is guarded too.)
        for filler in place == 0 ? ["a", "é"] : ["a", "é", "\u{7F}", "+"] {
          var scalars = Array(repeating: filler, count: length)
          if place > 0 { scalars[0] = "x" }
          scalars[place] = character
          let text = scalars.joined()
          let expected = "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
          #expect(CSVField.escape(text) == expected, "\(Array(text.utf8))")
        }
      }
    }
  }
}
