import Foundation

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// A journal folder under the system's temporary directory, unique per instance and removed (with
/// everything in it) when the instance goes away.
final class TemporaryJournal {
  /// The folder's path (no trailing slash).
  let path: String

  init() {
    let base = FileManager.default.temporaryDirectory.path
    path = (base.hasSuffix("/") ? base : base + "/") + "demeter-journal-test-" + UUID().uuidString
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit {
    // Undo `chmod 000` and similar before removing, so nothing is left behind.
    if let enumerator = FileManager.default.enumerator(atPath: path) {
      for case let relative as String in enumerator {
        try? FileManager.default.setAttributes(
          [.posixPermissions: 0o755], ofItemAtPath: path + "/" + relative)
      }
    }
    try? FileManager.default.removeItem(atPath: path)
  }

  /// The absolute path of `relative` inside the journal.
  func url(_ relative: String) -> String { path + "/" + relative }

  /// Writes `bytes` to `relative`, creating folders on the way; returns the file's path.
  @discardableResult
  func write(_ relative: String, bytes: [UInt8]) -> String {
    let full = url(relative)
    let folder = (full as NSString).deletingLastPathComponent
    try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try! Data(bytes).write(to: URL(fileURLWithPath: full))
    return full
  }

  /// Writes `text` (UTF-8) to `relative`; returns the file's path.
  @discardableResult
  func write(_ relative: String, _ text: String) -> String {
    write(relative, bytes: Array(text.utf8))
  }

  /// Writes `lines`, each followed by `\n`, to `relative`; returns the file's path.
  @discardableResult
  func write(_ relative: String, lines: [String]) -> String {
    write(relative, lines.map { $0 + "\n" }.joined())
  }

  /// Creates the folder `relative` (and its parents).
  func makeFolder(_ relative: String) {
    try! FileManager.default.createDirectory(atPath: url(relative), withIntermediateDirectories: true)
  }

  /// Creates a symbolic link at `relative` pointing to `destination` (taken as is).
  func link(_ relative: String, to destination: String) {
    try! FileManager.default.createSymbolicLink(atPath: url(relative), withDestinationPath: destination)
  }

  /// Loads the journal.
  func load(_ options: JournalLoadOptions = JournalLoadOptions()) -> JournalLoad {
    JournalLoader.load(journal: path, options: options)
  }
}

/// A valid journal entry line built key by key, so tests can change, add or drop one key and know
/// the column of each value.
struct EntryLine {
  /// Keys and their raw JSON values, in writing order.
  var members: [(key: String, json: String)]

  /// A valid entry: 182 kcal of scrambled eggs at 08:15 on 2026-11-21 (-05:00).
  init(
    id: String = "6f0c9a52-3c1e-4a57-9a52-0d7f1d0e7b11", timestamp: String = "2026-11-21T08:15:00-05:00",
    foodName: String = "scrambled eggs", calories: String = "182", confidence: String = "0.92"
  ) {
    members = [
      ("id", "\"\(id)\""), ("timestamp", "\"\(timestamp)\""),
      ("rawDescription", "\"two scrambled eggs with butter\""), ("foodName", "\"\(foodName)\""),
      ("quantity", "2"), ("unit", "\"large\""), ("calories", calories), ("protein", "12.2"),
      ("carbohydrates", "2.0"), ("fat", "13.4"), ("confidence", confidence),
      ("matchedIngredientID", "\"usda-sr-01132\""),
    ]
  }

  /// The line with `key` set to the raw JSON `json` (replaced in place, or appended).
  func setting(_ key: String, _ json: String) -> EntryLine {
    var copy = self
    if let index = copy.members.firstIndex(where: { $0.key == key }) {
      copy.members[index].json = json
    } else {
      copy.members.append((key, json))
    }
    return copy
  }

  /// The line without `key`.
  func removing(_ key: String) -> EntryLine {
    var copy = self
    copy.members.removeAll { $0.key == key }
    return copy
  }

  /// The JSON text of the line (no line end).
  var text: String {
    "{" + members.map { "\"\($0.key)\":\($0.json)" }.joined(separator: ",") + "}"
  }

  /// The 1-based byte column where the value of `key` starts in `text`.
  func valueColumn(_ key: String) -> Int {
    var column = 2
    for member in members {
      column += member.key.utf8.count + 3
      if member.key == key { return column }
      column += member.json.utf8.count + 1
    }
    preconditionFailure("no key \(key)")
  }

  /// The 1-based byte column of the opening quote of `key` in `text`.
  func keyColumn(_ key: String) -> Int {
    valueColumn(key) - key.utf8.count - 3
  }
}

/// Helpers shared by the journal tests.
enum JournalTesting {
  /// The package root: the nearest folder above this file that holds `Package.swift`.
  static let packageRoot: String = {
    var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while url.path != "/", !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
      url.deleteLastPathComponent()
    }
    return url.path
  }()

  /// Loads one day file `2026-11-21.jsonl` holding `bytes`.
  static func loadFile(
    bytes: [UInt8], name: String = "2026-11-21.jsonl", options: JournalLoadOptions = JournalLoadOptions()
  ) -> (load: JournalLoad, path: String) {
    let journal = TemporaryJournal()
    let path = journal.write(name, bytes: bytes)
    return (journal.load(options), path)
  }

  /// Loads one day file `2026-11-21.jsonl` holding `text`.
  static func loadFile(
    _ text: String, name: String = "2026-11-21.jsonl", options: JournalLoadOptions = JournalLoadOptions()
  ) -> (load: JournalLoad, path: String) {
    loadFile(bytes: Array(text.utf8), name: name, options: options)
  }

  /// Loads one day file holding `line` followed by a newline.
  static func loadLine(
    _ line: String, options: JournalLoadOptions = JournalLoadOptions(collectWarnings: true)
  ) -> (load: JournalLoad, path: String) {
    loadFile(line + "\n", options: options)
  }

  /// The diagnostics as `line:column: severity: message`, without the path, for compact comparison.
  static func brief(_ diagnostics: [Diagnostic]) -> [String] {
    diagnostics.map { "\($0.location.line):\($0.location.column): \($0.severity.rawValue): \($0.message)" }
  }
}
