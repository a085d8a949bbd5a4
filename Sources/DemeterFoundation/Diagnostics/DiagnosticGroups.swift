/// A journal's problems as `check` lists them (manual: journal): every error and every warning of
/// no `WarningKind`; of each kind, the first `shownPerKind` warnings, the others only counted (their
/// text is never kept or made again), unless every one is asked for; and the kinds the journal's
/// config silences only counted. Memory is bounded by what is listed, however many warnings there are.
public struct DiagnosticGroups: Sendable {
  /// How many warnings of each kind `check` lists without `--all`.
  public static let shownPerKind = 5

  /// The problems listed, in the order added.
  public private(set) var listed: [Diagnostic] = []
  /// How many errors there are.
  public private(set) var errorCount = 0
  /// How many warnings there are, listed or not, silenced ones left out.
  public private(set) var warningCount = 0
  /// For each kind (by `WarningKind.index`), how many warnings there are (silenced ones included)
  /// and how many were listed.
  private var ofKind: [(total: Int, listed: Int)]
  private let shownPerKind: Int?
  private let silenced: Set<WarningKind>

  /// Groups that list `shownPerKind` warnings of each kind (nil: all of them), and count the
  /// warnings of the `silenced` kinds apart.
  public init(shownPerKind: Int? = Self.shownPerKind, silenced: Set<WarningKind> = []) {
    self.shownPerKind = shownPerKind
    self.silenced = silenced
    ofKind = Array(repeating: (0, 0), count: WarningKind.allCases.count)
  }

  /// Adds `diagnostic`, which stands for `diagnostic.count` problems.
  public mutating func add(_ diagnostic: Diagnostic) {
    guard diagnostic.severity == .warning, let kind = diagnostic.kind else {
      if diagnostic.severity == .error { errorCount += diagnostic.count } else { warningCount += diagnostic.count }
      listed.append(diagnostic)
      return
    }
    ofKind[kind.index].total += diagnostic.count
    guard !silenced.contains(kind) else { return }
    warningCount += diagnostic.count
    // A diagnostic that counts warnings left out of its file is never listed itself.
    guard diagnostic.count == 1, ofKind[kind.index].listed < shownPerKind ?? .max else { return }
    ofKind[kind.index].listed += 1
    listed.append(diagnostic)
  }

  /// Adds each of `diagnostics`.
  public mutating func add(contentsOf diagnostics: some Sequence<Diagnostic>) {
    for diagnostic in diagnostics { add(diagnostic) }
  }

  /// How many warnings of `kind` there are, silenced or not.
  public func count(of kind: WarningKind) -> Int { ofKind[kind.index].total }

  /// How many warnings of `kind` there are but are not listed (silenced ones not included).
  public func unlisted(of kind: WarningKind) -> Int {
    silenced.contains(kind) ? 0 : ofKind[kind.index].total - ofKind[kind.index].listed
  }

  /// Whether the journal's config silences `kind`.
  public func isSilenced(_ kind: WarningKind) -> Bool { silenced.contains(kind) }

  /// How many warnings are not listed, silenced ones not included.
  public var unlistedCount: Int { WarningKind.allCases.reduce(0) { $0 + unlisted(of: $1) } }

  /// How many warnings the journal's config silences.
  public var silencedCount: Int { silenced.reduce(0) { $0 + count(of: $1) } }

  /// One line per kind with warnings, in `WarningKind` order: `  4061 another-days-file: entries
  /// dated in another day's file (5 listed)` (or `silenced`). Empty when every warning is listed.
  public var kindLines: [String] {
    guard unlistedCount > 0 || silencedCount > 0 else { return [] }
    let counts = WarningKind.allCases.map(count(of:))
    let width = String(counts.max() ?? 0).count
    return zip(WarningKind.allCases, counts).compactMap { kind, total in
      guard total > 0 else { return nil }
      let subject = total == 1 ? kind.subject.one : kind.subject.many
      let shown =
        silenced.contains(kind)
        ? "silenced" : unlisted(of: kind) == 0 ? "all listed" : "\(total - unlisted(of: kind)) listed"
      let number = String(total)
      return String(repeating: " ", count: 2 + width - number.count) + "\(number) \(kind.rawValue): \(subject) (\(shown))"
    }
  }
}
