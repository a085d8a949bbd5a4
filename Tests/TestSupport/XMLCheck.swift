import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Parses text as XML with Foundation's `XMLParser`, for checking that HTML pages and SVG charts are
/// well-formed: the element names in order, and the first parse error if there is one.
public final class XMLCheck: NSObject, XMLParserDelegate {
  public private(set) var elements: [String] = []
  public private(set) var error: String?

  public init(_ text: String) {
    super.init()
    let parser = XMLParser(data: Data(text.utf8))
    parser.shouldResolveExternalEntities = false
    parser.delegate = self
    if !parser.parse() {
      error = error ?? parser.parserError.map { "\($0) at line \(parser.lineNumber)" } ?? "unknown error"
    }
  }

  public func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    elements.append(elementName.lowercased())
  }

  public func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
    error = error ?? "\(parseError) at line \(parser.lineNumber), column \(parser.columnNumber)"
  }
}
