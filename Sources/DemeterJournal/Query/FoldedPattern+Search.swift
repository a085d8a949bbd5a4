import DemeterFoundation

extension FoldedPattern {
  /// Whether the pattern matches anywhere in `text`, folded (`NameFolding`).
  /// - Complexity: O(n × p) for n characters of text and p instructions, never more.
  package func matches(_ text: String) -> Bool {
    let characters = Array(NameFolding.folded(text))
    let program = compiled.program
    return search(count: characters.count) { instruction, position in
      guard case .character(let matcher) = program[instruction] else { return false }
      return matcher.accepts(characters[position])
    }
  }

  /// `matches` of the UTF-8 `text`: plain ASCII (each byte a character, folded by lowering A–Z) is
  /// searched byte by byte through the program's ASCII tables, without making a string.
  package func matches(utf8 text: UnsafeBufferPointer<UInt8>) -> Bool {
    Self.isPlainASCII(text) ? matches(plainASCII: text) : matches(String(decoding: text, as: UTF8.self))
  }

  /// Whether `text` is searched byte by byte: ASCII, each byte a character (no `\r`, which
  /// joins a following `\n`).
  static func isPlainASCII(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    text.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: "\r") }
  }

  /// `matches(utf8:)` of a text that `isPlainASCII`.
  func matches(plainASCII text: UnsafeBufferPointer<UInt8>) -> Bool {
    if let literal = compiled.ascii.literal { return Self.contains(literal, foldedIn: text) }
    let compiled = compiled
    return search(count: text.count) { instruction, position in
      compiled.ascii.accepts(instruction, Self.folded(text[position]))
    }
  }

  /// Whether the folded `text` holds `literal`.
  private static func contains(_ literal: [UInt8], foldedIn text: UnsafeBufferPointer<UInt8>) -> Bool {
    guard literal.count <= text.count else { return false }
    if literal.isEmpty { return true }
    for start in 0...(text.count - literal.count) {
      var matched = 0
      while matched < literal.count, folded(text[start + matched]) == literal[matched] { matched += 1 }
      if matched == literal.count { return true }
    }
    return false
  }

  @inline(__always)
  private static func folded(_ byte: UInt8) -> UInt8 {
    byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
  }

  /// Runs the program over a text of `count` characters, `accepts(instruction, position)` saying
  /// whether the character instruction accepts the character at the position.
  private func search(count: Int, accepts: (Int, Int) -> Bool) -> Bool {
    let program = compiled.program
    var current = ThreadList(count: program.count)
    var next = ThreadList(count: program.count)
    var stack: [Int] = []
    for position in 0...count {
      // A match may start at every position.
      if add(0, at: position, of: count, to: &current, stack: &stack) { return true }
      guard position < count else { break }
      next.clear()
      for thread in current.threads where accepts(thread, position) {
        if add(thread + 1, at: position + 1, of: count, to: &next, stack: &stack) { return true }
      }
      swap(&current, &next)
    }
    return false
  }

  /// Adds the thread at `instruction` and every one it reaches without consuming a character, at
  /// `position` of a text of `count` characters; true when one of them accepts.
  private func add(
    _ instruction: Int, at position: Int, of count: Int, to list: inout ThreadList, stack: inout [Int]
  ) -> Bool {
    let program = compiled.program
    stack.removeAll(keepingCapacity: true)
    stack.append(instruction)
    while let pc = stack.popLast() {
      guard list.insert(pc) else { continue }
      switch program[pc] {
      case .accept: return true
      case .jump(let target): stack.append(target)
      case .split(let first, let second):
        stack.append(second)
        stack.append(first)
      case .atStart: if position == 0 { stack.append(pc + 1) }
      case .atEnd: if position == count { stack.append(pc + 1) }
      case .character: break
      }
    }
    return false
  }
}

/// What a program's character instructions accept of ASCII text, folded: a bit per byte.
struct ASCIIProgram: Sendable, Hashable {
  /// Per instruction, the bytes 0–63 it accepts (none for other instructions).
  private var low: [UInt64] = []
  /// Per instruction, the bytes 64–127 it accepts.
  private var high: [UInt64] = []
  /// The folded bytes the text must hold in a row, when the program is nothing else (`food:chicken`).
  private(set) var literal: [UInt8]? = []

  init(_ program: [FoldedPattern.Instruction]) {
    for instruction in program {
      var (low, high): (UInt64, UInt64) = (0, 0)
      switch instruction {
      case .character(let matcher):
        for byte in 0..<128 where matcher.accepts(Character(Unicode.Scalar(UInt8(byte)))) {
          if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
        }
        if low.nonzeroBitCount + high.nonzeroBitCount == 1 {
          literal?.append(UInt8(low != 0 ? low.trailingZeroBitCount : 64 + high.trailingZeroBitCount))
        } else {
          literal = nil
        }
      case .accept: break
      default: literal = nil
      }
      self.low.append(low)
      self.high.append(high)
    }
  }

  @inline(__always)
  func accepts(_ instruction: Int, _ byte: UInt8) -> Bool {
    byte < 64 ? low[instruction] & (1 << UInt64(byte)) != 0 : high[instruction] & (1 << UInt64(byte - 64)) != 0
  }
}

/// The threads of one step of a search: a set of instructions, each at most once, in the order added.
private struct ThreadList {
  private(set) var threads: [Int] = []
  /// The step each instruction was last added in.
  private var seen: [Int]
  private var step = 1

  init(count: Int) {
    seen = Array(repeating: 0, count: count)
  }

  /// Adds `instruction`; false when it is already in.
  mutating func insert(_ instruction: Int) -> Bool {
    guard seen[instruction] != step else { return false }
    seen[instruction] = step
    threads.append(instruction)
    return true
  }

  mutating func clear() {
    threads.removeAll(keepingCapacity: true)
    step += 1
  }
}
