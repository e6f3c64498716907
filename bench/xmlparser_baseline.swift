// The baseline bench/instruments.sh is compared with: Foundation's XMLParser (libxml2 on Linux)
// streaming an export from an InputStream and only counting elements and rows.
//   swiftc -O bench/xmlparser_baseline.swift -o /tmp/xmlparser && /usr/bin/time -v /tmp/xmlparser EXPORT.xml
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

final class Counter: NSObject, XMLParserDelegate {
    var rows = 0
    var elements = 0
    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        elements += 1
        if name == "row" { rows += 1 }
    }
}
let path = CommandLine.arguments[1]
let stream = InputStream(fileAtPath: path)!
let parser = XMLParser(stream: stream)
let counter = Counter()
parser.delegate = counter
let start = Date()
let ok = parser.parse()
let seconds = Date().timeIntervalSince(start)
print("ok=\(ok) rows=\(counter.rows) elements=\(counter.elements) seconds=\(seconds)")
