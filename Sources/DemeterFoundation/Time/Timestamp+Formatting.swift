extension Timestamp {
  /// The canonical RFC 3339 text: `YYYY-MM-DDTHH:MM:SS[.fraction][Z|±HH:MM]`.
  ///
  /// The fraction is written only when non-zero, without trailing zeros; offset 0 is written `Z`,
  /// other offsets `±HH:MM`, and wall-clock time has no offset. An offset that is not a whole
  /// number of minutes (only historical local mean time in some named zones) is written
  /// `±HH:MM:SS`, which RFC 3339 itself cannot express.
  public var rfc3339: String {
    // Empty where the compact form does not apply.
    let text = String(unsafeUninitializedCapacity: Self.compactFormMaxCount) { text in
      writeCompactForm(into: text) ?? 0
    }
    return text.isEmpty ? rfc3339PieceByPiece : text
  }

  /// Calls `body` with the UTF-8 bytes of `rfc3339`, written into a buffer on the stack where the
  /// compact form applies (no `String` made).
  package func withRFC3339Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.compactFormMaxCount) { text in
      if let count = writeCompactForm(into: text) {
        return body(UnsafeBufferPointer(rebasing: text[..<count]))
      }
      var slow = rfc3339PieceByPiece
      return slow.withUTF8(body)
    }
  }

  /// The longest compact form: `YYYY-MM-DDTHH:MM:SS±HH:MM`.
  private static let compactFormMaxCount = 25

  /// Writes `rfc3339` at the start of `text` (`compactFormMaxCount` bytes) and returns its length
  /// where it has the compact form (a year of four digits, no fraction, an offset of whole minutes
  /// under 100 hours); nil, writing nothing, otherwise.
  private func writeCompactForm(into text: UnsafeMutableBufferPointer<UInt8>) -> Int? {
    let (year, month, day) = localDate.components
    let offset = utcOffsetSeconds ?? 0
    guard (0...9999).contains(year), nanosecond == 0, offset % 60 == 0, offset.magnitude < 100 * 3600 else {
      return nil
    }
    var end = 0
    func put(_ value: Int, width: Int) {
      DecimalDigits.write(UInt64(value), count: width, into: text, at: end)
      end += width
    }
    func mark(_ byte: Unicode.Scalar) {
      text[end] = UInt8(ascii: byte)
      end += 1
    }
    put(year, width: 4)
    mark("-")
    put(month, width: 2)
    mark("-")
    put(day, width: 2)
    mark("T")
    put(secondOfDay / 3600, width: 2)
    mark(":")
    put(secondOfDay / 60 % 60, width: 2)
    mark(":")
    put(secondOfDay % 60, width: 2)
    if utcOffsetSeconds != nil {
      if offset == 0 {
        mark("Z")
      } else {
        mark(offset < 0 ? "-" : "+")
        put(Int(offset.magnitude) / 3600, width: 2)
        mark(":")
        put(Int(offset.magnitude) / 60 % 60, width: 2)
      }
    }
    return end
  }

  /// `rfc3339` for any year, fraction and offset, piece by piece.
  package var rfc3339PieceByPiece: String {
    let hour = secondOfDay / 3600
    let minute = secondOfDay / 60 % 60
    let second = secondOfDay % 60
    var text =
      localDate.description + "T" + TimeText.pad2(hour) + ":" + TimeText.pad2(minute) + ":"
      + TimeText.pad2(second)
    if nanosecond != 0 {
      var digits = CivilDate.pad(nanosecond, 9)
      while digits.last == "0" { digits.removeLast() }
      text += "." + digits
    }
    if let offset = utcOffsetSeconds {
      text += Self.offsetText(offset)
    }
    return text
  }

  /// `Z` for 0, else `±HH:MM` (`±HH:MM:SS` when not a whole number of minutes).
  static func offsetText(_ seconds: Int) -> String {
    guard seconds != 0 else { return "Z" }
    let magnitude = seconds.magnitude
    var text =
      (seconds < 0 ? "-" : "+") + TimeText.pad2(Int(magnitude / 3600)) + ":"
      + TimeText.pad2(Int(magnitude / 60 % 60))
    if magnitude % 60 != 0 {
      text += ":" + TimeText.pad2(Int(magnitude % 60))
    }
    return text
  }
}
