@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// What loading a journal gave: the entries that passed validation, and every problem met.
public struct JournalLoad: Sendable {
  public var table: EntryTable
  /// Errors and (if asked for) warnings, in file and line order.
  public var diagnostics: [Diagnostic]
  /// Day files read.
  public var fileCount: Int
  /// Non-blank lines that were not loaded because they have errors.
  public var skippedLines: Int

  public var errorCount: Int { diagnostics.count { $0.severity == .error } }
  public var warningCount: Int { diagnostics.count { $0.severity == .warning } }
}
