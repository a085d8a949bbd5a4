/// Escaping of one CSV cell: RFC 4180 quoting, and a guard against spreadsheet formula injection.
enum CSVField {
  /// The cell as written to the file.
  static func escape(_ text: String) -> String {
    var cell = text
    if let first = cell.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first), Double(cell) == nil {
      cell = "'" + cell
    }
    guard cell.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return cell }
    return "\"" + cell.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}

extension String {
  fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
    split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
