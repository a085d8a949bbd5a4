extension FileSizeLimit {
  /// A digest file (`demeter-report digest`): 4 GiB (a year of a thousand journals is tens of MB).
  public static let digestFile = FileSizeLimit(bytes: 4 << 30, kind: "a digest file")
}
