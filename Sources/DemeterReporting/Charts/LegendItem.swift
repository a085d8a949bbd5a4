/// One item of a row under a chart's plot: a coloured swatch (its classes) with its text, or, without
/// a swatch, a note.
struct LegendItem {
  var swatch: String?
  var text: String

  init(swatch: String, text: String) {
    self.swatch = swatch
    self.text = text
  }

  init(note: String) {
    swatch = nil
    text = note
  }

  /// The units the item takes in its row, the gap to the next one included.
  var width: Double {
    (swatch == nil ? 0 : 14) + Double(text.count) * SVGChart.characterWidth + 14
  }
}
