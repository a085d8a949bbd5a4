/// The largest file of one kind the tool reads whole (manual: reliability). A bigger one is refused with a
/// located error before anything is allocated for it, so a huge or sparse file costs nothing.
public struct FileSizeLimit: Sendable, Hashable {
  /// The most bytes accepted.
  public var bytes: Int
  /// What the file is, for messages: "a day file".
  public var kind: String

  public init(bytes: Int, kind: String) {
    self.bytes = bytes
    self.kind = kind
  }

  /// One day file: 256 MiB (a busy day is a few hundred KB; one line is at most 16 MiB,
  /// `JSONLimits.maxInputBytes`).
  public static let dayFile = FileSizeLimit(bytes: 256 << 20, kind: "a day file")
  /// The journal's settings, `.demeter.json`: 1 MiB.
  public static let settings = FileSizeLimit(bytes: 1 << 20, kind: "a settings file")
  /// One recipe (`recipes/NAME.json`): 1 MiB.
  public static let recipe = FileSizeLimit(bytes: 1 << 20, kind: "a recipe file")
  /// One meal plan (`plans/PERIOD.json`): 1 MiB.
  public static let plan = FileSizeLimit(bytes: 1 << 20, kind: "a plan file")
  /// A recipe's photo or video (`recipe media add`).
  public static let recipeMedia = FileSizeLimit(bytes: 256 << 20, kind: "a recipe's photo or video")
  /// A recipe's photo that a page embeds (`recipe show`, `recipe book show` as HTML): 1 MiB; a
  /// larger one is linked by its path.
  public static let inlinePhoto = FileSizeLimit(bytes: 1 << 20, kind: "a photo a page embeds")
  /// An ingredient database (`ingredients.jsonl`, or a file imported into it): 256 MiB (the USDA
  /// SR Legacy table is 9 MB).
  public static let ingredients = FileSizeLimit(bytes: 256 << 20, kind: "an ingredient file")
  /// A digest cache index: 1 GiB (a journal of 4.4 million entries has a 76 MB index). A bigger
  /// one is ignored and rebuilt.
  public static let cacheIndex = FileSizeLimit(bytes: 1 << 30, kind: "a cache index")
  /// A journal transaction's record (`TransactionLog`): 64 MiB (one path and hash per changed file).
  public static let transactionRecord = FileSizeLimit(bytes: 64 << 20, kind: "a transaction record")
  /// A template or partial: 16 MiB.
  public static let template = FileSizeLimit(bytes: 16 << 20, kind: "a template")
  /// An export read by `import`: 256 MiB.
  public static let importFile = FileSizeLimit(bytes: 256 << 20, kind: "an import file")
  /// A compiled time zone (TZif) file: 1 MiB.
  public static let timeZone = FileSizeLimit(bytes: 1 << 20, kind: "a time zone file")
  /// `/proc/self/status`: 1 MiB (a few KB).
  static let processStatus = FileSizeLimit(bytes: 1 << 20, kind: "a process status file")

  /// The message for a file of `size` bytes over this limit.
  package func refusal(size: Int) -> String {
    "file is \(size) bytes long, over the limit of \(JSONLimits.describe(bytes: bytes)) for \(kind); not read"
  }

  /// The message for `input` (standard input), whose size is not known before it is read, once
  /// it passes this limit.
  package func refusal(of input: String) -> String {
    "\(input) is over the limit of \(JSONLimits.describe(bytes: bytes)) for \(kind); not read"
  }
}
