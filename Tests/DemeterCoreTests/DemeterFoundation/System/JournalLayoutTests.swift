import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// `JournalLayout`: the paths of a journal folder, declared once, and every reader and writer of
/// them taking its path from it.
@Suite struct JournalLayoutTests {
  @Test func pathsOfAJournalFolder() {
    let layout = JournalLayout(journal: "journal")
    #expect(layout.config == "journal/.demeter.json")
    #expect(layout.ingredients == "journal/ingredients.jsonl")
    #expect(layout.stateFolder == "journal/.demeter")
    #expect(layout.lock == "journal/.demeter/lock")
    #expect(layout.cache == "journal/.demeter/cache")
    #expect(layout.templates == "journal/.demeter/templates")
    #expect(layout.commitLock == "journal/.demeter/commit")
    #expect(layout.commitQueue == "journal/.demeter/commit-queue")
    #expect(layout.transactionRecord == "journal/.demeter/transaction")
  }

  /// A folder given with a trailing slash (`--journal journal/`) gets one slash, not two.
  @Test func oneSlashAfterAFolderEndingInOne() {
    #expect(JournalLayout(journal: "journal/").config == "journal/.demeter.json")
    #expect(JournalLayout(journal: "/").ingredients == "/ingredients.jsonl")
    #expect(JournalLayout.join("a/b", "c") == "a/b/c")
    #expect(JournalLayout.join("a/b/", "c") == "a/b/c")
  }

  /// The settings, the ingredient database, the state folder, the lock, the transaction record and
  /// the commit locks are where the layout says.
  @Test func readersAndWritersUseTheLayout() throws {
    let journal = TemporaryJournal()
    let layout = JournalLayout(journal: journal.path)
    #expect(JournalConfig.fileName == JournalLayout.configFileName)
    #expect(IngredientDatabase.fileName == JournalLayout.ingredientsFileName)
    #expect(IngredientRepository(journal: journal.path).path == layout.ingredients)
    #expect(JournalStateFolder.path(journal: journal.path) == layout.stateFolder)
    #expect(TransactionLog.path(journal: journal.path) == layout.transactionRecord)
    #expect(JournalCommitLock.path(journal: journal.path) == layout.commitLock)
    #expect(JournalCommitLock.queuePath(journal: journal.path) == layout.commitQueue)
    let lock = try JournalLock(journal: journal.path)
    #expect(lock.path == layout.lock)
    #expect(FileBytes.exists(layout.lock))
    lock.release()
    journal.write(".demeter.json", #"{"weekStart":"sunday"}"#)
    #expect(JournalConfig.load(journal: journal.path).config.weekStart == .sunday)
  }

  /// The cache folder is made where the layout puts it, with its tags.
  @Test func cacheFolderIsTheLayouts() {
    let journal = TemporaryJournal()
    let layout = JournalLayout(journal: journal.path)
    #expect(CacheFolder.prepare(layout))
    #expect(FileStatus.isFolder(layout.cache))
    #expect(FileBytes.exists(layout.cache + "/CACHEDIR.TAG"))
    #expect(IngredientCacheFile.folder(journal: journal.path) == layout.cache)
  }
}
