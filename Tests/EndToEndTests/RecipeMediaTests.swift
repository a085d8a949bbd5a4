import DemeterCore
import Foundation
import Testing

/// `recipe media add|rm|order` (issue 47; manual: recipes-and-plans): files copied beside the recipe
/// under safe names and listed in its file in order, with captions and one featured photo; refused
/// sources (symbolic links, devices, '..', unknown kinds) writing nothing; `check` warning about a
/// listed file that is missing.
@Suite struct RecipeMediaTests {
  /// A journal with the oat-banana recipe and, beside it, a photo and a video to add.
  static func journal() throws -> (folder: URL, journal: String, photo: String, video: String) {
    let folder = try ToolRun.makeTemporaryDirectory()
    let journal = folder.appendingPathComponent("journal")
    try FileManager.default.createDirectory(at: journal, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: ToolRun.fixtures.appendingPathComponent("recipe-journal/recipes"),
      to: journal.appendingPathComponent("recipes"))
    let photo = folder.appendingPathComponent("My Bowl (1).JPG")
    try Data([0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3]).write(to: photo)
    let video = folder.appendingPathComponent("cooking.mp4")
    try Data("not really a video".utf8).write(to: video)
    return (folder, journal.path, photo.path, video.path)
  }

  /// A copy of `Tests/Fixtures/media-journal` with its too-large photo made: `large.jpg`, a byte
  /// over the most a page embeds (too large a file to keep among the fixtures).
  static func pageJournal() throws -> (folder: URL, journal: String) {
    let folder = try ToolRun.makeTemporaryDirectory()
    let journal = folder.appendingPathComponent("journal")
    try FileManager.default.copyItem(at: ToolRun.fixtures.appendingPathComponent("media-journal"), to: journal)
    try Data(count: FileSizeLimit.inlinePhoto.bytes + 1).write(
      to: journal.appendingPathComponent("recipes/media/oat-banana/large.jpg"))
    return (folder, journal.path)
  }

  static func media(_ journal: String, _ arguments: [String]) throws -> ToolRun {
    try ToolRun.run(["recipe", "media"] + arguments + ["--journal", journal], binary: true)
  }

  static func recipe(_ journal: String) throws -> String {
    try String(contentsOfFile: journal + "/recipes/oat-banana.json", encoding: .utf8)
  }

  static func mediaFolder(_ journal: String) -> String { journal + "/recipes/media/oat-banana" }

  @Test func addCopiesTheFileUnderASafeNameAndListsItLast() throws {
    let (folder, journal, photo, video) = try Self.journal()
    defer { try? FileManager.default.removeItem(at: folder) }
    let add = try Self.media(journal, ["add", "oat-banana", photo, "--caption", "In a <blue> bowl", "--featured"])
    #expect(add.status == 0, "\(add.stderr)")
    #expect(add.stdout == "added my-bowl-1.jpg to recipe oat-banana (Oats with banana)\n", "\(add.stdout)")
    let name = try #require(try FileManager.default.contentsOfDirectory(atPath: Self.mediaFolder(journal)).first)
    #expect(name == "my-bowl-1.jpg" && RecipeMedia.isSafeName(name))
    #expect(FileManager.default.contents(atPath: Self.mediaFolder(journal) + "/" + name) == FileManager.default.contents(atPath: photo))
    #expect(try Self.media(journal, ["add", "oat-banana", video, "-q"]).status == 0)
    // The same photo again gets a name of its own.
    #expect(try Self.media(journal, ["add", "oat-banana", photo, "-q"]).status == 0)
    let stem = String(name.dropLast(4))
    let text = try Self.recipe(journal)
    #expect(
      text.hasSuffix(
        """
          "media": [
            {"file":"\(name)","caption":"In a <blue> bowl","featured":true},
            {"file":"cooking.mp4"},
            {"file":"\(stem)-2.jpg"}
          ]
        }

        """), "\(text)")
    #expect(try ToolRun.run(["check", "--journal", journal]).status == 0)
  }

  @Test func refusedSourcesWriteNothing() throws {
    let (folder, journal, photo, _) = try Self.journal()
    defer { try? FileManager.default.removeItem(at: folder) }
    let before = try Self.recipe(journal)
    let link = folder.appendingPathComponent("link.jpg").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: photo)
    let text = folder.appendingPathComponent("notes.txt").path
    try Data("x".utf8).write(to: URL(fileURLWithPath: text))
    let pipe = folder.appendingPathComponent("pipe.jpg").path
    #expect(mkfifo(pipe, 0o600) == 0)
    let album = folder.appendingPathComponent("album.png").path
    try FileManager.default.createDirectory(atPath: album, withIntermediateDirectories: false)
    let refusals: [([String], String)] = [
      (["add", "oat-banana", link], "is a symbolic link"),
      (["add", "oat-banana", "/dev/null"], "not a photo or video"),
      (["add", "oat-banana", folder.path + "/journal/../My Bowl (1).JPG"], "has a '..' in its path"),
      (["add", "oat-banana", text], "its extension must be one of jpg, jpeg, png, gif, webp, mp4"),
      (["add", "oat-banana", folder.path + "/missing.jpg"], "missing.jpg"),
      (["add", "oat-banana", pipe], "named pipe"),
      (["add", "oat-banana", album], "folder"),
      (["add", "oat-banana"], "recipe media add needs ID FILE"),
      (["add", "no-such-recipe", photo], "no-such-recipe"),
      (["rm", "oat-banana", "1"], "recipe oat-banana has no media '1' (its media: none)"),
      (["order", "oat-banana", "photo.jpg"], "has no media 'photo.jpg'"),
      (["rm", "oat-banana", "x.jpg", "--caption", "c"], "--caption goes with 'recipe media add'"),
      (["paint", "oat-banana"], "recipe media needs add, rm or order"),
    ]
    for (arguments, message) in refusals {
      let run = try Self.media(journal, arguments)
      #expect(run.status == 2, "\(arguments): \(run.status) \(run.stderr)")
      #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
    }
    #expect(try Self.recipe(journal) == before)
    #expect(((try? FileManager.default.contentsOfDirectory(atPath: Self.mediaFolder(journal))) ?? []).isEmpty)
  }

  @Test func orderAndRemoveByNameOrNumber() throws {
    let (folder, journal, photo, video) = try Self.journal()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try Self.media(journal, ["add", "oat-banana", photo, "-q", "--featured"]).status == 0)
    #expect(try Self.media(journal, ["add", "oat-banana", video, "-q"]).status == 0)
    let order = try Self.media(journal, ["order", "oat-banana", "2"])
    #expect(order.status == 0, "\(order.stderr)")
    #expect(order.stdout == "ordered the media of recipe oat-banana (Oats with banana)\n")
    let files = { () throws -> [String] in
      try Self.recipe(journal).split(separator: "\n").compactMap { line in
        line.firstMatch(of: /\{"file":"([^"]+)"/).map { String($0.output.1) }
      }
    }
    let photoName = try #require(try files().last)
    #expect(try files() == ["cooking.mp4", photoName])
    #expect(try Self.media(journal, ["order", "oat-banana", "1", "cooking.mp4"]).status == 2)
    let remove = try Self.media(journal, ["rm", "oat-banana", photoName])
    #expect(remove.status == 0, "\(remove.stderr)")
    #expect(try files() == ["cooking.mp4"])
    #expect(!FileManager.default.fileExists(atPath: Self.mediaFolder(journal) + "/" + photoName))
    #expect(try Self.media(journal, ["rm", "oat-banana", "1", "-q"]).status == 0)
    #expect(!(try Self.recipe(journal)).contains("\"media\""))
    #expect(try FileManager.default.contentsOfDirectory(atPath: Self.mediaFolder(journal)).isEmpty)
  }

  @Test func checkWarnsAboutAListedFileThatIsMissing() throws {
    let (folder, journal, photo, _) = try Self.journal()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try Self.media(journal, ["add", "oat-banana", photo, "-q"]).status == 0)
    let name = try #require(try FileManager.default.contentsOfDirectory(atPath: Self.mediaFolder(journal)).first)
    try FileManager.default.removeItem(atPath: Self.mediaFolder(journal) + "/" + name)
    let check = try ToolRun.run(["check", "--journal", journal])
    #expect(check.status == 0, "\(check.stderr)")
    #expect(check.stderr.contains("recipes/oat-banana.json:"), "\(check.stderr)")
    #expect(check.stderr.contains("warning: recipe oat-banana lists \(name), which is not a file in "), "\(check.stderr)")
    #expect(check.stderr.contains("'demeter-report recipe media rm oat-banana \(name)'"), "\(check.stderr)")
  }

  @Test func aHandWrittenMediaListIsChecked() throws {
    let (folder, journal, _, _) = try Self.journal()
    defer { try? FileManager.default.removeItem(at: folder) }
    let bad = #"{"id":"bad","title":"Bad","servings":1,"ingredients":[{"ingredient":"usda-sr-09040","grams":100}],"#
      + #""media":[{"file":"../../etc/passwd.jpg"},{"file":"clip.mp4","featured":true},{"file":"a.png","featured":true},{"file":"b.png","featured":true}]}"#
    try Data(bad.utf8).write(to: URL(fileURLWithPath: journal + "/recipes/bad.json"))
    let check = try ToolRun.run(["check", "--journal", journal])
    #expect(check.status == 1)
    #expect(check.stderr.contains(#""media[0].file" must be the name of a file in the recipe's media folder"#), "\(check.stderr)")
    #expect(check.stderr.contains(#""media[1]" is a video; only a photo can be featured"#), "\(check.stderr)")
    #expect(check.stderr.contains(#""media[3]" is featured, and so is an earlier one"#), "\(check.stderr)")
  }

  /// The recipe's page and its book's page: each photo that fits embedded with its caption escaped
  /// as its alt text, in the recipe's order (the featured one marked to be shown first and large),
  /// the too-large photo and the video linked, the missing file said; other formats still work,
  /// and an unknown book is a usage error naming the closest.
  @Test func pagesEmbedSmallPhotosAndLinkTheRest() throws {
    let (folder, journal) = try Self.pageJournal()
    defer { try? FileManager.default.removeItem(at: folder) }
    let steps = try Data(contentsOf: URL(fileURLWithPath: Self.mediaFolder(journal) + "/steps.png"))
    for arguments in [["recipe", "show", "oat-banana"], ["recipe", "book", "show", "Mornings"]] {
      let page = try ToolRun.run(arguments + ["-f", "html", "--journal", journal], binary: true)
      #expect(page.status == 0, "\(page.stderr)")
      let html = page.stdout
      #expect(
        html.contains(
          #"<figure class="image inline">"# + "\n"
            + #"<img src="data:image/png;base64,\#(steps.base64EncodedString())" "#
            + #"alt="Slicing the &lt;banana&gt; &amp; &quot;oats&quot;" />"#), "\(html)")
      #expect(html.contains(#"<figure class="image inline featured">"#))
      #expect(html.contains(#"<img src="data:image/png;base64,iVBOR"#))
      #expect(html.contains(#"<a href="recipes/media/oat-banana/large.jpg">recipes/media/oat-banana/large.jpg</a>"#))
      #expect(html.contains("This photo is 1048577 bytes, over the 1 MiB a page embeds:"))
      #expect(html.contains(#"A video: <a href="recipes/media/oat-banana/cooking.mp4">"#))
      #expect(html.contains("recipes/media/oat-banana/gone.png is not in the journal"))
      let order = ["alt=\"Slicing", "alt=\"The bowl\"", "large.jpg", "cooking.mp4", "gone.png"].map {
        html.range(of: $0)?.lowerBound
      }
      #expect(order.allSatisfy { $0 != nil } && order.map { $0! } == order.map { $0! }.sorted())
    }
    let text = try ToolRun.run(["recipe", "book", "show", "Mornings", "--journal", journal], binary: true)
    #expect(text.status == 0, "\(text.stderr)")
    #expect(text.stdout.contains("oat-banana") && text.stdout.contains("lentil-soup"), "\(text.stdout)")
    let json = try ToolRun.run(["recipe", "show", "oat-banana", "-f", "json", "--journal", journal])
    #expect(
      json.stdout.contains(
        #"{"path":"recipes/media/oat-banana/bowl.png","caption":"The bowl","featured":true,"kind":"image","#
          + #""shown":"inline","note":""}"#), "\(json.stdout)")
    let unknown = try ToolRun.run(["recipe", "book", "show", "Mornigns", "--journal", journal])
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains("no recipe is in the book 'Mornigns'; did you mean 'Mornings'?"))
  }
}
