import DemeterCore

extension JournalFileWrite.Outcome {
  /// What a command that saved a file of the journal says: `added recipe oat-banana to PATH`,
  /// `unchanged: plan 2026-W48 in PATH`; nil when nothing was saved (`alreadyExists`).
  package func said(_ subject: String, path: String) -> String? {
    switch self {
    case .added: "added \(subject) to \(path)"
    case .replaced: "replaced \(subject) to \(path)"
    case .unchanged: "unchanged: \(subject) in \(path)"
    case .alreadyExists: nil
    }
  }
}
