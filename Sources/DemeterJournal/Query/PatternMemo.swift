/// The answers of patterns for texts that are not plain ASCII, remembered by pattern and text for
/// one scan (`Query.matches(_:line:decoded:memo:)`): a journal names the same few foods again and
/// again, and those texts take the slow search (folded as strings, matched character by character),
/// while plain ASCII is searched byte by byte and never remembered.
package struct PatternMemo {
  private struct Key: Hashable {
    let pattern: ObjectIdentifier
    let text: [UInt8]
  }

  private var answers: [Key: Bool] = [:]

  package init() {}

  /// `pattern.matches(utf8: text)`, remembered when `text` is not plain ASCII.
  mutating func matches(_ pattern: FoldedPattern, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
    if FoldedPattern.isPlainASCII(text) { return pattern.matches(plainASCII: text) }
    let key = Key(pattern: ObjectIdentifier(pattern.compiled), text: Array(text))
    if let known = answers[key] { return known }
    let answer = pattern.matches(utf8: text)
    answers[key] = answer
    return answer
  }
}
