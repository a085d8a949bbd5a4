import Testing

@testable import DemeterCore

/// The names a recipe's photos and videos are kept under (`RecipeMedia`): made safe from any file
/// name, never leaving their folder, unique among the recipe's media.
@Suite struct RecipeMediaTests {
  @Test func namesAreMadeSafeFromTheFileName() {
    #expect(RecipeMedia.safeName(from: "/home/ana/Photos/IMG 2041 (1).JPG") == "img-2041-1.jpg")
    #expect(RecipeMedia.safeName(from: "Crème brûlée.png") == "cr-me-br-l-e.png")
    #expect(RecipeMedia.safeName(from: "..hidden..jpeg") == "hidden.jpeg")
    #expect(RecipeMedia.safeName(from: "clip.MOV") == "clip.mov")
    #expect(RecipeMedia.safeName(from: "(1).webp") == "1.webp")
    #expect(RecipeMedia.safeName(from: "---.gif") == "media.gif")
    #expect(RecipeMedia.safeName(from: "notes.txt") == nil)
    #expect(RecipeMedia.safeName(from: "jpg") == nil)
    #expect(RecipeMedia.safeName(from: String(repeating: "a", count: 300) + ".png")?.utf8.count == 100)
  }

  @Test func onlySafeNamesAreAccepted() {
    for name in ["bowl.jpg", "a_b-2.webm", "x.y.png"] { #expect(RecipeMedia.isSafeName(name), "\(name)") }
    for name in ["", "../x.jpg", "a/b.jpg", ".x.jpg", "-x.jpg", "a..b.jpg", "Bowl.jpg", "bowl.txt", "bowl"] {
      #expect(!RecipeMedia.isSafeName(name), "\(name)")
    }
  }

  @Test func kindsComeFromTheExtension() {
    #expect(RecipeMedia(file: "a.jpeg").kind == .image(mimeType: "image/jpeg"))
    #expect(RecipeMedia(file: "a.webp").kind == .image(mimeType: "image/webp"))
    #expect(RecipeMedia(file: "a.ogv").kind == .video)
  }

  @Test func aTakenNameGetsANumber() {
    #expect(RecipeMedia.unique("bowl.jpg", among: []) == "bowl.jpg")
    #expect(RecipeMedia.unique("bowl.jpg", among: ["bowl.jpg", "bowl-2.jpg"]) == "bowl-3.jpg")
    let long = String(repeating: "a", count: 96) + ".jpg"
    let numbered = RecipeMedia.unique(long, among: [long])
    #expect(numbered.utf8.count == 100 && numbered.hasSuffix("-2.jpg") && RecipeMedia.isSafeName(numbered))
  }
}
