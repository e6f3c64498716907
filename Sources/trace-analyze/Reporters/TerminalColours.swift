import Foundation

/// Whether the text report may colour its output, following the `NO_COLOR` and
/// `CLICOLOR_FORCE` conventions (no-color.org, bixense.com/clicolors).
enum TerminalColours {
    /// True when stdout is a terminal that takes colours and the user did not opt out.
    ///
    /// `NO_COLOR` set to anything but the empty string always wins; `CLICOLOR_FORCE` (not `0`)
    /// colours even a pipe; otherwise only a terminal whose `TERM` is not `dumb` gets colours.
    static func enabled(environment: [String: String] = ProcessInfo.processInfo.environment, isTerminal: Bool) -> Bool {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        if let force = environment["CLICOLOR_FORCE"], !force.isEmpty, force != "0" { return true }
        return isTerminal && environment["TERM"] != "dumb"
    }

    static let reset = "\u{1B}[0m"
    static let bold = "\u{1B}[1m"
    static let dim = "\u{1B}[2m"
    static let red = "\u{1B}[1;31m"
    static let yellow = "\u{1B}[1;33m"
    static let cyan = "\u{1B}[1;36m"
}
