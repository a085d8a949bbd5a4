import DemeterCore

extension ReferenceIntakes {
  /// The published Dietary Reference Intakes compiled into the binary (manual: targets; the tables and
  /// edition in `Reference/Data/SOURCE.md`), read once.
  public static let published = ReferenceIntakes(files: EmbeddedReferenceData.files)
}
