import Foundation
import Testing

/// `--help` fits the terminal: `$COLUMNS`, else the terminal's width, else 80 columns when
/// written to a file or a pipe; lines break between words, and no word of the help is lost.
@Suite struct HelpLayoutTests {
    static let commands = ["", "check", "ingest", "watch", "report", "why", "views", "diff", "timeline", "export",
                           "query", "traces", "rules", "schema", "patterns", "instrument"]

    /// The words of a help text in order, without the ` \` that continues a wrapped example or
    /// the `#` that starts a comment line. An example's comment counts as coming before its
    /// command: one that does not fit beside it goes on its own lines above it.
    static func words(_ text: String) -> [Substring] {
        text.split(separator: "\n").flatMap { line -> [Substring] in
            var parts = [line[...]]
            if line.hasPrefix("  "), let mark = line.range(of: " # "), !line[..<mark.lowerBound].allSatisfy({ $0 == " " }) {
                parts = [line[mark.upperBound...], line[..<mark.lowerBound]]
            }
            return parts.flatMap { $0.split(whereSeparator: \.isWhitespace) }
        }.filter { $0 != "\\" && $0 != "#" }
    }

    @Test(arguments: [nil, "60", "100", "200"] as [String?])
    func everyHelpFitsTheWidthAndKeepsEveryWord(columns: String?) throws {
        let width = columns.flatMap(Int.init) ?? 80
        for command in Self.commands {
            let arguments = command.isEmpty ? ["--help"] : [command, "--help"]
            let environment = columns.map { ["COLUMNS": $0] } ?? [:]
            let fitted = try Tool.run(arguments, environment: environment.isEmpty ? ["COLUMNS": ""] : environment)
            let unwrapped = try Tool.run(arguments, environment: ["COLUMNS": "100000"])
            #expect(fitted.status == 0)
            for line in fitted.stdout.split(separator: "\n") where line.count > width {
                // Only a single word longer than the width may stand out.
                #expect(line.trimmingCharacters(in: .whitespaces).split(separator: " ").count == 1,
                        "\(arguments) at \(width) columns: \(line.count) columns: \(line)")
            }
            #expect(Self.words(fitted.stdout) == Self.words(unwrapped.stdout), "\(arguments): words lost or reordered at \(width)")
        }
    }

    /// An option's help continues under its help column, an example with ` \` so it still pastes
    /// as one command.
    @Test func continuationLinesStayInTheirColumn() throws {
        let help = try Tool.run(["report", "--help"], environment: ["COLUMNS": "70"]).stdout
        #expect(help.contains("""
              --fail-on LEVEL              Exit 2 when a finding is at or above
                                           LEVEL: error (default), warning, info
                                           or never.
            """), "\(help)")
        #expect(help.contains("""
              trace-analyze ingest app.log --db run.sqlite && trace-analyze \\
                  report --db run.sqlite
            """), "\(help)")
        #expect(help.contains("The findings replace the trace's earlier ones in the database's\nfindings and evidence tables,"), "\(help)")
        #expect(help.contains("USAGE: trace-analyze report [--db PATH] [--trace ID] [--config PATH]\n                            [--format FORMAT]"), "\(help)")
    }

    /// A sentence that ends in a colon is prose like any other, not a heading: its paragraph is
    /// reflowed whole (`check --help` broke after "The report" and after "fail level:").
    @Test func aColonEndsASentenceNotAParagraph() throws {
        let help = try Tool.run(["check", "--help"], environment: ["COLUMNS": "80"]).stdout
        #expect(help.contains("""
            The report is printed in full, then the exit code says whether a finding reached
            the fail level: 0 none did, 2 one did, 1 the command itself failed.
            """), "\(help)")
        #expect(help.contains("\nFORMATS:\n  text "))
    }
}
