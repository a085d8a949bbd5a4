import DemeterCore

/// A recipe's photos and videos on a report (manual: recipes-and-plans): its featured photo and the
/// others in the recipe's media order. HTML embeds the photos that fit `FileSizeLimit.inlinePhoto`
/// and links the rest; JSON carries what each file is and how a page shows it, not its bytes.
public struct ReportGallery: Sendable, Hashable {
  /// The recipe's id.
  public var id: String
  /// The recipe's title.
  public var title: String
  /// The files in the recipe's media order (at most one featured).
  public var media: [ReportMedia]

  public init(id: String, title: String, media: [ReportMedia]) {
    self.id = id
    self.title = title
    self.media = media
  }
}

/// One photo or video of a gallery.
public struct ReportMedia: Sendable, Hashable {
  /// The file's path relative to the journal folder, e.g. `recipes/media/chili/bowl.jpg`.
  public var path: String
  /// What it shows; empty when not said.
  public var caption: String
  /// Whether it is the recipe's featured photo.
  public var featured: Bool
  /// Whether it is a video (else a photo).
  public var isVideo: Bool
  /// How a page shows it.
  public var shown: Shown

  /// How a page shows a file.
  public enum Shown: Sendable, Hashable {
    /// A photo embedded in the page: its MIME type and bytes.
    case inline(mimeType: String, bytes: [UInt8])
    /// Linked by its path, with what a reader is told about it (a video; a photo too large to embed).
    case linked(note: String)
    /// Not shown: the file is not in the journal (or cannot be read), and why.
    case missing(note: String)

    /// `inline`, `linked` or `missing`.
    public var name: String {
      switch self {
      case .inline: "inline"
      case .linked: "linked"
      case .missing: "missing"
      }
    }

    /// What a reader is told about the file; empty for a photo shown inline.
    public var note: String {
      switch self {
      case .inline: ""
      case .linked(let note), .missing(let note): note
      }
    }
  }

  public init(path: String, caption: String, featured: Bool, isVideo: Bool, shown: Shown) {
    self.path = path
    self.caption = caption
    self.featured = featured
    self.isVideo = isVideo
    self.shown = shown
  }

  /// What a page says of it for readers who cannot see it: its caption, or `photo FILE`.
  public var altText: String {
    caption.isEmpty ? "photo " + (path.split(separator: "/").last.map(String.init) ?? path) : caption
  }

  /// The `data:` URI of a photo shown inline; nil otherwise.
  public var dataURI: String? {
    guard case .inline(let mimeType, let bytes) = shown else { return nil }
    return "data:\(mimeType);base64,\(Base64.encode(bytes))"
  }
}
