/// Why digest files could not be read or merged, said with the files concerned.
public struct DigestFileError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong: the file is damaged or not a digest file, or files do not go together.
  public enum Kind: Sendable, Hashable {
    /// Not a digest file, another format version, truncated or damaged.
    case unreadable
    /// Made under other settings, or journals that cannot be one.
    case mismatch
  }

  public let kind: Kind
  public let description: String

  package init(_ kind: Kind, _ description: String) {
    self.kind = kind
    self.description = description
  }

  package static func damaged(_ label: String, _ reason: String) -> DigestFileError {
    DigestFileError(
      .unreadable, "\(label) is damaged or truncated (\(reason)); make it again with 'demeter-report digest'")
  }
}
