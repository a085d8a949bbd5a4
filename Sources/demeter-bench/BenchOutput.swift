/// Prints the results: section titles, facts and tables. Tables are Markdown as they are; with
/// `--markdown`, titles become headings and facts list items, so the whole output pastes into a README.
struct BenchOutput: Sendable {
  var markdown: Bool

  func section(_ title: String) {
    print(markdown ? "### \(title)\n" : "\(title)\n")
  }

  func facts(_ lines: [String]) {
    for line in lines { print(markdown ? "- \(line)" : line) }
    print()
  }

  func table(_ table: TextTable) {
    print(table.rendered())
  }
}
