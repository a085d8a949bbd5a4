import Foundation
import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// `SearchFolding` against Foundation's `folding(options: [.caseInsensitive, .diacriticInsensitive],
/// locale: nil)`, the oracle it replaces.
@Suite struct SearchFoldingTests {
  static func foundation(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
  }

  static func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

  @Test(arguments: [
    // Food words with accents, in several languages.
    "jalapeño", "JALAPEÑO", "Jalapeño canned", "crème brûlée", "Käse", "Müsli", "Weißwurst", "STRASSE",
    "straße", "ẞ", "smørbrød", "Æbleskiver", "œuf", "Łosoś", "pierogi z kapustą", "bœuf bourguignon",
    "Crêpe Suzette", "Gruyère", "açaí", "piña colada", "Ñoquis", "jamón ibérico", "Blåbær", "Þorramatur",
    "Đậu phụ", "phở bò", "bánh mì", "Çiğ köfte", "İskender", "ıspanak", "Ελληνική σαλάτα", "ΣΟΥΒΛΑΚΙ",
    "борщ", "Йогурт", "ёлка", "żurek", "Škoda", "čevapčići", "Ḃ ḃ ẞ ỳ Ỹ", "ﬁsh ﬂakes", "ſtrudel",
    // Decomposed input, marks at the start, marks on non-Latin letters, scripts without case.
    "cafe\u{301}", "e\u{301}\u{302}", "\u{301}start", "\u{301}\u{301}a", "寿司", "味噌汁", "kimchi 김치",
    "नमस्ते", "स\u{94D}\u{301}", "स\u{301}\u{94D}", "स\u{94D}\u{301}\u{94D}", "\u{5D1}\u{5B8}\u{5B0}",
    "한\u{301}\u{301}\u{301}", "Ա\u{301}", "ա\u{301}", "\u{94D}\u{301}a", "ẞ\u{94D}", "\u{F40}\u{F73}", "שָׁלוֹם",
    "b\u{5B0}", "سَلَام", "한\u{301}", "日\u{301}", "👍🏽", "a🏽",
    "🍣 sushi", "a\u{FE0F}", "Ω K Å", "≠ ≮", "x\u{345}", "\u{345}", "ᾀ ᾳ ῼ", "", "plain ascii 123 ,.-",
  ])
  func foldsLikeFoundation(text: String) {
    #expect(Self.scalars(SearchFolding.folded(text)) == Self.scalars(Self.foundation(text)), "\(text)")
  }

  /// Every scalar of the Latin, Greek and Cyrillic blocks (and the extended and symbol blocks
  /// the diacritic table covers), alone and after a letter.
  @Test func foldsEveryLatinGreekAndCyrillicScalarLikeFoundation() {
    var mismatches: [String] = []
    for value in Array(0...0x52F) + Array(0x1E00...0x22FF) {
      guard let scalar = Unicode.Scalar(value) else { continue }
      for text in [String(scalar), "x" + String(scalar)]
      where Self.scalars(SearchFolding.folded(text)) != Self.scalars(Self.foundation(text)) {
        mismatches.append(String(value, radix: 16))
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
  }

  /// The marks that Foundation drops or keeps after a Latin, a Devanagari, a Hebrew and a Hangul
  /// letter, in the blocks people write food names in.
  @Test func dropsCombiningMarksLikeFoundation() {
    var mismatches: [String] = []
    for value in Array(0x300...0x36F) + Array(0x483...0x489) + Array(0x591...0x5C7) + Array(0x610...0x61A)
      + Array(0x64B...0x65F) + Array(0x900...0x97F) + Array(0x1AB0...0x1ACE) + Array(0x1DC0...0x1DFF)
      + Array(0x20D0...0x20F0) + Array(0xFE00...0xFE0F) + Array(0xFE20...0xFE2F) + Array(0x1F3FB...0x1F3FF)
      + Array(0xF71...0xF84) + [0xC48, 0x1112E, 0x1112F]
    {
      for base in ["a", "É", "क", "ב", "한", "Ա", "क\u{94D}", "ա\u{301}"] {
        let text = base + String(Unicode.Scalar(value)!)
        if Self.scalars(SearchFolding.folded(text)) != Self.scalars(Self.foundation(text)) {
          mismatches.append(base + String(value, radix: 16))
        }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
  }

  @Test func documentedExamples() {
    #expect(SearchFolding.folded("Jalapeño") == "jalapeno")
    #expect(SearchFolding.folded("Straße") == "strasse")
    #expect(SearchFolding.folded("ÜBER") == "uber")
    #expect(SearchFolding.folded("Ñandú") == "nandu")
    #expect(SearchFolding.folded("Smørrebrød") == "smørrebrød")
    #expect(SearchFolding.folded("Æble") == "æble")
  }

  @Test func tableIsSortedAndCoversOnlyItsBlocks() {
    let keys = SearchFolding.precomposedBases.map { $0 >> 16 }
    #expect(keys == keys.sorted() && Set(keys).count == keys.count)
    #expect(keys.allSatisfy { (0xC0..<0x500).contains($0) || (0x1E00..<0x2300).contains($0) })
  }
}
