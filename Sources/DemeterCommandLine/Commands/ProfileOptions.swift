import DemeterCore
import DemeterReports

/// `--sex`, `--age`, `--pregnant`, `--lactating`, `--activity`: the person of a `nutrients` report,
/// over the journal's `profile` (manual: targets).
enum ProfileOptions {
  static let sex = OptionSpec.value(
    "sex", "SEX",
    help: "female or male: the sex the reference intakes are taken for (over the config's profile).")
  static let age = OptionSpec.value(
    "age", "YEARS",
    help: "The age in whole years the reference intakes are taken for (over the profile's birthYear).")
  static let pregnant = OptionSpec.flag("pregnant", help: "Take the reference intakes of pregnancy.")
  static let lactating = OptionSpec.flag("lactating", help: "Take the reference intakes of lactation.")
  static let activity = OptionSpec.value(
    "activity", "LEVEL",
    help: "\(ActivityLevel.names): the physical activity level of the energy requirement (over the profile's).")

  static let all = [sex, age, pregnant, lactating, activity]

  /// The profile the options give (nil values where not given).
  static func profile(_ arguments: ParsedArguments) throws(CommandError) -> PersonProfile {
    var profile = PersonProfile()
    if let text = arguments.value(sex) {
      guard let sex = PersonProfile.Sex(rawValue: text.lowercased()) else {
        throw .usage("--sex must be female or male (got '\(TerminalSafeText.escaped(text))')")
      }
      profile.sex = sex
    }
    if let text = arguments.value(age) {
      guard let years = Int(text), (0...130).contains(years) else {
        throw .usage(
          "--age must be a whole number of years from 0 to 130 (got '\(TerminalSafeText.escaped(text))')")
      }
      profile.age = years
    }
    if arguments.has(pregnant) { profile.pregnant = true }
    if arguments.has(lactating) { profile.lactating = true }
    if let text = arguments.value(activity) {
      guard let level = ActivityLevel(rawValue: text.lowercased()) else {
        throw .usage("--activity must be \(ActivityLevel.names) (got '\(TerminalSafeText.escaped(text))')")
      }
      profile.activity = level
    }
    return profile
  }
}
