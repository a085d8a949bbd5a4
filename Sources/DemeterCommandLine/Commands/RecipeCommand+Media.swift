import DemeterCore
import DemeterReporting
import DemeterReports

/// `recipe media add|rm|order`: a recipe's photos and videos, files kept in
/// `<journal>/recipes/media/ID/` and listed in the recipe file (`RecipeStore+Media`), each change
/// made in one hold of the journal lock.
extension RecipeCommand {
  static let caption = OptionSpec.value("caption", "TEXT", help: "With media add: what the photo or video shows.")
  static let featured = OptionSpec.flag(
    "featured", help: "With media add: make the photo the recipe's featured photo (shown first).")

  static let mediaCommand = Command(
    name: "media",
    abstract: "A recipe's photos and videos: media add ID FILE, media rm ID FILE|N, media order ID FILE|N…",
    positionals: [.required("add|rm|order"), .optional("ID"), .repeated("FILE", isOptional: true)],
    discussion: """
      'media add ID FILE' copies FILE (a photo: .jpg, .jpeg, .png, .gif, .webp; or a video: .mp4,
      .webm, .mov, .m4v, .ogv) into <journal>/recipes/media/ID/ under a safe name (lowercase letters,
      digits, '-', '_' and '.'; made unique with -2, -3…) and lists it last in the recipe's "media",
      with --caption TEXT; --featured makes it the featured photo (no other is). A symbolic link, a
      device, a folder or a path with '..' is refused, and so is a file over 256 MiB.
      'media rm ID FILE|N' unlists the file (by name, or by its number from 1 in the list) and
      removes it. 'media order ID FILE|N…' puts the files named first, in that order, the others
      after them as they were. The file is written before the recipe lists it and removed after it
      stops listing it, all under the journal lock, so the recipe never lists a file that is not
      there; 'check' warns about a listed file that is missing.
      """,
    examples: [
      ("recipe media add chili ~/Photos/IMG_2041.JPG --caption 'Served with rice' --featured", "A featured photo."),
      ("recipe media add chili cooking.mp4", "A video, listed after it."),
      ("recipe media order chili 2", "Show the video first."),
      ("recipe media rm chili img-2041.jpg", "Remove the photo."),
    ],
    options: writing + [caption, featured], run: media)

  static func media(_ arguments: ParsedArguments, _ console: inout Console) throws(CommandError) -> Int32 {
    let words = arguments.positionals
    let usage = "recipe media needs add, rm or order, e.g. 'demeter-report recipe media add chili bowl.jpg'"
    guard let action = words.first, ["add", "rm", "order"].contains(action) else { throw .usage(usage) }
    guard words.count >= 3, action == "order" || words.count == 3 else {
      let shape = ["add": "ID FILE", "rm": "ID FILE-or-number", "order": "ID FILE-or-number…"][action]!
      throw .usage("recipe media \(action) needs \(shape) (got \(count: words.count - 1, "argument"))")
    }
    if action != "add", let option = [caption, featured].first(where: arguments.has) {
      throw .usage("--\(option.long) goes with 'recipe media add'")
    }
    let book = try recipeBook(try CommonOptions.journalPath(arguments), arguments)
    let id = words[1]
    let outcome: RecipeStore.UpdateOutcome
    let said: String
    do throws(ModelError) {
      switch action {
      case "add":
        let source = try RecipeStore.mediaSource(words[2])
        let added = try book.store.addMedia(
          id, bytes: source.bytes, named: source.name, caption: arguments.value(caption),
          featured: arguments.has(featured))
        outcome = added.outcome
        said = "added \(added.file) to "
      case "rm":
        outcome = try book.store.removeMedia(id, words[2])
        said = "removed media \(TextEscaping.singleLine(words[2])) from "
      default:
        outcome = try book.store.orderMedia(id, Array(words.dropFirst(2)))
        said = "ordered the media of "
      }
    } catch {
      throw .writing(error)
    }
    return try book.said(outcome, id, saying: (said, ""), &console) ? 0 : 1
  }
}
