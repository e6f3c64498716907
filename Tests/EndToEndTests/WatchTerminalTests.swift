import Foundation
import RequiredTools
import Testing

/// `watch` on a terminal, read off the screen of a tmux pane: a producer writes seed 001's
/// toggle log into a pipe line by line, with pauses, and the PlayButton finding must be on the
/// screen while the producer is still writing; Ctrl-C then leaves a clean terminal and the report.
@Suite(.serialized, .enabled(if: RequiredTool.tmux.shouldRun("WatchTerminalTests"))) struct WatchTerminalTests {
    /// Writes the log a line at a time; after line 7 (which closes the first reset's update) it
    /// waits for the test's `go` file, so "before the producer finishes" is a fact, not a race.
    static let producer = """
        n=0
        while IFS= read -r line; do
          n=$((n + 1))
          printf '%s\\n' "$line"
          echo "$n" > progress
          if [ "$n" -eq 7 ]; then while [ ! -e go ]; do sleep 0.05; done; fi
          sleep 0.2
        done < "$1"
        touch done
        exec sleep 60
        """

    /// On a 100-column terminal a finding's message (140 characters for PlayButton reset while
    /// shown) breaks between words onto indented rows, instead of wherever the terminal's edge falls.
    @Test func aLongMessageBreaksBetweenWordsOnANarrowTerminal() throws {
        let log = Tool.fixture("rules/playbutton-if-else-reset.log")
        let tmux = try Tmux(
            command: "env -u NO_COLOR -u TRACE_ANALYZE_DB -u COLUMNS '\(Tool.executable.path)' watch '\(log)' --no-follow; exec sleep 60",
            width: 100, height: 60
        )
        let done = try tmux.waitForScreen { $0.contains("identity_churn: PlayButton") && $0.contains("$ ") || $0.contains("Errors (1)") }
        #expect(done.held, "watch did not finish:\n\(done.screen)")
        let rows = try tmux.rows()
        let heading = try #require(rows.firstIndex { $0.contains("identity_churn: PlayButton") && !$0.contains("Errors") }, "\(rows)")
        let message = rows[(heading + 1)...].prefix { !$0.hasPrefix("    ") && !$0.isEmpty }
        #expect(message.count >= 2, "the message fits one row?\n\(rows.joined(separator: "\n"))")
        for row in message {
            #expect(row.hasPrefix("  ") && row.count < 100, "a row the terminal wrapped: '\(row)'")
        }
        #expect(message.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ").hasPrefix("PlayButton was created anew in "))
    }

    @Test func thePlayButtonFindingIsOnScreenBeforeTheProducerFinishesAndCtrlCLeavesTheReport() throws {
        let workspace = try Workspace()
        let producer = try workspace.write("producer.sh", Self.producer)
        let log = Tool.fixture("seeds/001-playbutton-toggle-twice.log")
        // The trap keeps the pane's shell alive through Ctrl-C (its children get SIGINT as usual),
        // so it can say how watch ended.
        let runner = try workspace.write("run.sh", """
            trap : INT
            cd '\(workspace.url.path)'
            bash '\(producer)' '\(log)' | '\(Tool.executable.path)' watch -
            echo "[watch exited $?]"
            exec sleep 60
            """)
        let tmux = try Tmux(command: "env -u NO_COLOR -u TRACE_ANALYZE_DB bash '\(runner)'")

        let found = try tmux.waitForScreen { $0.contains("info identity_churn: PlayButton") }
        #expect(found.held, "no PlayButton finding on screen:\n\(found.screen)")
        // The producer is still held after line 7: it has not finished.
        #expect(!FileManager.default.fileExists(atPath: workspace.path("done")))
        #expect(try String(contentsOfFile: workspace.path("progress"), encoding: .utf8) == "7\n")
        #expect(found.screen.contains("<stdin>:6  PlayButton: @self, @identity, _isPlaying changed."), "evidence with its text")
        let panel = try tmux.waitForScreen { $0.contains("── watching <stdin> · 7 lines") && $0.contains("0 errors, 0 warnings, 1 info") }
        #expect(panel.held, "no live panel:\n\(panel.screen)")
        #expect(try tmux.display("#{cursor_flag}") == "0", "the cursor is hidden while the panel is up")

        _ = FileManager.default.createFile(atPath: workspace.path("go"), contents: nil)
        let done = workspace.path("done")
        let all = try tmux.waitForScreen { $0.contains("── watching <stdin> · 10 lines") && FileManager.default.fileExists(atPath: done) }
        #expect(all.held, "the producer did not finish, or the panel never counted its 10 lines:\n\(all.screen)")

        try tmux.send("C-c")
        let ended = try tmux.waitForScreen { $0.contains("[watch exited") }
        #expect(ended.held, "watch did not end on Ctrl-C:\n\(ended.screen)")
        let screen = ended.screen
        #expect(screen.contains("warning identity_churn: PlayButton  (raised from info)"))
        #expect(screen.contains("Warnings (1)"))
        #expect(screen.contains("1 finding (1 warning) in 1 trace\n[watch exited 0]"), "the report ends the output:\n\(screen)")
        // A clean terminal: the panel erased, the cursor shown again, colours reset.
        #expect(!screen.contains("── watching"), "the panel was left on screen:\n\(screen)")
        #expect(try tmux.display("#{cursor_flag}") == "1", "the cursor is hidden after watch ended")
    }
}
