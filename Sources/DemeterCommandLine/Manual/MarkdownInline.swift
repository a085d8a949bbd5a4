/// A Markdown line's inline markup turned into plain text for a terminal or a man page: code spans
/// and emphasis lose their marks, and a link keeps its text, with the topic to read (`'help NAME'`)
/// for a link to another topic of the manual, or its address for a web link.
enum MarkdownInline {
  static func plain(_ text: String) -> String {
    var result = ""
    var rest = Substring(text)
    while let character = rest.first {
      if character == "`" {
        let ticks = rest.prefix(while: { $0 == "`" })
        let body = rest.dropFirst(ticks.count)
        if let end = body.firstRange(of: ticks) {
          result += body[..<end.lowerBound].trimmingPrefix(" ")
          rest = body[end.upperBound...]
          continue
        }
      } else if rest.hasPrefix("**") {
        rest = rest.dropFirst(2)
        continue
      } else if character == "[", let link = link(at: rest) {
        result += link.shown
        rest = link.rest
        continue
      } else if character == "\\", let next = rest.dropFirst().first, "\\`*_[]|#<>".contains(next) {
        result.append(next)
        rest = rest.dropFirst(2)
        continue
      }
      result.append(character)
      rest = rest.dropFirst()
    }
    return result
  }

  /// `[text](target)` at the start of `text`: how it reads in plain text, and what follows it.
  private static func link(at text: Substring) -> (shown: String, rest: Substring)? {
    guard let close = text.firstIndex(of: "]"), text[close...].dropFirst().first == "(",
      let end = text[close...].firstIndex(of: ")")
    else { return nil }
    let label = plain(String(text[text.index(after: text.startIndex)..<close]))
    let target = String(text[text.index(close, offsetBy: 2)..<end])
    let rest = text[text.index(after: end)...]
    if target.hasPrefix("http://") || target.hasPrefix("https://") {
      return (label == target ? label : "\(label) <\(target)>", rest)
    }
    if let topic = ManualTopic.name(linkedBy: target) {
      return (label == topic ? "'help \(topic)'" : "\(label) ('help \(topic)')", rest)
    }
    return (label, rest)
  }
}
