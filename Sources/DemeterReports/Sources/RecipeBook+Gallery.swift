import DemeterCore
import DemeterReporting

/// A recipe's photos and videos as its pages show them (manual: recipes-and-plans): each photo up to
/// `FileSizeLimit.inlinePhoto` read to be embedded, a larger one and every video linked by its
/// path in the journal, a listed file that is not there said.
extension RecipeBook {
  /// The media of `recipe` under the heading `title`, in the recipe's order; nil when it has none.
  public func gallery(of recipe: Recipe, title: String) -> ReportGallery? {
    guard !recipe.media.isEmpty else { return nil }
    let missing = Set(store.missingMedia(of: recipe))
    let media = recipe.media.enumerated().map { index, media in
      let path = [JournalLayout.recipesFolderName, RecipeStore.mediaFolderName, recipe.id, media.file]
        .joined(separator: "/")
      let isVideo = media.kind == .video
      return ReportMedia(
        path: path, caption: media.caption ?? "", featured: media.featured, isVideo: isVideo,
        shown: missing.contains(index)
          ? .missing(note: "\(path) is not in the journal ('demeter-report check' warns about it).")
          : shown(media, at: store.mediaPath(of: recipe.id, media.file)))
    }
    return ReportGallery(id: recipe.id, title: title, media: media)
  }

  /// How a page shows the file of `media` at `path`: inline when it is a photo that fits.
  private func shown(_ media: RecipeMedia, at path: String) -> ReportMedia.Shown {
    guard case .image(let mimeType) = media.kind else { return .linked(note: "A video:") }
    let limit = FileSizeLimit.inlinePhoto
    if let size = FileStatus.of(path)?.size, size > limit.bytes {
      return .linked(
        note: "This photo is \(count: size, "byte"), over the \(JSONLimits.describe(bytes: limit.bytes)) "
          + "a page embeds:")
    }
    do throws(FileBytes.ReadError) {
      return .inline(mimeType: mimeType, bytes: try FileBytes.read(path, limit: limit))
    } catch {
      return .missing(note: "\(media.file) cannot be read: \(error.message)")
    }
  }
}
