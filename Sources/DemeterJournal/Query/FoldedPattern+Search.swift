import DemeterFoundation

extension FoldedPattern {
  /// Whether the pattern matches anywhere in `text`, folded (`NameFolding`).
  /// - Complexity: O(n × p) for n characters of text and p instructions, never more.
  package func matches(_ text: String) -> Bool {
    let characters = Array(NameFolding.folded(text))
    var current = ThreadList(count: program.count)
    var next = ThreadList(count: program.count)
    for position in 0...characters.count {
      // A match may start at every position.
      if add(0, at: position, of: characters.count, to: &current) { return true }
      guard position < characters.count else { break }
      let character = characters[position]
      next.clear()
      for thread in current.threads {
        guard case .character(let matcher) = program[thread], matcher.accepts(character) else { continue }
        if add(thread + 1, at: position + 1, of: characters.count, to: &next) { return true }
      }
      swap(&current, &next)
    }
    return false
  }

  /// Adds the thread at `instruction` and every one it reaches without consuming a character, at
  /// `position` of a text of `count` characters; true when one of them accepts.
  private func add(_ instruction: Int, at position: Int, of count: Int, to list: inout ThreadList) -> Bool {
    var stack = [instruction]
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
