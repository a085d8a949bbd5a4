/// The stages of the week report query, in the order a run goes through them.
enum Stage: String, Sendable, CaseIterable {
  case find, read, load, aggregate, renderCSV, renderHTML
  /// find → load → aggregate → render CSV → render HTML, one after the other.
  case whole

  /// The stage's row title; for the in-memory sample journal, "finding" its files is making them.
  func title(inMemory: Bool) -> String {
    switch self {
    case .find: return inMemory ? "find files (sample: make them)" : "find files"
    case .read: return "read (FileBytes.read)"
    case .load: return "load (read + parse + day digests)"
    case .aggregate: return "aggregate (weeks → report model)"
    case .renderCSV: return "render CSV"
    case .renderHTML: return "render HTML"
    case .whole: return "whole run (find → HTML)"
    }
  }
}
