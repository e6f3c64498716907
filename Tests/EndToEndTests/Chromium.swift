import Foundation
import RequiredTools
import XCTest

/// Headless Chromium, as the browser tests drive it: loads a page, lets its scripts run, and
/// returns the DOM they left behind.
enum Chromium {
    /// The browser: `$CHROMIUM`, else `chromium` on the PATH. Where it is missing the calling
    /// test is skipped with a line saying so, except in CI (.ci/run installs Debian's
    /// `chromium`), where it fails (`RequiredTool`).
    static func executable(test: String) throws -> URL {
        if let reason = RequiredTool.chromium.skipReason("TimelineEndToEndTests.\(test)") { throw XCTSkip(reason) }
        return try RequiredTool.chromium.url()
    }

    /// The DOM of the page at `path` after its scripts ran (`--dump-dom` once the page's
    /// virtual time budget is spent, so timers and animation frames have fired). With
    /// `javaScript: false` the page's scripts are blocked, as a reader who turned JavaScript off
    /// has them: by the profile's content setting, since `--blink-settings=scriptEnabled=false`
    /// also stops the DevTools script that `--dump-dom` runs (and it prints nothing).
    ///
    /// Whatever the page says on its console (an uncaught error, a failed load, a
    /// `console.error`) fails the load unless `allowingConsole`: a page of ours loads silently.
    static func dumpDOM(
        _ path: String, fragment: String? = nil, javaScript: Bool = true, allowingConsole: Bool = false, test: String = #function
    ) throws -> String {
        var address = URL(fileURLWithPath: path).absoluteString
        if let fragment { address += "#" + fragment }
        var profile: Workspace?
        var options: [String] = []
        if !javaScript {
            let workspace = try Workspace()
            try FileManager.default.createDirectory(atPath: workspace.path("Default"), withIntermediateDirectories: true)
            _ = try workspace.write("Default/Preferences", #"{"profile": {"default_content_setting_values": {"javascript": 2}}}"#)
            options = ["--user-data-dir=\(workspace.url.path)"]
            profile = workspace
        }
        defer { _ = profile }
        let result = try Tool.run([
            "--headless", "--disable-gpu", "--no-sandbox", "--no-first-run", "--window-size=1280,800",
            "--virtual-time-budget=5000",
            // The page's console messages, on stderr as `INFO:CONSOLE(…)] "…", source: …`.
            "--enable-logging=stderr", "--log-level=0",
        ] + options + ["--dump-dom", address], program: executable(test: test))
        guard result.status == 0, !result.stdout.isEmpty else {
            throw BrowserError("chromium exited \(result.status) on \(path): \(result.stderr.suffix(2000))")
        }
        let console = consoleMessages(in: result.stderr)
        if !allowingConsole, !console.isEmpty {
            throw BrowserError("the page at \(path) wrote to its console:\n\(console.joined(separator: "\n"))")
        }
        return result.stdout
    }

    /// The page's console lines in Chromium's log (not the browser's own messages).
    static func consoleMessages(in log: String) -> [String] {
        log.split(separator: "\n").filter { $0.contains(":CONSOLE") }.map(String.init)
    }

    /// The data attributes of the element with `id` in `dom`, camelCase names as in `dataset`
    /// turned back into their `data-` spelling (`data-rows-drawn`).
    static func dataAttributes(of id: String, in dom: String) throws -> [String: String] {
        guard let start = dom.range(of: "<output id=\"\(id)\""), let end = dom[start.upperBound...].firstIndex(of: ">") else {
            throw BrowserError("no element #\(id) in the page's DOM")
        }
        let tag = dom[start.upperBound..<end]
        var attributes: [String: String] = [:]
        var rest = tag[...]
        while let name = rest.range(of: " data-"), let equals = rest[name.upperBound...].range(of: "=\"") {
            let key = String(rest[name.upperBound..<equals.lowerBound])
            guard let close = rest[equals.upperBound...].firstIndex(of: "\"") else { break }
            attributes[key] = String(rest[equals.upperBound..<close])
            rest = rest[rest.index(after: close)...]
        }
        return attributes
    }

    struct BrowserError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
