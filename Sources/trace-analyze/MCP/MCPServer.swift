import Foundation
import TraceModel

/// A Model Context Protocol server over stdio: newline-delimited JSON-RPC 2.0 messages in on
/// stdin, responses out on stdout, nothing else on stdout (notes go to stderr).
///
/// Requests are read one line at a time on the main thread and answered in order, except
/// `tools/call`, which runs on a thread of its own (the CLI as a child process), so a long
/// check does not stop a `ping` or a `notifications/cancelled` that ends it. A cancelled call
/// gets no response, as the protocol asks.
final class MCPServer: @unchecked Sendable {
    /// The revisions this server speaks, newest first; an `initialize` asking for another gets the newest.
    static let protocolVersions = ["2025-06-18", "2025-03-26", "2024-11-05"]

    private let executable: String
    private let lock = NSLock()
    private var running: [String: Process] = [:]
    private var cancelled: Set<String> = []
    /// Calls accepted and not yet answered: only these can be cancelled.
    private var pending: Set<String> = []
    private let calls = DispatchGroup()

    init(executable: String) {
        self.executable = executable
    }

    /// Serves until stdin ends; then answers the calls still running and returns (a client
    /// that wants them stopped cancels them, or signals the server, as the protocol says).
    func serve() {
        while let line = readLine(strippingNewline: true) {
            handle(line)
        }
        calls.wait()
    }

    // MARK: Messages

    func handle(_ line: String) {
        guard line.contains(where: { !$0.isWhitespace }) else { return }
        let message: JSONValue
        do {
            message = try JSONParser.parse(line)
        } catch {
            return respond(error: -32700, "parse error: \(error) (each message is one line of JSON)", id: nil)
        }
        if case .array = message {
            return respond(error: -32600, "invalid request: JSON-RPC batches are not part of MCP 2025-06-18; send one message per line", id: nil)
        }
        guard case .object = message else {
            return respond(error: -32600, "invalid request: a message is a JSON object, not \(message.typeName)", id: nil)
        }
        let id = message["id"].flatMap { $0 == .null ? nil : $0 }
        guard message["jsonrpc"]?.stringValue == "2.0" else {
            return respond(error: -32600, "invalid request: \"jsonrpc\" must be \"2.0\"", id: id)
        }
        guard let method = message["method"]?.stringValue else {
            // A response to a request of ours: this server sends none, so there is nothing to match.
            if id != nil, message["result"] != nil || message["error"] != nil { return }
            return respond(error: -32600, "invalid request: no \"method\"", id: id)
        }
        let params = message["params"] ?? .object([:], order: [])
        guard let id else { return notification(method, params) }
        switch method {
        case "initialize": respond(result: initialize(params), id: id)
        case "ping": respond(result: "{}", id: id)
        case "tools/list": respond(result: MCPJSON.object([("tools", MCPJSON.array(MCPTool.all.map(\.listing)))]), id: id)
        case "tools/call": call(params, id: id)
        case "resources/list": respond(result: MCPJSON.object([("resources", MCPJSON.array(MCPRules.listing))]), id: id)
        case "resources/templates/list": respond(result: #"{"resourceTemplates":[]}"#, id: id)
        case "resources/read":
            guard let uri = params["uri"]?.stringValue else { return respond(error: -32602, "resources/read needs a \"uri\"", id: id) }
            guard let text = MCPRules.page(uri) else {
                return respond(error: -32002, "resource not found: \(uri); resources/list names the rule pages (\(MCPRules.scheme)ID)", id: id)
            }
            let content = MCPJSON.object([("uri", JSONText.quote(uri)), ("mimeType", "\"text/markdown\""), ("text", JSONText.quote(text))])
            respond(result: MCPJSON.object([("contents", MCPJSON.array([content]))]), id: id)
        default:
            respond(error: -32601, "method not found: \(method)", id: id)
        }
    }

    private func notification(_ method: String, _ params: JSONValue) {
        guard method == "notifications/cancelled", let request = params["requestId"] else { return }
        let key = MCPJSON.encode(request)
        lock.withLock {
            guard pending.contains(key) else { return }
            cancelled.insert(key)
            if let process = running[key], process.isRunning { process.terminate() }
        }
    }

    private func initialize(_ params: JSONValue) -> String {
        let asked = params["protocolVersion"]?.stringValue ?? ""
        let version = Self.protocolVersions.contains(asked) ? asked : Self.protocolVersions[0]
        return MCPJSON.object([
            ("protocolVersion", JSONText.quote(version)),
            ("capabilities", #"{"tools":{"listChanged":false},"resources":{"listChanged":false}}"#),
            ("serverInfo", MCPJSON.object([("name", "\"trace-analyze\""), ("title", "\"trace-analyze\""), ("version", JSONText.quote(CommandLineTool.version))])),
            ("instructions", JSONText.quote("""
                Reads the console output of SwiftUI apps (_printChanges lines, init/deinit/appear prints, TraceProbe lines, \
                Instruments exports) and explains view lifecycles. Start with `check` on a log path; for a finding's view call \
                `why`; `views` ranks views by body evaluations per cause; `lint` reads Swift sources; `rules` and the \
                resources \(MCPRules.scheme)ID explain each rule.
                """)),
        ])
    }

    // MARK: Tool calls

    private func call(_ params: JSONValue, id: JSONValue) {
        guard let name = params["name"]?.stringValue else { return respond(error: -32602, "tools/call needs the tool's \"name\"", id: id) }
        guard let tool = MCPTool.all.first(where: { $0.name == name }) else {
            return respond(error: -32602, "unknown tool '\(name)'; valid: \(MCPTool.all.map(\.name).joined(separator: ", "))", id: id)
        }
        let arguments = params["arguments"] ?? .object([:], order: [])
        let invocation: MCPTool.Invocation
        do {
            try tool.check(arguments)
            if let answer = tool.answer {
                let document = try answer(arguments)
                return respond(result: Self.result(structured: MCPJSON.object([("exit_code", "0"), ("result", document)]), isError: false), id: id)
            }
            invocation = try tool.invocation!(arguments)
        } catch let error as MCPTool.ArgumentError {
            return respond(error: -32602, error.message, id: id)
        } catch {
            return respond(error: -32603, "\(error)", id: id)
        }
        let key = MCPJSON.encode(id)
        lock.withLock { _ = pending.insert(key) }
        DispatchQueue.global().async(group: calls) { [self] in
            let outcome = run(invocation, key: key)
            let dropped = lock.withLock {
                pending.remove(key)
                return cancelled.remove(key) != nil
            }
            guard !dropped, let outcome else { return }
            respond(result: Self.result(of: outcome, tool: name, invocation: invocation), id: id)
        }
    }

    /// The most of a child's stdout a result carries: an agent reads a page of findings, not a
    /// 40 MB report of a million-line log, and the server's memory stays flat however long the log.
    static let resultLimit = 2 << 20

    private struct Outcome {
        let status: Int32
        /// The first `resultLimit` bytes.
        let stdout: Data
        /// The last bytes, when stdout was longer than `resultLimit` (the JSON report's summary).
        let tail: Data?
        /// How long stdout was.
        let bytes: Int
        let stderr: Data
    }

    /// Runs the CLI with `invocation`; nil when it could not start or was cancelled first.
    private func run(_ invocation: MCPTool.Invocation, key: String) -> Outcome? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = invocation.arguments
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        let input = invocation.stdin == nil ? nil : Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input ?? FileHandle.nullDevice
        let started: Bool = lock.withLock {
            guard !cancelled.contains(key) else { return false }
            running[key] = process
            // This is a dispatch worker thread, which blocks the stop signals; a child inherits
            // the mask through exec and would never see the SIGTERM a cancellation sends.
            var stops = sigset_t(), previous = sigset_t()
            sigemptyset(&stops)
            for number in Interruption.signals { sigaddset(&stops, number) }
            pthread_sigmask(SIG_UNBLOCK, &stops, &previous)
            defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
            do { try process.run() } catch { return false }
            return true
        }
        guard started else {
            lock.withLock { running[key] = nil }
            return nil
        }
        let errorData = ReadToEnd(errors.fileHandleForReading)
        if let input, let text = invocation.stdin {
            DispatchQueue.global().async {
                // A child that stopped reading (a bad option) closes the pipe: its message says why.
                try? input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
                try? input.fileHandleForWriting.close()
            }
        }
        // Read in chunks, keeping the head and a rolling tail: the rest is counted and let go.
        var head = Data(), tail = Data(), bytes = 0
        let reader = output.fileHandleForReading
        while true {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            bytes += chunk.count
            let room = Self.resultLimit - head.count
            if room > 0 { head.append(chunk.prefix(room)) }
            if chunk.count > room {
                tail.append(chunk.suffix(chunk.count - max(room, 0)))
                if tail.count > 1 << 16 { tail = tail.suffix(1 << 16) }
            }
        }
        process.waitUntilExit()
        lock.withLock { running[key] = nil }
        return Outcome(
            status: process.terminationStatus, stdout: head, tail: bytes > Self.resultLimit ? tail : nil, bytes: bytes, stderr: errorData.wait()
        )
    }

    /// A `tools/call` result: the JSON reporter's document in `structuredContent.result` (a
    /// report in another format as `report`), the exit code, stderr's notes, the next calls;
    /// the same JSON as text for clients that read only `content`. Exit 1 is a tool error
    /// carrying the CLI's message.
    private static func result(of outcome: Outcome, tool: String, invocation: MCPTool.Invocation) -> String {
        let stderr = String(decoding: outcome.stderr, as: UTF8.self)
        let notes = stderr.split(separator: "\n").map { JSONText.quote(String($0)) }
        guard outcome.status == 0 || outcome.status == 2 else {
            let message = stderr.trimmingCharacters(in: .whitespacesAndNewlines)
            let text = message.isEmpty ? "trace-analyze \(tool) failed (exit \(outcome.status))" : message
            return MCPJSON.object([
                ("content", MCPJSON.array([MCPJSON.object([("type", "\"text\""), ("text", JSONText.quote(text))])])),
                ("structuredContent", MCPJSON.object([("exit_code", String(outcome.status)), ("error", JSONText.quote(text))])),
                ("isError", "true"),
            ])
        }
        var members: [(String, String)] = [("exit_code", String(outcome.status))]
        if let tail = outcome.tail {
            members += truncated(outcome, tail: tail, tool: tool)
            if !notes.isEmpty { members.append(("notes", MCPJSON.array(notes))) }
            return result(structured: MCPJSON.object(members), isError: false)
        }
        let document = try? outcome.stdout.withUnsafeBytes { try JSONParser.parse($0) }
        if let document {
            members.append(("result", MCPJSON.encode(document)))
            let next = MCPNextCalls.suggest(tool: tool, document: document, invocation: invocation)
            if !next.isEmpty { members.append(("next", MCPJSON.array(next))) }
        } else {
            members.append(("report", JSONText.quote(String(decoding: outcome.stdout, as: UTF8.self))))
        }
        if !notes.isEmpty { members.append(("notes", MCPJSON.array(notes))) }
        return result(structured: MCPJSON.object(members), isError: false)
    }

    /// A result too long to carry: its size, the JSON report's summary (its last member, read
    /// from the tail), and how to get the whole of it.
    private static func truncated(_ outcome: Outcome, tail: Data, tool: String) -> [(String, String)] {
        var members: [(String, String)] = [("truncated", "true"), ("report_bytes", String(outcome.bytes))]
        let text = String(decoding: tail, as: UTF8.self)
        if let key = text.range(of: "\"summary\":", options: .backwards),
           let close = text.range(of: "}", options: .backwards, range: key.upperBound..<text.endIndex) {
            // The document's own closing brace ends the text; the summary object is before it.
            let body = text[key.upperBound..<close.lowerBound]
            if let summary = try? JSONParser.parse(String(body)) { members.append(("summary", MCPJSON.encode(summary))) }
        }
        let megabytes = Double(outcome.bytes) / Double(1 << 20)
        members.append(("hint", JSONText.quote(
            "The \(tool) report is \(String(format: "%.1f", megabytes)) MB, more than the \(resultLimit >> 20) MB a result carries: "
                + "give `output` to have it written whole to a file, `format`: `summary` or `markdown` for a shorter one, "
                + "or ingest the log into a database (trace-analyze ingest LOG --db FILE) and `query` its findings table."
        )))
        return members
    }

    private static func result(structured: String, isError: Bool) -> String {
        MCPJSON.object([
            ("content", MCPJSON.array([MCPJSON.object([("type", "\"text\""), ("text", JSONText.quote(structured))])])),
            ("structuredContent", structured),
            ("isError", isError ? "true" : "false"),
        ])
    }

    // MARK: Output

    private func respond(result: String, id: JSONValue) {
        write(MCPJSON.object([("jsonrpc", "\"2.0\""), ("id", MCPJSON.encode(id)), ("result", result)]))
    }

    private func respond(error code: Int, _ message: String, id: JSONValue?) {
        let error = MCPJSON.object([("code", String(code)), ("message", JSONText.quote(message))])
        write(MCPJSON.object([("jsonrpc", "\"2.0\""), ("id", id.map(MCPJSON.encode) ?? "null"), ("error", error)]))
    }

    private func write(_ line: String) {
        lock.withLock {
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
        }
    }
}

/// Reads a pipe to its end on a thread of its own, so a child writing much to both pipes never waits on us.
private final class ReadToEnd: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        DispatchQueue.global().async { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
