import DemeterFoundation
import DemeterJournal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A recipe's photos and videos (`recipe media add|rm|order`): files in
/// `<journal>/recipes/media/ID/`, listed in the recipe file (`Recipe.media`). A file is copied in
/// and listed, or unlisted and removed, in one hold of the journal lock, in the order that never
/// leaves the recipe listing a file that is not there: the file is written before the recipe
/// lists it, and removed after the recipe stops listing it.
extension RecipeStore {
  /// The folder of the recipes' media, `recipes/media`.
  public static let mediaFolderName = "media"

  /// `<journal>/recipes/media/ID`.
  public func mediaFolder(of id: String) -> String {
    JournalLayout.join(JournalLayout.join(folder, Self.mediaFolderName), id)
  }

  /// `<journal>/recipes/media/ID/FILE`.
  public func mediaPath(of id: String, _ file: String) -> String {
    JournalLayout.join(mediaFolder(of: id), file)
  }

  /// The file at `path` to add as a recipe's media: its bytes, and the safe name it is kept under
  /// (`RecipeMedia.safeName`). Refused: a name with no photo or video extension, a path with a
  /// `..` component, a symbolic link, anything but a regular file, a file over
  /// `FileSizeLimit.recipeMedia`.
  /// - Throws: `ModelError.validationError` saying why the file is refused.
  public static func mediaSource(_ path: String) throws(ModelError) -> (bytes: [UInt8], name: String) {
    let shown = AtomicFileWriter.quoted(path)
    guard let name = RecipeMedia.safeName(from: path) else {
      throw .validationError(
        "\(shown) is not a photo or video by its name; its extension must be one of "
          + RecipeMedia.knownExtensions.joined(separator: ", "))
    }
    if path.split(separator: "/").contains("..") {
      throw .validationError("\(shown) has a '..' in its path; give the file's path without one")
    }
    if FileStatus.isSymbolicLink(path) {
      throw .validationError("\(shown) is a symbolic link; give the file it points to")
    }
    do throws(FileBytes.ReadError) {
      return (try FileBytes.read(path, limit: .recipeMedia), name)
    } catch {
      throw .validationError("\(shown): \(error.message)")
    }
  }

  /// Copies `bytes` beside the recipe `id` as `name` (made unique among its media: `-2`, `-3`…)
  /// and lists it last, with `caption`; when `featured`, it becomes the featured photo (and no
  /// other is).
  /// - Returns: the update's outcome and the name the file was given.
  /// - Throws: `ModelError.validationError` for a featured video; `ModelError.persistenceError`
  ///   when the lock cannot be taken or a file not written.
  public func addMedia(_ id: String, bytes: [UInt8], named safe: String, caption: String?, featured: Bool)
    throws(ModelError) -> (outcome: UpdateOutcome, file: String)
  {
    if featured, RecipeMedia.kind(of: safe) == .video {
      throw .validationError("only a photo can be featured, not a video")
    }
    var name = safe
    let outcome = try update(
      id,
      { recipe in
        let present = Set((DirectoryEntries.names(in: mediaFolder(of: recipe.id)) ?? []) + recipe.media.map(\.file))
        name = RecipeMedia.unique(safe, among: present)
        if featured { for index in recipe.media.indices { recipe.media[index].featured = false } }
        recipe.media.append(RecipeMedia(file: name, caption: caption, featured: featured))
        return nil
      },
      alongside: Alongside(before: { recipe throws(ModelError) in
        let target = mediaPath(of: recipe.id, name)
        try JournalBounds.check(target, journal: journal)
        try JournalFileWrite.write(bytes, to: target, limit: .recipeMedia)
      }))
    return (outcome, name)
  }

  /// Unlists the media `which` names (a file name, or its number from 1 in the list) from the recipe
  /// `id` and removes its file.
  /// - Throws: `ModelError.persistenceError` when the lock cannot be taken, a file not written or
  ///   removed.
  public func removeMedia(_ id: String, _ which: String) throws(ModelError) -> UpdateOutcome {
    var removed: String?
    return try update(
      id,
      { recipe in
        guard let index = Self.mediaIndex(which, in: recipe) else { return Self.noMedia(which, in: recipe) }
        removed = recipe.media.remove(at: index).file
        return nil
      },
      alongside: Alongside(after: { recipe throws(ModelError) in
        guard let removed else { return }
        let target = mediaPath(of: recipe.id, removed)
        try JournalBounds.check(target, journal: journal, refusal: "not removed")
        if unlink(target) != 0, errno != ENOENT {
          throw .persistenceError("cannot remove \(AtomicFileWriter.quoted(target)): \(errnoText())")
        }
      }))
  }

  /// Puts the media `order` names (file names or numbers from 1) first, in that order, the others
  /// after them as they were.
  /// - Throws: `ModelError.persistenceError` when the lock cannot be taken or the file not written.
  public func orderMedia(_ id: String, _ order: [String]) throws(ModelError) -> UpdateOutcome {
    try update(id) { recipe in
      var first: [Int] = []
      for which in order {
        guard let index = Self.mediaIndex(which, in: recipe) else { return Self.noMedia(which, in: recipe) }
        guard !first.contains(index) else {
          return "'\(TerminalSafeText.sanitize(which).text)' names \(recipe.media[index].file), named once already"
        }
        first.append(index)
      }
      let rest = recipe.media.indices.filter { !first.contains($0) }
      recipe.media = (first + rest).map { recipe.media[$0] }
      return nil
    }
  }

  /// The index in `recipe.media` of the file `which` names: its name, or its number from 1.
  private static func mediaIndex(_ which: String, in recipe: Recipe) -> Int? {
    if let index = recipe.media.firstIndex(where: { $0.file == which }) { return index }
    guard let number = Int(which), recipe.media.indices.contains(number - 1) else { return nil }
    return number - 1
  }

  /// Why `which` names no media of `recipe`, with what it has.
  private static func noMedia(_ which: String, in recipe: Recipe) -> String {
    let listed = recipe.media.enumerated().map { "\($0 + 1). \($1.file)" }
    return "recipe \(recipe.id) has no media '\(TerminalSafeText.sanitize(which).text)' (its media: "
      + (listed.isEmpty ? "none" : listed.joined(separator: ", ")) + ")"
  }

  /// The media `recipe` lists whose file is not in its media folder (or is not a regular file).
  public func missingMedia(of recipe: Recipe) -> [Int] {
    recipe.media.indices.filter { index in
      let path = mediaPath(of: recipe.id, recipe.media[index].file)
      return FileStatus.isSymbolicLink(path) || FileStatus.of(path) == nil
    }
  }
}
