import Foundation
import Testing

/// A `-f json` report read back for assertions: its tables, summary, charts and lists by id.
struct ReportJSON {
  let root: [String: Any]

  /// Runs the tool with `arguments` plus `-f json` and reads its output; a failed run is an error.
  init(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
    let run = try ToolRun.run(arguments + ["-f", "json"])
    try #require(run.status == 0, "\(arguments): \(run.stderr)", sourceLocation: sourceLocation)
    root = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any],
      sourceLocation: sourceLocation)
  }

  private func objects(_ key: String) -> [[String: Any]] { root[key] as? [[String: Any]] ?? [] }

  func table(_ id: String) -> [String: Any]? { objects("tables").first { $0["id"] as? String == id } }
  func chart(_ id: String) -> [String: Any]? { objects("charts").first { $0["id"] as? String == id } }
  func list(_ id: String) -> [String: Any]? { objects("lists").first { $0["id"] as? String == id } }
  func summary(_ id: String) -> [String: Any]? { objects("summary").first { $0["id"] as? String == id } }

  /// The column ids of table `id`.
  func columns(_ id: String) -> [String] {
    (table(id)?["columns"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
  }

  /// Each row of table `id` as its cells' values by column id.
  func rows(_ id: String) -> [[String: Any]] {
    let ids = columns(id)
    return (table(id)?["rows"] as? [[String: Any]] ?? []).map { row in
      let cells = row["cells"] as? [[String: Any]] ?? []
      return Dictionary(uniqueKeysWithValues: zip(ids, cells.map { $0["value"] ?? NSNull() }))
    }
  }
}
