import DemeterFoundation

/// A regular expression of a query (`food:REGEX`, manual: queries), matched against names folded as
/// top foods fold them (`NameFolding`: letter case and Unicode normalisation do not count), a
/// character (grapheme) at a time.
///
/// It is compiled to an automaton and searched by running every thread of it side by side (no
/// backtracking), so a search costs at most the text's length times the program's size, whatever
/// the pattern (`(a+)+$` included): a pattern cannot hang a report. The program is bounded too
/// (`maximumInstructions`, counted with repeats written out). The syntax is the common core of
/// regular expressions: literals, `.`, `[…]` and `[^…]` with ranges, `\d \w \s \D \W \S`, escaped
/// punctuation, groups `(…)` and `(?:…)`, `|`, `* + ?` and `{m}` `{m,}` `{m,n}` `{,n}` (a trailing `?`,
/// lazy, changes nothing: only whether there is a match counts), anchors `^` and `$`.
package struct FoldedPattern: Sendable, Hashable {
  /// The largest program a pattern may compile to.
  package static let maximumInstructions = 20_000

  /// One step of the program.
  enum Instruction: Sendable, Hashable {
    /// Consumes one character the matcher accepts.
    case character(CharacterMatcher)
    /// Goes on at both positions.
    case split(Int, Int)
    case jump(Int)
    /// Goes on only at the text's start or end.
    case atStart
    case atEnd
    case accept
  }

  /// The pattern as written and what it compiles to, one object however often the pattern is copied
  /// (a query's terms are, entry after entry).
  let compiled: CompiledPattern

  /// The pattern as written.
  package var source: String { compiled.source }

  /// The compiled `source`.
  /// - Throws: `FoldedPatternError` located in `source` (a character offset) when it is not a pattern
  ///   of the syntax above, or compiles to more than `maximumInstructions`.
  package init(_ source: String) throws(FoldedPatternError) {
    compiled = try Self.compile(source)
  }

  private static func compile(_ source: String) throws(FoldedPatternError) -> CompiledPattern {
    var parser = FoldedPatternParser(Array(source))
    let node = try parser.parse()
    var program: [Instruction] = []
    try node.compile(into: &program)
    program.append(.accept)
    return CompiledPattern(source: source, program: program, ascii: ASCIIProgram(program))
  }

  /// Patterns of the same source compile alike.
  package static func == (left: FoldedPattern, right: FoldedPattern) -> Bool { left.source == right.source }

  package func hash(into hasher: inout Hasher) { hasher.combine(source) }
}

/// A pattern as written, its program, and the program's steps as tables of ASCII bytes
/// (`FoldedPattern.matches(utf8:)`); a search starts at instruction 0.
final class CompiledPattern: Sendable {
  let source: String
  let program: [FoldedPattern.Instruction]
  let ascii: ASCIIProgram

  init(source: String, program: [FoldedPattern.Instruction], ascii: ASCIIProgram) {
    self.source = source
    self.program = program
    self.ascii = ascii
  }
}

/// Why a pattern is not one: the message and the character offset in the pattern it is about.
package struct FoldedPatternError: Error, Sendable, Equatable {
  package var message: String
  package var offset: Int
}

/// What one character of a pattern accepts (of folded text).
enum CharacterMatcher: Sendable, Hashable {
  case literal(Character)
  /// Any character but a line end.
  case any
  /// `[…]`: any of the items, or (negated) none of them.
  case set(items: [ClassItem], negated: Bool)
  case predefined(PredefinedClass, negated: Bool)

  func accepts(_ character: Character) -> Bool {
    switch self {
    case .literal(let literal): character == literal
    case .any: character != "\n" && character != "\r\n"
    case .set(let items, let negated): items.contains { $0.accepts(character) } != negated
    case .predefined(let kind, let negated): kind.accepts(character) != negated
    }
  }
}

/// One item of a `[…]` class.
enum ClassItem: Sendable, Hashable {
  case range(Character, Character)
  case predefined(PredefinedClass, negated: Bool)

  func accepts(_ character: Character) -> Bool {
    switch self {
    case .range(let low, let high): low <= character && character <= high
    case .predefined(let kind, let negated): kind.accepts(character) != negated
    }
  }
}

/// `\d` (a decimal digit), `\w` (a letter, number or `_`), `\s` (white space).
enum PredefinedClass: Sendable, Hashable {
  case digit, word, space

  func accepts(_ character: Character) -> Bool {
    switch self {
    case .digit: character.unicodeScalars.first!.properties.generalCategory == .decimalNumber
    case .word: character.isLetter || character.isNumber || character == "_"
    case .space: character.isWhitespace
    }
  }
}
