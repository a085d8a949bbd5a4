import DemeterFoundation

extension FileSizeLimit {
  /// A digest file (`demeter-report digest`): 512 MiB (a year of a thousand journals is tens of
  /// MB), checked before anything is read, so reading one costs at most its size.
  public static let digestFile = FileSizeLimit(bytes: 512 << 20, kind: "a digest file")
}
