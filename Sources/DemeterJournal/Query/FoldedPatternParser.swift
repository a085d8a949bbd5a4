/// The syntax tree of a `FoldedPattern`, read from its characters (literals folded), and compiled
/// to its program.
indirect enum PatternNode: Sendable {
  case character(CharacterMatcher)
  case atStart
  case atEnd
  case sequence([PatternNode])
  case alternatives([PatternNode])
  /// At least `minimum` times, at most `maximum` (nil: no limit).
  case repeated(PatternNode, minimum: Int, maximum: Int?)

  /// Appends the node's instructions to `program` (Thompson's construction).
  /// - Throws: when the program grows past `FoldedPattern.maximumInstructions`.
  func compile(into program: inout [FoldedPattern.Instruction]) throws(FoldedPatternError) {
    guard program.count <= FoldedPattern.maximumInstructions else {
      throw FoldedPatternError(
        message: "the pattern is too large (more than \(FoldedPattern.maximumInstructions) steps once its "
          + "repeats are written out)", offset: 0)
    }
    switch self {
    case .character(let matcher): program.append(.character(matcher))
    case .atStart: program.append(.atStart)
    case .atEnd: program.append(.atEnd)
    case .sequence(let nodes):
      for node in nodes { try node.compile(into: &program) }
    case .alternatives(let nodes):
      // split L1, next; L1: first; jump end; next: split L2, … ; last
      var jumps: [Int] = []
      for (position, node) in nodes.enumerated() {
        if position < nodes.count - 1 {
          let split = program.count
          program.append(.split(split + 1, 0))
          try node.compile(into: &program)
          jumps.append(program.count)
          program.append(.jump(0))
          program[split] = .split(split + 1, program.count)
        } else {
          try node.compile(into: &program)
        }
      }
      for jump in jumps { program[jump] = .jump(program.count) }
    case .repeated(let node, let minimum, let maximum):
      for _ in 0..<minimum { try node.compile(into: &program) }
      if let maximum {
        // Each optional copy: split into it or past all of them.
        var splits: [Int] = []
        for _ in minimum..<maximum {
          splits.append(program.count)
          program.append(.split(program.count + 1, 0))
          try node.compile(into: &program)
        }
        for split in splits { program[split] = .split(split + 1, program.count) }
      } else {
        // loop: split body, end; body; jump loop
        let loop = program.count
        program.append(.split(loop + 1, 0))
        try node.compile(into: &program)
        program.append(.jump(loop))
        program[loop] = .split(loop + 1, program.count)
      }
    }
  }
}

/// Reads a pattern's characters into a `PatternNode` (the syntax of `FoldedPattern`).
struct FoldedPatternParser {
  private let characters: [Character]
  private var position = 0
  /// The largest count a repeat may give (`{m,n}`).
  static let maximumCount = 1000

  init(_ characters: [Character]) {
    self.characters = characters
  }

  mutating func parse() throws(FoldedPatternError) -> PatternNode {
    let node = try alternatives()
    if position < characters.count {
      // Only an unmatched `)` stops the alternatives early.
      throw problem("unmatched ')'")
    }
    return node
  }

  private func problem(_ message: String, at offset: Int? = nil) -> FoldedPatternError {
    FoldedPatternError(message: message, offset: offset ?? position)
  }

  private var next: Character? { position < characters.count ? characters[position] : nil }

  private mutating func alternatives() throws(FoldedPatternError) -> PatternNode {
    var choices = [try sequence()]
    while next == "|" {
      position += 1
      choices.append(try sequence())
    }
    return choices.count == 1 ? choices[0] : .alternatives(choices)
  }

  private mutating func sequence() throws(FoldedPatternError) -> PatternNode {
    var nodes: [PatternNode] = []
    while let character = next, character != "|", character != ")" {
      let start = position
      var node = try atom()
      while let quantifier = next, "*+?{".contains(quantifier) {
        guard !node.isAnchor else { throw problem("nothing to repeat before '\(quantifier)'") }
        let (minimum, maximum) = try counts()
        node = .repeated(node, minimum: minimum, maximum: maximum)
        if next == "?" { position += 1 }
        if let again = next, "*+{".contains(again) {
          throw problem("a repeat of a repeat ('\(String(characters[start..<position]))\(again)'): group it")
        }
      }
      nodes.append(node)
    }
    return nodes.count == 1 ? nodes[0] : .sequence(nodes)
  }

  /// The counts of the quantifier at `position` (`*`, `+`, `?`, `{…}`), read past.
  private mutating func counts() throws(FoldedPatternError) -> (Int, Int?) {
    let start = position
    let quantifier = characters[position]
    position += 1
    switch quantifier {
    case "*": return (0, nil)
    case "+": return (1, nil)
    case "?": return (0, 1)
    default: break
    }
    guard let close = characters[position...].firstIndex(of: "}") else {
      throw problem("'{' without '}' (write '\\{' for the character)", at: start)
    }
    let parts = String(characters[position..<close]).split(separator: ",", omittingEmptySubsequences: false)
    position = close + 1
    func count(_ text: Substring) -> Int? {
      text.allSatisfy(\.isASCII) && text.allSatisfy(\.isWholeNumber) ? Int(text) : nil
    }
    let bad = problem(
      "a repeat count is {m}, {m,}, {m,n} or {,n}, with whole numbers up to \(Self.maximumCount)", at: start)
    switch parts.count {
    case 1:
      guard let exactly = count(parts[0]), exactly <= Self.maximumCount else { throw bad }
      return (exactly, exactly)
    case 2:
      let minimum = parts[0].isEmpty ? 0 : count(parts[0])
      let maximum = parts[1].isEmpty ? nil : count(parts[1])
      guard let minimum, minimum <= Self.maximumCount, parts[1].isEmpty || maximum != nil else { throw bad }
      if let maximum, maximum > Self.maximumCount || maximum < minimum { throw bad }
      if parts[0].isEmpty, parts[1].isEmpty { throw bad }
      return (minimum, maximum)
    default: throw bad
    }
  }

  private mutating func atom() throws(FoldedPatternError) -> PatternNode {
    let start = position
    let character = characters[position]
    position += 1
    switch character {
    case "(":
      if next == "?" {
        guard position + 1 < characters.count, characters[position + 1] == ":" else {
          throw problem("only '(?:' groups are supported (no look-around or flags)", at: start)
        }
        position += 2
      }
      let inner = try alternatives()
      guard next == ")" else { throw problem("'(' without ')'", at: start) }
      position += 1
      return inner
    case "[": return .character(try characterClass(start: start))
    case ".": return .character(.any)
    case "^": return .atStart
    case "$": return .atEnd
    case "*", "+", "?", "{": throw problem("nothing to repeat before '\(character)'", at: start)
    case "\\":
      let escaped = try escape(start: start)
      switch escaped {
      case .character(let literal): return Self.literal(literal)
      case .predefined(let kind, let negated): return .character(.predefined(kind, negated: negated))
      }
    default: return Self.literal(character)
    }
  }

  /// A literal character folded (its lowercase mapping may be several characters).
  private static func literal(_ character: Character) -> PatternNode {
    let folded = Array(String(character).lowercased())
    return folded.count == 1
      ? .character(.literal(folded[0])) : .sequence(folded.map { .character(.literal($0)) })
  }

  private enum Escaped {
    case character(Character)
    case predefined(PredefinedClass, negated: Bool)
  }

  /// The escape whose `\` is at `start` (`position` just past it), read past.
  private mutating func escape(start: Int) throws(FoldedPatternError) -> Escaped {
    guard let character = next else { throw problem("'\\' at the end of the pattern", at: start) }
    position += 1
    switch character {
    case "d": return .predefined(.digit, negated: false)
    case "D": return .predefined(.digit, negated: true)
    case "w": return .predefined(.word, negated: false)
    case "W": return .predefined(.word, negated: true)
    case "s": return .predefined(.space, negated: false)
    case "S": return .predefined(.space, negated: true)
    case "t": return .character("\t")
    case "n": return .character("\n")
    default:
      guard character.isPunctuation || character.isSymbol || character == " " else {
        throw problem(
          "'\\\(character)' is not supported (escapes: \\d \\w \\s \\D \\W \\S \\t \\n, and '\\' before punctuation)",
          at: start)
      }
      return .character(character)
    }
  }

  /// The `[…]` class whose `[` is at `start` (`position` just past it), read past.
  private mutating func characterClass(start: Int) throws(FoldedPatternError) -> CharacterMatcher {
    var negated = false
    if next == "^" {
      negated = true
      position += 1
    }
    var items: [ClassItem] = []
    var first = true
    while true {
      guard let character = next else { throw problem("'[' without ']'", at: start) }
      if character == "]" && !first { break }
      first = false
      let itemStart = position
      position += 1
      var low: Character
      if character == "\\" {
        switch try escape(start: itemStart) {
        case .predefined(let kind, let negated):
          items.append(.predefined(kind, negated: negated))
          continue
        case .character(let literal): low = literal
        }
      } else if character == "[" {
        throw problem("'[' inside a class: write '\\[' ", at: itemStart)
      } else {
        low = character
      }
      var high = low
      if next == "-", position + 1 < characters.count, characters[position + 1] != "]" {
        position += 1
        let highStart = position
        let written = characters[position]
        position += 1
        if written == "\\" {
          guard case .character(let literal) = try escape(start: highStart) else {
            throw problem("a range cannot end at a class like \\d", at: highStart)
          }
          high = literal
        } else {
          high = written
        }
        guard low <= high else {
          throw problem("the range '\(low)-\(high)' runs backwards", at: itemStart)
        }
      }
      let (foldedLow, foldedHigh) = (Self.folded(low), Self.folded(high))
      items.append(.range(min(foldedLow, foldedHigh), max(foldedLow, foldedHigh)))
    }
    position += 1
    return .set(items: items, negated: negated)
  }

  /// A class's character folded, as one character (kept as written when its lowercase mapping is
  /// several).
  private static func folded(_ character: Character) -> Character {
    let lower = String(character).lowercased()
    return lower.count == 1 ? lower.first! : character
  }
}

extension PatternNode {
  var isAnchor: Bool {
    switch self {
    case .atStart, .atEnd: true
    default: false
    }
  }
}
