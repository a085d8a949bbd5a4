import DemeterJournal
import Dispatch

/// Reads a journal into day digests (manual: architecture): files are digested in parallel, each through the
/// journal's digest cache when asked, then ids are checked across the journal and the digests of
/// each date merged. The result is the same whatever the number of threads or the cache's state.
public enum DigestLoader {
  /// Digests every day file under `journal`, through its cache if `options.cache` asks, never
  /// half of a transaction (`JournalReading`).
  public static func load(
    journal: String, options: JournalLoadOptions = JournalLoadOptions(), rules: DigestRules = DigestRules()
  ) -> JournalDigests {
    keepingWeekdays(of: rules) { loadEntries(journal: journal, options: options, rules: $0) }
  }

  private static func loadEntries(journal: String, options: JournalLoadOptions, rules: DigestRules) -> JournalDigests {
    var (digests, problems) = JournalReading.consistently(journal: journal) { () -> JournalDigests in
      var place = DigestCache.Place(journal: journal, options: options, rules: rules)
      if !options.keepsDetail, let place,
        let totals = DigestIndexTotals(
          path: place.indexPath, fingerprint: place.fingerprint, prefix: place.prefix, split: rules.breakdown != nil)
      {
        place.markUsed()
        return stored(totals, journal: journal, options: options, rules: rules)
      }
      // The cache's folder is made before the search: making it changes the journal folder's stamp.
      place?.prepare()
      let found = DayFileFinder.find(in: journal)
      var digests: JournalDigests
      if !options.keepsDetail, let place,
        let totals = DigestIndexTotals(
          path: place.indexPath, fingerprint: place.fingerprint, prefix: place.prefix, files: found.files,
          split: rules.breakdown != nil)
      {
        // The files are unchanged, so only the folders' stamps kept the search from being skipped:
        // stamped again (when they can prove anything), the next load skips it.
        if !found.folders.isEmpty, !found.folders.contains(where: \.isRacy) {
          let cache = DigestCache(place, folders: found.folders)
          _ = updated(cache, files: found.files, options: options, rules: rules)
        }
        digests = stored(totals, journal: journal, options: options, rules: rules)
      } else {
        let cache = place.map { DigestCache($0, folders: found.folders) }
        digests = load(files: found.files, options: options, rules: rules, cache: cache)
      }
      digests.diagnostics = found.problems + digests.diagnostics
      place?.markUsed()
      return digests
    }
    digests.diagnostics = problems + digests.diagnostics
    return digests
  }

  /// Digests the given day files (in memory or on disk), without a cache.
  public static func load(
    files: [DayFile], options: JournalLoadOptions = JournalLoadOptions(), rules: DigestRules = DigestRules()
  ) -> JournalDigests {
    keepingWeekdays(of: rules) { load(files: files, options: options, rules: $0, cache: nil) }
  }

  /// Digests the day files of `journal` found earlier, through its cache if `options.cache` asks.
  package static func load(
    files: [DayFile], ofJournal journal: String, options: JournalLoadOptions, rules: DigestRules
  ) -> JournalDigests {
    keepingWeekdays(of: rules) {
      load(files: files, options: options, rules: $0, cache: DigestCache(journal: journal, options: options, rules: $0))
    }
  }

  /// The digests `rules` ask for, loaded as the digests of the query's entries (`Query.weekdaySplit`)
  /// with the dates its weekdays leave out dropped: a query of weekdays alone reads the journal's
  /// own digests (and cache), and `meal:dinner weekend` those of `meal:dinner`.
  private static func keepingWeekdays(
    of rules: DigestRules, _ load: (DigestRules) -> JournalDigests
  ) -> JournalDigests {
    let (weekdays, entries) = rules.query?.weekdaySplit ?? (nil, nil)
    guard let weekdays else { return load(rules) }
    var loaded = rules
    loaded.query = entries
    var digests = load(loaded)
    digests.keepDays(onWeekdays: weekdays, rules: rules)
    return digests
  }

  private static func load(
    files: [DayFile], options: JournalLoadOptions, rules: DigestRules, cache: DigestCache?
  ) -> JournalDigests {
    let files = files.sorted()
    if let index = cache?.unchangedIndex(for: files) {
      return stored(index, files: files, options: options, rules: rules)
    }
    // Totals and a split keep each day's split in memory (a split's tallies are small, and whole
    // months' folds would leave partial months to be read again).
    let splitsTotals = !options.keepsDetail && rules.breakdown != nil
    if cache?.canWrite != true, !splitsTotals, let folded = folded(files, options: options, rules: rules) {
      return folded
    }
    if let cache, cache.index?.duplicateFree == true,
      let updated = updated(cache, files: files, options: options, rules: rules)
    {
      return updated
    }
    if let cache, cache.canWrite, cache.index == nil,
      let written = writingFirstIndex(
        files, options: options, rules: rules, cache: cache, keepsDetail: options.keepsDetail || rules.breakdown != nil)
    {
      return written
    }
    return readInFull(files, options: options, rules: rules, cache: cache)
  }

  /// Every file's digests (stored or parsed, all held at once: `writingFirstIndex` holds fewer
  /// where the cache has no index), the journal-wide id check, and the index written afresh; the
  /// digests then come from that index where it could be written and holds no repeated id, else
  /// from memory. A load of totals (`keepsDetail` false) digests the files for their
  /// totals alone and writes an index of totals (`DigestIndex`), unless the journal's index holds
  /// detail, which it keeps, or the digests are split, whose index holds detail so that its head
  /// keeps each day's split: its digests then keep only their totals (and split), their detail
  /// read again when asked (`JournalDigests.withDetail`).
  private static func readInFull(
    _ files: [DayFile], options: JournalLoadOptions, rules: DigestRules, cache: DigestCache?
  ) -> JournalDigests {
    let splitsThroughCache = rules.breakdown != nil && cache?.canWrite == true
    let keepsDetail = options.keepsDetail || cache?.index != nil || splitsThroughCache
    var names = cache?.names ?? StringDictionary()
    var perFile = digestFiles(
      files, options: options, rules: rules, cache: cache, names: &names, keepsDetail: keepsDetail)
    var digests = JournalDigests(rules: rules, loadOptions: options)
    digests.files = files
    let duplicates = DuplicateIDs.find(in: perFile, files: files, options: options)
    let parser = DayFileParser(options: options)
    for (file, lines) in duplicates.lines.sorted(by: { $0.key < $1.key }) {
      perFile[Int(file)] = FileDigest.read(
        files[Int(file)], index: file, parser: parser, names: &names, rules: rules, excluding: lines,
        keepsDetail: keepsDetail)
    }
    digests.duplicateLines = duplicates.lines
    digests.keepsOnlyTotals = !keepsDetail
    digests.keepsSplit = !keepsDetail && rules.breakdown != nil && cache?.canWrite != true
    digests.names = keepsDetail || digests.keepsSplit ? names : StringDictionary()
    var diagnostics = perFile.flatMap(\.diagnostics)
    if !duplicates.diagnostics.isEmpty {
      diagnostics = (diagnostics + duplicates.diagnostics).enumerated().sorted {
        ($0.element.location, $0.offset) < ($1.element.location, $1.offset)
      }.map(\.element)
    }
    digests.diagnostics = diagnostics
    digests.skippedLines = perFile.reduce(0) { $0 + $1.skippedLines }
    digests.fileDays = FileDays(perFile.map(\.dates))
    guard let cache, cache.canWrite else {
      digests.setDays(mergedDays(perFile.flatMap(\.days), limit: rules.reviewLimit))
      return digests
    }
    // Every date's totals and every month's detail, folded from the files' digests where they lie.
    var fold = DigestFold(limit: rules.reviewLimit, keepsDetail: keepsDetail)
    for digest in perFile { fold.add(digest.days) }
    let totals = DigestFold.dayTotals(of: [fold])
    let splits = keepsDetail && rules.breakdown != nil ? fold.splits(of: totals) : []
    let monthDetails = fold.monthDetails
    let lines = FlaggedLines.read(listedBy: monthDetails.map(\.detail), files: files)
    let months = monthDetails.map { DigestIndexWriter.month($0.month, detail: $0.detail, lines: lines) }
    guard duplicates.lines.isEmpty else {
      let days = mergedDays(perFile.flatMap(\.days), limit: rules.reviewLimit)
      cache.store(
        &perFile, files: files, names: names, duplicates: duplicates, holdsDetail: keepsDetail, days: totals,
        splits: splits, months: months)
      digests.setDays(days)
      return digests
    }
    // The index just written stands for the digests, so each file's are let go of once written.
    guard
      cache.store(
        &perFile, files: files, names: names, duplicates: duplicates, holdsDetail: keepsDetail, days: totals,
        splits: splits, months: months),
      let written = fromWrittenIndex(digests, totals: totals, splits: splits, names: names, cache: cache)
    else { return load(files: files, options: options, rules: rules, cache: nil) }
    return written
  }

  /// The digests of an index that describes the journal's files exactly: its totals at once, its
  /// detail read from it when a report asks.
  package static func stored(
    _ index: DigestIndex, files: [DayFile], options: JournalLoadOptions, rules: DigestRules
  ) -> JournalDigests {
    var digests = JournalDigests(rules: rules, loadOptions: options)
    digests.files = files
    digests.names = index.names
    digests.diagnostics = index.records.flatMap(\.diagnostics)
    digests.skippedLines = index.records.reduce(0) { $0 + $1.skippedLines }
    digests.fileDays = FileDays(index.records.map(\.dates))
    digests.days = index.days
    digests.details = IndexedDetails(
      index: index,
      redigest: DayRedigest(
        files: files, fileDays: digests.fileDays, options: options, rules: rules, names: index.names,
        duplicateLines: [:]))
    return digests
  }

  /// The digests of a journal's files whose index describes them exactly, read for their totals
  /// alone (`DigestIndexTotals`): their detail, when asked after all, is read through the journal's
  /// cache (`JournalDigests.withDetail`).
  package static func stored(
    _ totals: DigestIndexTotals, journal: String, options: JournalLoadOptions, rules: DigestRules
  ) -> JournalDigests {
    var digests = JournalDigests(rules: rules, loadOptions: options)
    digests.fileList = totals.files
    digests.diagnostics = totals.diagnostics
    digests.skippedLines = totals.skippedLines
    digests.fileDays = totals.fileDays
    digests.days = totals.days
    digests.keepSplits(totals.splits, names: totals.names)
    digests.keepsOnlyTotals = true
    digests.cachedJournal = journal
    return digests
  }

  /// The digests of files read without a cache to write, keeping only every date's totals and
  /// every month's merged detail (a date's detail is made again from its files when a report asks;
  /// without `keepsDetail`, only the totals); nil when the files repeat an id (the digests of those
  /// files then depend on others).
  private static func folded(_ files: [DayFile], options: JournalLoadOptions, rules: DigestRules) -> JournalDigests? {
    let runs = FileRuns.boundaries(fileCount: files.count, threads: options.threads)
    let parser = DayFileParser(options: options)
    struct Run {
      var coder = NameCoder()
      var fold: DigestFold
      var files: [FileDigest] = []
    }
    let slots = Slots<Run>(count: runs.count)
    let hashes = IDHashGroups(for: files)
    options.progress?.expect(files.count)
    DispatchQueue.concurrentPerform(iterations: runs.count) { index in
      var run = Run(fold: DigestFold(limit: rules.reviewLimit, keepsDetail: options.keepsDetail))
      for fileIndex in runs[index] {
        var digest = FileDigest.read(
          files[fileIndex], index: Int32(fileIndex), parser: parser, coder: &run.coder, rules: rules,
          keepsDetail: options.keepsDetail, keepsMicronutrientNames: options.keepsMicronutrientNames)
        options.progress?.fileDone(bytes: files[fileIndex].status?.size ?? 0)
        run.fold.add(digest.days)
        hashes.add(digest.idHashes)
        digest.days = []
        digest.idHashes = []
        run.files.append(digest)
      }
      slots[index] = run
    }
    let done = slots.takeValues()
    var names = StringDictionary()
    let mappings = done.map { run in run.coder.names.strings.map { names.code(for: $0) } }
    let folds = done.map(\.fold)
    let months = DigestFold.months(of: folds, recodedBy: mappings, threads: options.threads)
    let perFile = done.flatMap(\.files)
    guard hashes.repeatedHashes(threads: options.threads).isEmpty else { return nil }
    var digests = JournalDigests(rules: rules, loadOptions: options)
    digests.files = files
    digests.names = names
    digests.diagnostics = perFile.flatMap(\.diagnostics)
    digests.skippedLines = perFile.reduce(0) { $0 + $1.skippedLines }
    digests.fileDays = FileDays(perFile.map(\.dates))
    digests.days = DigestFold.dayTotals(of: folds)
    digests.keepsOnlyTotals = !options.keepsDetail
    if digests.keepsOnlyTotals, options.keepsMicronutrientNames {
      digests.micronutrientsByDay = DigestFold.micronutrients(of: folds, recodedBy: mappings)
    }
    digests.details = MonthDetails(
      days: digests.days.map(\.day), months: months,
      redigest: DayRedigest(
        files: files, fileDays: digests.fileDays, options: options, rules: rules, names: names, duplicateLines: [:]))
    return digests
  }

  /// Every file's digest (from the cache where it holds one), names coded into `names`; parsed
  /// ones keep their detail if `keepsDetail`. With `readsStored` false, a stored file's digests are
  /// left in the index (`storedRecord`).
  package static func digestFiles(
    _ files: [DayFile], options: JournalLoadOptions, rules: DigestRules, cache: DigestCache?,
    names: inout StringDictionary, readsStored: Bool = true, keepsDetail: Bool = true
  ) -> [FileDigest] {
    let runs = FileRuns.boundaries(fileCount: files.count, threads: options.threads)
    let parser = DayFileParser(options: options)
    /// A run's digests; `local` marks those coded into the run's own names.
    struct Run {
      var coder = NameCoder()
      var digests: [FileDigest] = []
      var local: [Bool] = []
    }
    let slots = Slots<Run>(count: runs.count)
    options.progress?.expect(files.count)
    DispatchQueue.concurrentPerform(iterations: runs.count) { index in
      var run = Run()
      for fileIndex in runs[index] {
        defer { options.progress?.fileDone(bytes: files[fileIndex].status?.size ?? 0) }
        let position = Int32(fileIndex)
        var toParse = files[fileIndex]
        switch cache?.lookUp(files[fileIndex]) {
        case .stored(let record)?:
          if !readsStored, let stored = cache?.index?.records[record],
            let hashes = try? cache?.index?.idHashes(ofRecord: record)
          {
            var digest = FileDigest(idHashes: hashes, diagnostics: stored.diagnostics, skippedLines: stored.skippedLines)
            digest.dates = stored.dates
            digest.storedRecord = record
            run.digests.append(digest)
            run.local.append(false)
            continue
          }
          if readsStored, let digest = cache?.index?.fileDigest(ofRecord: record, fileIndex: position) {
            run.digests.append(digest)
            run.local.append(false)
            continue
          }
        case .parse(let file)?:
          toParse = file
        case nil:
          break
        }
        run.digests.append(
          FileDigest.read(
            toParse, index: position, parser: parser, coder: &run.coder, rules: rules, keepsDetail: keepsDetail))
        run.local.append(true)
      }
      slots[index] = run
    }
    var result: [FileDigest] = []
    result.reserveCapacity(files.count)
    for run in slots.takeValues() {
      let mapping = run.coder.names.strings.map { names.code(for: $0) }
      for (digest, local) in zip(run.digests, run.local) {
        var digest = digest
        if local { digest.recode(names: mapping) }
        result.append(digest)
      }
    }
    return result
  }

  /// One digest per date: the digests of the same date (from different files) merged.
  static func mergedDays(_ days: [DayDigest], limit: Int) -> [DayDigest] {
    days.mergedByDay(\.day) { $0.merge($1, limit: limit) }
  }
}
