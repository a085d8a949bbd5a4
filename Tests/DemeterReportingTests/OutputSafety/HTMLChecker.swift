/// A small, strict tokenizer in the manner of the HTML5 tokenizer (WHATWG HTML §13.2.5), for checking
/// the pages the HTML generator writes. It follows the tokenizer's states where the generator's
/// output goes — data, tag open, tag name, attributes (quoted and unquoted values), character
/// references, comments, DOCTYPE, RCDATA (`title`, `textarea`), RAWTEXT and script data (`style`,
/// `script`, …), foreign content (`svg`, `math`: no raw text elements, CDATA allowed, `/>` closes) —
/// and is stricter than a browser: every situation the specification calls a parse error is a
/// failure here, and so are
/// - a `&` followed by a letter, digit or `#` that is not one of `&amp;` `&lt;` `&gt;` `&quot;`
///   `&apos;` `&nbsp;` or a numeric reference, all with their `;` (a browser would guess),
/// - a carriage return anywhere (the generator writes LF line ends),
/// - an end tag that does not close the innermost open element (no implied end tags).
/// Text between tags is decoded (character references resolved) and merged into one token.
enum HTMLChecker {
  enum Namespace: Equatable { case html, foreign }

  struct Attribute: Equatable {
    var name: String
    var value: String
  }

  enum Token: Equatable {
    case doctype(String)
    case startTag(name: String, attributes: [Attribute], selfClosing: Bool)
    case endTag(name: String)
    /// Decoded text of the data or RCDATA state, or a CDATA section in foreign content.
    case text(String)
    /// The content of a RAWTEXT or script data element, as written.
    case rawText(String)
    case comment(String)
  }

  struct Failure: Error, CustomStringConvertible {
    var message: String
    var offset: Int
    var context: String
    var description: String { "\(message) at scalar \(offset): …\(context)…" }
  }

  static let voidElements: Set<String> = [
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
  ]
  static let rawTextElements: Set<String> = [
    "style", "xmp", "iframe", "noembed", "noframes", "script", "noscript",
  ]
  static let rcdataElements: Set<String> = ["title", "textarea"]
  /// HTML elements that end foreign content (the tree builder's "breakout" list); strict: an error.
  static let breakoutElements: Set<String> = [
    "b", "big", "blockquote", "body", "br", "center", "code", "dd", "div", "dl", "dt", "em", "embed", "h1",
    "h2",
    "h3", "h4", "h5", "h6", "head", "hr", "i", "img", "li", "listing", "menu", "meta", "nobr", "ol", "p",
    "pre",
    "ruby", "s", "small", "span", "strong", "strike", "sub", "sup", "table", "tt", "u", "ul", "var",
  ]
  static let namedReferences: [String: String] = [
    "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
  ]

  /// The tokens of `html`, or the first failure.
  static func tokenize(_ html: String) throws(Failure) -> [Token] {
    var tokenizer = Tokenizer(Array(html.unicodeScalars))
    try tokenizer.run()
    return tokenizer.tokens
  }

  private struct Tokenizer {
    let input: [Unicode.Scalar]
    var position = 0
    var tokens: [Token] = []
    var text = String.UnicodeScalarView()
    /// Open elements with their namespace.
    var open: [(name: String, namespace: Namespace)] = []

    init(_ input: [Unicode.Scalar]) {
      self.input = input
    }

    var namespace: Namespace { open.last?.namespace ?? .html }

    func fail(_ message: String, at offset: Int? = nil) -> Failure {
      let at = offset ?? position
      let from = max(0, at - 40)
      let to = min(input.count, at + 40)
      var context = String.UnicodeScalarView()
      context.append(contentsOf: input[from..<to])
      return Failure(message: message, offset: at, context: String(context).debugDescription)
    }

    func peek(_ offset: Int = 0) -> Unicode.Scalar? {
      position + offset < input.count ? input[position + offset] : nil
    }

    /// Whether the input at the position starts with `literal`, ASCII case-insensitively if asked.
    func startsWith(_ literal: String, caseInsensitive: Bool = false) -> Bool {
      var index = position
      for scalar in literal.unicodeScalars {
        guard index < input.count else { return false }
        let actual = caseInsensitive ? lower(input[index]) : input[index]
        if actual != scalar { return false }
        index += 1
      }
      return true
    }

    mutating func run() throws(Failure) {
      try checkInputStream()
      while position < input.count {
        switch input[position] {
        case "&":
          text.append(contentsOf: try characterReference())
        case "<":
          try markup()
        default:
          text.append(input[position])
          position += 1
        }
      }
      flushText()
      if let element = open.last { throw fail("<\(element.name)> is never closed") }
    }

    /// The input stream's own parse errors: controls, noncharacters, NUL; and CR, which the
    /// generator never writes.
    func checkInputStream() throws(Failure) {
      for (offset, scalar) in input.enumerated() {
        let value = scalar.value
        if value == 0 { throw fail("NUL in the input stream", at: offset) }
        if value == 0x0D { throw fail("carriage return in the input stream", at: offset) }
        if (value < 0x20 && value != 0x09 && value != 0x0A && value != 0x0C) || (0x7F...0x9F).contains(value)
        {
          throw fail("control character U+\(String(value, radix: 16)) in the input stream", at: offset)
        }
        if (0xFDD0...0xFDEF).contains(value) || value & 0xFFFE == 0xFFFE {
          throw fail("noncharacter U+\(String(value, radix: 16)) in the input stream", at: offset)
        }
      }
    }

    mutating func flushText() {
      if !text.isEmpty {
        tokens.append(.text(String(text)))
        text = String.UnicodeScalarView()
      }
    }

    /// `&…` at the position, decoded; a lone `&` (not followed by a letter, digit or `#`) is itself.
    mutating func characterReference() throws(Failure) -> [Unicode.Scalar] {
      let start = position
      position += 1
      guard let next = peek(), isASCIIAlphanumeric(next) || next == "#" else { return ["&"] }
      if next == "#" {
        position += 1
        let hex = peek() == "x" || peek() == "X"
        if hex { position += 1 }
        var digits = ""
        while let scalar = peek(), hex ? scalar.properties.isASCIIHexDigit : isASCIIDigit(scalar) {
          digits.unicodeScalars.append(scalar)
          position += 1
        }
        guard !digits.isEmpty, peek() == ";" else {
          throw fail("malformed numeric character reference", at: start)
        }
        position += 1
        guard digits.count <= 8, let value = UInt32(digits, radix: hex ? 16 : 10),
          let scalar = Unicode.Scalar(value),
          value != 0, !(value < 0x20 && value != 0x09 && value != 0x0A && value != 0x0C),
          !(0x7F...0x9F).contains(value), !(0xFDD0...0xFDEF).contains(value), value & 0xFFFE != 0xFFFE
        else { throw fail("numeric character reference to a forbidden code point", at: start) }
        return [scalar]
      }
      var name = ""
      while let scalar = peek(), isASCIIAlphanumeric(scalar) {
        name.unicodeScalars.append(scalar)
        position += 1
      }
      guard peek() == ";", let value = namedReferences[name] else {
        throw fail("unknown or unterminated character reference &\(name)", at: start)
      }
      position += 1
      return Array(value.unicodeScalars)
    }

    /// `<` in the data state.
    mutating func markup() throws(Failure) {
      let start = position
      if startsWith("<!--") {
        flushText()
        position += 4
        if peek() == ">" || (peek() == "-" && peek(1) == ">") {
          throw fail("abrupt closing of an empty comment")
        }
        var content = String.UnicodeScalarView()
        while position < input.count {
          if startsWith("-->") {
            position += 3
            tokens.append(.comment(String(content)))
            return
          }
          if startsWith("--!>") { throw fail("incorrectly closed comment") }
          if startsWith("<!--") { throw fail("nested comment") }
          content.append(input[position])
          position += 1
        }
        throw fail("comment never closed", at: start)
      }
      if startsWith("<!doctype", caseInsensitive: true) {
        flushText()
        position += 9
        var content = String.UnicodeScalarView()
        while let scalar = peek(), scalar != ">" {
          content.append(scalar)
          position += 1
        }
        guard peek() == ">" else { throw fail("DOCTYPE never closed", at: start) }
        position += 1
        let doctype = String(content).trimmingASCIISpaces.lowercased()
        guard doctype == "html" else { throw fail("unexpected DOCTYPE \(doctype)", at: start) }
        tokens.append(.doctype(doctype))
        return
      }
      if startsWith("<![CDATA[") {
        guard namespace == .foreign else { throw fail("CDATA section in HTML content", at: start) }
        position += 9
        while position < input.count && !startsWith("]]>") {
          text.append(input[position])
          position += 1
        }
        guard startsWith("]]>") else { throw fail("CDATA section never closed", at: start) }
        position += 3
        return
      }
      guard let next = peek(1) else { throw fail("`<` at the end of the input") }
      if next == "!" || next == "?" { throw fail("bogus comment or processing instruction") }
      if next == "/" {
        guard let first = peek(2) else { throw fail("`</` at the end of the input") }
        guard isASCIIAlpha(first) else { throw fail("invalid first character of an end tag name") }
        flushText()
        position += 2
        let name = tagName()
        skipWhitespace()
        guard peek() == ">" else { throw fail("attributes or junk in the end tag </\(name)>") }
        position += 1
        try close(name, at: start)
        return
      }
      guard isASCIIAlpha(next) else {
        throw fail("`<` that opens no tag (invalid first character of tag name)")
      }
      flushText()
      position += 1
      let name = tagName()
      let (attributes, selfClosing) = try attributeList(of: name)
      tokens.append(.startTag(name: name, attributes: attributes, selfClosing: selfClosing))
      try opened(name, selfClosing: selfClosing, at: start)
    }

    mutating func tagName() -> String {
      var name = ""
      while let scalar = peek(), !isWhitespace(scalar), scalar != "/", scalar != ">" {
        name.unicodeScalars.append(lower(scalar))
        position += 1
      }
      return name
    }

    mutating func skipWhitespace() {
      while let scalar = peek(), isWhitespace(scalar) { position += 1 }
    }

    mutating func attributeList(of tag: String) throws(Failure) -> ([Attribute], Bool) {
      var attributes: [Attribute] = []
      while true {
        let hadWhitespace = peek().map(isWhitespace) ?? false
        skipWhitespace()
        guard let scalar = peek() else { throw fail("start tag <\(tag)> never closed") }
        if scalar == ">" {
          position += 1
          return (attributes, false)
        }
        if scalar == "/" {
          guard peek(1) == ">" else { throw fail("unexpected `/` in the tag <\(tag)>") }
          position += 2
          return (attributes, true)
        }
        guard hadWhitespace else { throw fail("missing whitespace between attributes of <\(tag)>") }
        if scalar == "=" { throw fail("unexpected `=` before an attribute name in <\(tag)>") }
        var name = ""
        while let scalar = peek(), !isWhitespace(scalar), scalar != "/", scalar != ">", scalar != "=" {
          if scalar == "\"" || scalar == "'" || scalar == "<" {
            throw fail("unexpected character in an attribute name of <\(tag)>")
          }
          name.unicodeScalars.append(lower(scalar))
          position += 1
        }
        if attributes.contains(where: { $0.name == name }) {
          throw fail("duplicate attribute \(name) in <\(tag)>")
        }
        skipWhitespace()
        var value = String.UnicodeScalarView()
        if peek() == "=" {
          position += 1
          skipWhitespace()
          switch peek() {
          case "\""?, "'"?:
            let quote = peek()!
            position += 1
            while let scalar = peek(), scalar != quote {
              if scalar == "&" {
                value.append(contentsOf: try characterReference())
              } else {
                value.append(scalar)
                position += 1
              }
            }
            guard peek() == quote else { throw fail("attribute value never closed in <\(tag)>") }
            position += 1
            if let after = peek(), !isWhitespace(after), after != "/", after != ">" {
              throw fail("missing whitespace after an attribute value in <\(tag)>")
            }
          case ">"?:
            throw fail("missing attribute value in <\(tag)>")
          default:
            while let scalar = peek(), !isWhitespace(scalar), scalar != ">" {
              if "\"'<=`".unicodeScalars.contains(scalar) {
                throw fail("unexpected character in an unquoted attribute value of <\(tag)>")
              }
              if scalar == "&" {
                value.append(contentsOf: try characterReference())
              } else {
                value.append(scalar)
                position += 1
              }
            }
          }
        }
        attributes.append(Attribute(name: name, value: String(value)))
      }
    }

    /// The tree builder's part: the stack of open elements, raw text and RCDATA content.
    mutating func opened(_ name: String, selfClosing: Bool, at start: Int) throws(Failure) {
      switch namespace {
      case .foreign:
        if breakoutElements.contains(name) {
          throw fail("HTML element <\(name)> inside foreign content", at: start)
        }
        if !selfClosing { open.append((name, .foreign)) }
      case .html:
        if name == "svg" || name == "math" {
          if !selfClosing { open.append((name, .foreign)) }
          return
        }
        if voidElements.contains(name) { return }
        if selfClosing { throw fail("`/>` on the non-void HTML element <\(name)>", at: start) }
        open.append((name, .html))
        if rawTextElements.contains(name) || rcdataElements.contains(name) {
          try textContent(of: name, decoding: rcdataElements.contains(name))
        }
      }
    }

    /// The content of a RAWTEXT, script data or RCDATA element, up to its end tag.
    mutating func textContent(of name: String, decoding: Bool) throws(Failure) {
      let start = position
      var content = String.UnicodeScalarView()
      while position < input.count {
        if input[position] == "<" && peek(1) == "/" && startsWith("</" + name, caseInsensitive: true) {
          let after = position + 2 + name.unicodeScalars.count
          if after >= input.count || isWhitespace(input[after]) || input[after] == "/" || input[after] == ">"
          {
            tokens.append(decoding ? .text(String(content)) : .rawText(String(content)))
            return
          }
        }
        if decoding && input[position] == "&" {
          content.append(contentsOf: try characterReference())
        } else {
          content.append(input[position])
          position += 1
        }
      }
      throw fail("<\(name)> never closed", at: start)
    }

    mutating func close(_ name: String, at start: Int) throws(Failure) {
      if voidElements.contains(name) && namespace == .html {
        throw fail("end tag of the void element \(name)", at: start)
      }
      guard let top = open.last else { throw fail("end tag </\(name)> with nothing open", at: start) }
      guard top.name == name else {
        throw fail("end tag </\(name)> while <\(top.name)> is the innermost open element", at: start)
      }
      open.removeLast()
      tokens.append(.endTag(name: name))
    }
  }

  static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\u{0C}"
  }
  static func isASCIIAlpha(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
  }
  static func isASCIIDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
  static func isASCIIAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
    isASCIIAlpha(scalar) || isASCIIDigit(scalar)
  }
  static func lower(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 0x20)! : scalar
  }
}

extension HTMLChecker {
  /// A document as a tree of elements, for finding the text of cells, items and headings.
  final class Element {
    let name: String
    let attributes: [Attribute]
    /// Children in order: elements and text.
    var children: [Node] = []
    weak var parent: Element?

    init(name: String, attributes: [Attribute], parent: Element?) {
      self.name = name
      self.attributes = attributes
      self.parent = parent
    }

    enum Node {
      case element(Element)
      case text(String)
      case rawText(String)
    }

    func attribute(_ name: String) -> String? { attributes.first { $0.name == name }?.value }

    /// All text inside, decoded, in document order.
    var textContent: String {
      children.map {
        switch $0 {
        case .element(let element): element.textContent
        case .text(let text), .rawText(let text): text
        }
      }.joined()
    }

    /// The text children directly inside, joined.
    var ownText: String {
      children.map {
        if case .text(let text) = $0 { return text }
        return ""
      }.joined()
    }

    /// Every element inside named `name` (`*`: every element), in document order.
    func all(_ name: String) -> [Element] {
      var found: [Element] = []
      for child in children {
        if case .element(let element) = child {
          if name == "*" || element.name == name { found.append(element) }
          found += element.all(name)
        }
      }
      return found
    }
  }

  /// The tree of `tokens` (which `tokenize` has already checked for nesting) under a `#document` root.
  static func tree(_ tokens: [Token]) -> Element {
    let root = Element(name: "#document", attributes: [], parent: nil)
    var current = root
    for token in tokens {
      switch token {
      case .startTag(let name, let attributes, let selfClosing):
        let element = Element(name: name, attributes: attributes, parent: current)
        current.children.append(.element(element))
        if !selfClosing && !voidElements.contains(name) { current = element }
      case .endTag:
        current = current.parent ?? root
      case .text(let text):
        current.children.append(.text(text))
      case .rawText(let text):
        current.children.append(.rawText(text))
      case .doctype, .comment:
        break
      }
    }
    return root
  }
}

extension String {
  fileprivate var trimmingASCIISpaces: String {
    let scalars = Array(unicodeScalars)
    var lower = 0
    var upper = scalars.count
    while lower < upper && HTMLChecker.isWhitespace(scalars[lower]) { lower += 1 }
    while upper > lower && HTMLChecker.isWhitespace(scalars[upper - 1]) { upper -= 1 }
    var view = String.UnicodeScalarView()
    view.append(contentsOf: scalars[lower..<upper])
    return String(view)
  }
}
