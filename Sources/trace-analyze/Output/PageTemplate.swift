/// A page the tool writes, made from its template files: an HTML file that links its stylesheet
/// and script beside it (so a person edits, formats and checks each as what it is, and can open
/// the HTML from the source folder), all three embedded in the binary by SwiftPM's `.embedInCode`.
///
/// The stylesheet and script are put inline where the HTML links them, so the page written opens
/// offline as one file. Swift fills in only two things, at two markers: the text shown without
/// JavaScript (between `top` and `head`) and the data, as JSON (between `head` and `tail`).
struct PageTemplate {
    /// The page up to the text marker.
    let top: String
    /// The page between the text marker and the data marker.
    let head: String
    /// The page after the data marker.
    let tail: String

    /// `stylesheet` and `script` are the file names the HTML links (`timeline.css`), with their
    /// bytes. A template that lost a link or a marker is a programming error, caught by every
    /// page test: it stops here, naming what is missing.
    init(html: [UInt8], stylesheet: (name: String, bytes: [UInt8]), script: (name: String, bytes: [UInt8]), textMarker: String, dataMarker: String) {
        var page = String(decoding: html, as: UTF8.self)
        // The file ends in a newline as an editor leaves it; the page written ends at `</html>`,
        // as it always did (the reporters' golden files hold it so).
        if page.hasSuffix("\n") { page.removeLast() }
        page = Self.replacing("<link rel=\"stylesheet\" href=\"\(stylesheet.name)\">", in: page,
                              with: "<style>\n" + String(decoding: stylesheet.bytes, as: UTF8.self) + "</style>")
        page = Self.replacing("<script src=\"\(script.name)\"></script>", in: page,
                              with: "<script>\n" + String(decoding: script.bytes, as: UTF8.self) + "</script>")
        let text = page.components(separatedBy: textMarker)
        precondition(text.count == 2, "the page template holds \(textMarker) \(text.count - 1) times, not once")
        let data = text[1].components(separatedBy: dataMarker)
        precondition(data.count == 2, "the page template holds \(dataMarker) \(data.count - 1) times after \(textMarker), not once")
        (top, head, tail) = (text[0], data[0], data[1])
    }

    /// `page` with its one `link` replaced by `content`.
    private static func replacing(_ link: String, in page: String, with content: String) -> String {
        let pieces = page.components(separatedBy: link)
        precondition(pieces.count == 2, "the page template links \(link) \(pieces.count - 1) times, not once")
        return pieces[0] + content + pieces[1]
    }
}
