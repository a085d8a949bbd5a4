import DemeterCore

/// libFuzzer entry: the input is a Mustache template, then optionally a NUL byte and a JSON context.
/// Parsing and rendering (with partials that include the template itself, so recursion is tried)
/// either succeed or throw a `MustacheError`; escaped interpolations never let `<`, `>` or `"`
/// through from the context.
@_cdecl("LLVMFuzzerTestOneInput")
public func mustacheFuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let split = bytes.firstIndex(of: 0) ?? bytes.endIndex
  let templateText = String(decoding: bytes[..<split], as: UTF8.self)
  let contextBytes = split < bytes.endIndex ? Array(bytes[(split + 1)...]) : []
  let context: MustacheValue
  if let json = try? JSONParser().parse(contextBytes) {
    context = MustacheValue(json: json)
  } else {
    context = ["name": "<b>\"x\"&amp;</b>", "list": [1, 2, ["name": "inner"]], "flag": true, "empty": []]
  }
  let partials: MustachePartials = [
    "self": templateText, "other": "{{name}}{{> self}}", "plain": "{{&name}}",
  ]
  guard let template = try? MustacheTemplate(templateText, name: "fuzz") else { return 0 }
  _ = try? template.render(context, partials: partials)

  let escaped = try? MustacheTemplate("[{{name}}]").render(["name": context])
  if let escaped {
    FuzzCheck.that(
      !escaped.dropFirst().dropLast().contains(where: { "<>\"".contains($0) }), "unescaped: \(escaped)")
  }
  return 0
}
