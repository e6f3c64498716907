/// The timeline page: `timeline.html`, `timeline.css` and `timeline.js` beside this file, edited
/// as one would edit a page and embedded in the binary (`PageTemplate`).
///
/// Swift writes only the data, as JSON, between `head` and `tail` (inside the
/// `<script type="application/json" id="timeline-data">` element); the script reads it and draws
/// on a canvas. The hidden `#drawn` element's data attributes report what was drawn (lanes,
/// marks, findings, errors, time to first paint) for the browser tests.
///
/// Without JavaScript the page shows its findings as text instead, which Swift writes, escaped,
/// between `top` and `head` (inside the `<noscript>` element's `<pre>`).
enum TimelinePageTemplate {
    static var top: String { page.top }
    static var head: String { page.head }
    static var tail: String { page.tail }

    private static let page = PageTemplate(
        html: PackageResources.timeline_html,
        stylesheet: ("timeline.css", PackageResources.timeline_css),
        script: ("timeline.js", PackageResources.timeline_js),
        textMarker: "/*TIMELINE-TEXT*/", dataMarker: "/*TIMELINE-DATA*/"
    )
}
