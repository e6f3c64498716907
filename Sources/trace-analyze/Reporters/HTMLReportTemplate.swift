/// The HTML report page: `report.html`, `report.css` and `report.js` beside this file, edited as
/// one would edit a page and embedded in the binary (`PageTemplate`).
///
/// Swift writes only the data, as JSON, between `head` and `tail` (inside the
/// `<script type="application/json" id="report-data">` element); the script reads it and builds
/// the page. The hidden `#drawn` element's data attributes report what was built (findings,
/// evidence rows, fix-first entries, errors) for the browser tests.
///
/// Without JavaScript the page shows the text report instead, which Swift writes, escaped,
/// between `top` and `head` (inside the `<noscript>` element's `<pre>`).
enum HTMLReportTemplate {
    static var top: String { page.top }
    static var head: String { page.head }
    static var tail: String { page.tail }

    private static let page = PageTemplate(
        html: PackageResources.report_html,
        stylesheet: ("report.css", PackageResources.report_css),
        script: ("report.js", PackageResources.report_js),
        textMarker: "/*REPORT-TEXT*/", dataMarker: "/*REPORT-DATA*/"
    )
}
