import DemeterFoundation
import DemeterJournal
import Dispatch

extension DigestLoader {
  /// The digests of a journal whose cache holds no index yet, read to write one: runs of files are
  /// digested in parallel, and each run's digests handed to the index in path order as soon as
  /// every earlier run's are (`InOrderHandoff`), folded there (into every date's totals and split
  /// and every month's detail, as `readInFull` folds them) and let go of, so that only the runs
  /// finished ahead of an earlier one are held. The months' detail and the head are written last.
  /// Nil when the files repeat an id (their digests then depend on each other: `readInFull`) or
  /// the index could not be written.
  static func writingFirstIndex(
    _ files: [DayFile], options: JournalLoadOptions, rules: DigestRules, cache: DigestCache, keepsDetail: Bool
  ) -> JournalDigests? {
    let runs = FileRuns.boundaries(fileCount: files.count, threads: options.threads)
    let parser = DayFileParser(options: options)
    var ending: DigestIndexWriter.Ending?
    var written: [FileDigest] = []
    let isWritten = cache.write(files: files) { stream throws(OutputError) -> DigestIndexWriter.Ending? in
      let drain = FirstIndexDrain(stream, files: files, limit: rules.reviewLimit, keepsDetail: keepsDetail)
      let handoff = InOrderHandoff<FirstIndexDrain.Run>()
      options.progress?.expect(files.count)
      DispatchQueue.concurrentPerform(iterations: runs.count) { index in
        var run = FirstIndexDrain.Run()
        for fileIndex in runs[index] {
          var file = files[fileIndex]
          if case .parse(let read) = cache.lookUp(file) { file = read }
          run.digests.append(
            FileDigest.read(
              file, index: Int32(fileIndex), parser: parser, coder: &run.coder, rules: rules, keepsDetail: keepsDetail))
          options.progress?.fileDone(bytes: files[fileIndex].status?.size ?? 0)
        }
        handoff.hand(run, number: index, pass: drain.add)
      }
      stream = drain.stream
      if let failure = drain.failure { throw failure }
      written = drain.written
      guard drain.hashes.repeatedHashes(threads: options.threads).isEmpty else { return nil }
      let totals = DigestFold.dayTotals(of: [drain.fold])
      let monthDetails = drain.fold.monthDetails
      let lines = FlaggedLines.read(listedBy: monthDetails.map(\.detail), files: files)
      for month in monthDetails { try stream.add(DigestIndexWriter.month(month.month, detail: month.detail, lines: lines)) }
      ending = DigestIndexWriter.Ending(
        names: drain.names, duplicateFree: true, holdsDetail: keepsDetail, days: totals,
        splits: keepsDetail && rules.breakdown != nil ? drain.fold.splits(of: totals) : [])
      return ending
    }
    guard isWritten, let ending else { return nil }
    var digests = JournalDigests(rules: rules, loadOptions: options)
    digests.files = files
    digests.diagnostics = written.flatMap(\.diagnostics)
    digests.skippedLines = written.reduce(0) { $0 + $1.skippedLines }
    digests.fileDays = FileDays(written.map(\.dates))
    return fromWrittenIndex(digests, totals: ending.days, splits: ending.splits, names: ending.names, cache: cache)
  }

  /// `digests` (their files, problems and dates filled in) completed from the index `cache` just
  /// wrote of them, whose dates' `totals` (and `splits`) are given: a load of totals needs
  /// nothing more (but a split's tallies), their detail, if asked after all, read through the
  /// journal's cache; else the digests are the index's. Nil if it cannot be read back.
  static func fromWrittenIndex(
    _ digests: JournalDigests, totals: [DigestTotals], splits: [[BreakdownTally]], names: StringDictionary,
    cache: DigestCache
  ) -> JournalDigests? {
    guard digests.loadOptions.keepsDetail else {
      var digests = digests
      digests.days = totals
      digests.keepSplits(splits, names: names)
      digests.keepsOnlyTotals = true
      digests.cachedJournal = String(cache.prefix.dropLast())
      return digests
    }
    return cache.reread().map {
      stored($0, files: digests.files, options: digests.loadOptions, rules: digests.rules)
    }
  }
}

/// Where the runs of a first index's files go, in path order (`InOrderHandoff` passes them on one
/// at a time, so its state is never touched by two workers at once): each file's digests recoded
/// into the journal's names, folded, written to the index and let go of (but their dates and
/// problems), their id hashes grouped for the journal-wide check.
private final class FirstIndexDrain: @unchecked Sendable {
  /// A run's files' digests, names coded by the run.
  struct Run: Sendable {
    var coder = NameCoder()
    var digests: [FileDigest] = []
  }

  var stream: DigestIndexStream
  var names = StringDictionary()
  var fold: DigestFold
  var written: [FileDigest] = []
  var failure: OutputError?
  let hashes: IDHashGroups

  init(_ stream: DigestIndexStream, files: [DayFile], limit: Int, keepsDetail: Bool) {
    self.stream = stream
    fold = DigestFold(limit: limit, keepsDetail: keepsDetail)
    written.reserveCapacity(files.count)
    hashes = IDHashGroups(for: files)
  }

  func add(_ run: Run) {
    guard failure == nil else { return }
    let mapping = run.coder.names.strings.map { names.code(for: $0) }
    for var digest in run.digests {
      digest.recode(names: mapping)
      fold.add(digest.days)
      do throws(OutputError) {
        try stream.add(
          DigestIndexWriter.FileContent(
            digest: digest, hadExclusions: false, digests: DigestIndexWriter.digestsBlob(digest.days),
            idHashes: DigestIndexWriter.hashesBlob(digest.idHashes)))
      } catch {
        failure = error
        return
      }
      hashes.add(digest.idHashes)
      digest.days = []
      digest.idHashes = []
      written.append(digest)
    }
  }
}
