import DemeterReporting
import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal
@testable import HTMLReport

/// `HTMLGenerator.escape`: its one-pass check for text it leaves as it is agrees with escaping the
/// text the long way, on random text made of the scalars it changes and their neighbours.
@Suite struct HTMLEscapeTests {
  /// Scalars around every range the escape changes, and ordinary ones of each UTF-8 length.
  static let scalars: [UInt32] =
    [
      0x00, 0x09, 0x0A, 0x0D, 0x1F, 0x20, 0x41, 0x7E, 0x7F, 0x80, 0x85, 0x9F, 0xA0, 0xE9, 0x061B, 0x061C,
      0x061D,
    ]
    + [
      0x200D, 0x200E, 0x200F, 0x2010, 0x2027, 0x2028, 0x2029, 0x202E, 0x202F, 0x2065, 0x2066, 0x2069, 0x206A,
    ]
    + [0x4E2D, 0xFDCF, 0xFDD0, 0xFDEF, 0xFDF0, 0xFFFD, 0xFFFE, 0xFFFF, 0x1F600, 0x1FFFD, 0x1FFFE, 0x1FFFF]
    + [0x2FFFE, 0xEFFFF, 0x10FFFD, 0x10FFFE, 0x10FFFF]

  @Test(arguments: [1, 2, 3] as [UInt64])
  func agreesWithEscapingTheLongWay(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    for _ in 0..<2_000 {
      var text = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 0...6, using: &random) {
        let plain = Bool.random(using: &random)
        let value =
          plain ? UInt32.random(in: 0x20...0x7E, using: &random) : Self.scalars.randomElement(using: &random)!
        text.append(Unicode.Scalar(value)!)
      }
      let string = String(text)
      #expect(
        HTMLGenerator.isUnchangedByEscape(string) == (Self.escapedTheLongWay(string) == string),
        "\(Array(string.unicodeScalars))")
      #expect(HTMLGenerator.escape(string) == Self.escapedTheLongWay(string))
    }
  }

  /// `escape` without its one-pass check.
  static func escapedTheLongWay(_ text: String) -> String {
    var out = String.UnicodeScalarView()
    for scalar in TextEscaping.singleLine(text).unicodeScalars {
      if (0xFDD0...0xFDEF).contains(scalar.value) || scalar.value & 0xFFFE == 0xFFFE {
        out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16))}".unicodeScalars)
      } else {
        out.append(scalar)
      }
    }
    return String(out)
  }
}
