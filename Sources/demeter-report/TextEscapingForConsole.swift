import DemeterReporting

/// Text from files and the environment, made safe to print on a terminal.
enum TextEscapingForConsole {
  static func safe(_ text: String) -> String { TextEscaping.terminal(text) }
}
