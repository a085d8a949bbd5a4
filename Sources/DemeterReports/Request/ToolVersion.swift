/// The tool's version: reports and help say it, and a journal's cache is kept per version.
public enum ToolVersion {
  public static let current = "0.1.0"
}
