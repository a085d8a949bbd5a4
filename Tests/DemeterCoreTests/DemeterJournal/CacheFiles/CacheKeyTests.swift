import Foundation
import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// What the digest cache keys on: a day file's size, time and hash with the racy-timestamp rule, and a
/// fingerprint of every setting that changes what is read.
@Suite struct CacheKeyTests {
  /// Sets the modification time of `path` to `seconds` seconds ago (nanoseconds kept).
  static func setModified(_ path: String, secondsAgo seconds: Int64, nanoseconds: Int = 123_456_789) {
    let now = FileStatus.now() / 1_000_000_000
    var times = [
      timespec(tv_sec: Int(now - seconds), tv_nsec: nanoseconds),
      timespec(tv_sec: Int(now - seconds), tv_nsec: nanoseconds),
    ]
    #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
  }

  /// Makes every day file of `journal` look an hour old, so entries written now are not racy.
  static func age(_ journal: TemporaryJournal) {
    for file in DayFileFinder.find(in: journal.path).files {
      setModified(file.path, secondsAgo: 3600)
    }
  }

  @Test func fingerprintCoversEverySetting() {
    let base = JournalLoadOptions()
    func fingerprint(_ change: (inout JournalLoadOptions) -> Void, tool: String = "1") -> UInt64 {
      var options = base
      change(&options)
      return CacheFingerprint.make(options: options, toolVersion: tool)
    }
    let reference = fingerprint { _ in }
    #expect(fingerprint { $0.threads = 7 } == reference)
    #expect(fingerprint({ _ in }, tool: "2") != reference)
    let changed = [
      fingerprint { $0.timeZone = .fixedOffset(seconds: 0) }, fingerprint { $0.timeZone = .named("UTC") },
      fingerprint { $0.timeZone = .named("Europe/Berlin") }, fingerprint { $0.timeZone = .local },
      fingerprint { $0.collectWarnings = true }, fingerprint { $0.reportUnknownKeys = true },
      fingerprint { $0.limits.maxDepth = 10 }, fingerprint { $0.limits.maxStringBytes = 10 },
      fingerprint { $0.limits.maxInputBytes = 10 },
    ]
    #expect(Set(changed + [reference]).count == changed.count + 1)
    func withRules(_ rules: DigestRules) -> UInt64 { CacheFingerprint.make(options: base, toolVersion: "1", rules: rules) }
    let ruleChanges = [
      DigestRules(), DigestRules(lowConfidence: FixedDecimal(billionths: 600_000_000)),
      DigestRules(highConfidence: FixedDecimal(billionths: 900_000_000)), DigestRules(reviewLimit: 5),
      DigestRules(energyConsistency: EnergyConsistencyTolerance(relative: FixedDecimal(billionths: 1)))
    ].map(withRules)
    #expect(Set(ruleChanges + [reference]).count == ruleChanges.count + 1)
  }

  @Test func racyRule() {
    var key = DayFileCacheKey(relativePath: "a", size: 10, modified: 0, contentHash: 1, readAt: 5_000_000_000)
    #expect(!key.isRacy)
    #expect(key.provesUnchanged(FileStatus(size: 10, modified: 0)))
    #expect(!key.provesUnchanged(FileStatus(size: 11, modified: 0)))
    #expect(!key.provesUnchanged(FileStatus(size: 10, modified: 1)))
    key.readAt = 1_999_999_999
    #expect(key.isRacy)
    #expect(!key.provesUnchanged(FileStatus(size: 10, modified: 0)))
    key.readAt = -1
    #expect(key.isRacy)
  }
}
