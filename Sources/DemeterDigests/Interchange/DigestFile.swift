/// A digest file (manual: many-journals): the day digests of one or more journals, each kept apart,
/// with the settings they were made under. It merges with others of the same settings exactly,
/// associatively and commutatively, and reads back as the journals' digests for any report.
public struct DigestFile: Sendable, Hashable {
  public let settings: DigestFileSettings
  /// What its journals hold: everything, or what a cohort report needs.
  public let form: DigestFileForm
  /// The journals, sorted by name (UTF-8 byte order), no two of the same name.
  public internal(set) var journals: [DigestFileJournal]

  /// A file of `journals`, whose names must differ, in `form` (journals are cut to their
  /// `cohortPart` for the cohort form).
  public init(settings: DigestFileSettings, form: DigestFileForm = .full, journals: [DigestFileJournal]) {
    self.settings = settings
    self.form = form
    self.journals = journals.map { form == .cohort ? $0.cohortPart : $0 }
      .sorted { DigestFileJournal.precedes($0.name, $1.name) }
    precondition(
      zip(self.journals, self.journals.dropFirst()).allSatisfy { $0.name != $1.name },
      "a digest file holds each journal once")
  }

  /// The merge of `files` (each with the label messages name it by, e.g. its path): with `cohort`,
  /// journals of the same name are one person's journal split into parts and are added together,
  /// others kept apart; without it, every journal is added into one. A merge with a file of the
  /// cohort form is of the cohort form (the others' journals cut to their `cohortPart`). Any order
  /// and grouping of merges gives the same file.
  /// - Throws: a mismatch naming both files when their settings differ, or when journals to be added
  ///   together disagree (`DigestFileJournal.add`).
  public static func merged(_ files: [(label: String, file: DigestFile)], cohort: Bool)
    throws(DigestFileError)
    -> DigestFile
  {
    precondition(!files.isEmpty, "a merge needs at least one file")
    let first = files[0]
    for other in files.dropFirst() {
      if let difference = first.file.settings.difference(from: other.file.settings) {
        throw DigestFileError(
          .mismatch,
          "\(first.label) and \(other.label) were made under different settings: \(difference.name) "
            + "\(difference.mine) in \(first.label), \(difference.theirs) in \(other.label); digests of different "
            + "settings cannot be merged (make them again with the same options)")
      }
    }
    let form: DigestFileForm = files.contains { $0.file.form == .cohort } ? .cohort : .full
    var kept: [String: (journal: DigestFileJournal, label: String)] = [:]
    var order: [String] = []
    for (label, file) in files {
      for journal in file.journals {
        let journal = form == file.form ? journal : journal.cohortPart
        let key = cohort ? journal.name : ""
        guard var existing = kept[key] else {
          kept[key] = (journal, label)
          order.append(key)
          continue
        }
        do throws(DigestFileJournal.Conflict) {
          try existing.journal.add(journal, dropsDifferingGoals: !cohort)
        } catch {
          throw DigestFileError(
            .mismatch,
            "journal '\(journal.name)' of \(label) cannot be added to '\(existing.journal.name)' of \(existing.label): "
              + error.reason)
        }
        kept[key] = existing
      }
    }
    return DigestFile(settings: first.file.settings, form: form, journals: order.map { kept[$0]!.journal })
  }

  /// The skipped lines and unreadable files of all its journals together (what a cohort report
  /// says was left out); `label` names the file in errors.
  /// - Throws: `DigestFileError.Kind.mismatch` when a total is out of range.
  public func problemTotals(label: String) throws(DigestFileError) -> (
    skippedLines: Int, unreadableFiles: Int
  ) {
    var total = DigestFileJournal.ProblemCounts()
    for journal in journals {
      do throws(DigestFileJournal.Conflict) {
        total = try total.adding(journal.problemCounts)
      } catch {
        throw DigestFileError(
          .mismatch, "the journals of \(label) cannot be reported together: \(error.reason)")
      }
    }
    return (total.skippedLines, total.unreadableFiles)
  }

  /// The file without its split (`DigestRules.breakdown`): its settings and every day's detail
  /// without the dimension's tallies, as a file made without `--by`.
  public var unsplit: DigestFile {
    guard settings.rules.breakdown != nil else { return self }
    var rules = settings.rules
    rules.breakdown = nil
    var file = DigestFile(settings: DigestFileSettings(rules: rules), form: form, journals: [])
    file.journals = journals.map { journal in
      var journal = journal
      for index in journal.days.indices { journal.days[index].detail.breakdown = [] }
      return journal
    }
    return file
  }
}
