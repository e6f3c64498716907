import Foundation

/// Runs the built `trace-analyze` binary the way a user does, and captures what it prints.
struct Tool {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// The package root, found from this file's location.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The binary SwiftPM built next to the test bundle.
    static let executable: URL = {
        let candidates = [
            Bundle.main.bundleURL,
            Bundle.main.bundleURL.deletingLastPathComponent(),
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
        ]
        for directory in candidates {
            let url = directory.appendingPathComponent("trace-analyze")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return packageRoot.appendingPathComponent(".build/debug/trace-analyze")
    }()

    /// A fixture's path.
    static func fixture(_ name: String) -> String {
        packageRoot.appendingPathComponent("fixtures").appendingPathComponent(name).path
    }

    /// A child may exit before reading all its stdin (an ingest whose configuration is wrong stops
    /// first). Writing to that pipe then raises SIGPIPE, which by default kills the whole test
    /// process; ignored, the write fails with EPIPE instead, which `feed` expects.
    static let ignoreSIGPIPE: Void = { signal(SIGPIPE, SIG_IGN) }()

    /// Writes `data` to a child's stdin; a child that stopped reading (EPIPE) is not an error here,
    /// its exit status and stderr say what happened.
    static func feed(_ data: Data, to handle: FileHandle) {
        _ = ignoreSIGPIPE
        try? handle.write(contentsOf: data)
    }

    /// Runs the tool (or another `program`) with `arguments`, feeding `stdin`, in `directory`.
    @discardableResult
    static func run(
        _ arguments: [String],
        stdin: String? = nil,
        in directory: URL? = nil,
        environment: [String: String] = [:],
        program: URL = executable,
        standardOutput: FileHandle? = nil
    ) throws -> Result {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "TRACE_ANALYZE_DB")
        // CI variables become tags; a test that wants them passes them in `environment`.
        for variable in ["GITHUB_SHA", "GITHUB_REF_NAME", "GITHUB_RUN_ID"] { env.removeValue(forKey: variable) }
        env["NO_COLOR"] = "1"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = standardOutput ?? output
        process.standardError = errors
        _ = ignoreSIGPIPE
        _ = SystemDevicesGuard.installed
        try process.run()
        // With another stdout the pipe has no writer; closing ours lets its reader see the end.
        if standardOutput != nil { try output.fileHandleForWriting.close() }
        // Read both pipes concurrently with writing, so a large output cannot deadlock the child.
        let outData = ReadAll(output.fileHandleForReading)
        let errData = ReadAll(errors.fileHandleForReading)
        if let stdin { feed(Data(stdin.utf8), to: input.fileHandleForWriting) }
        try? input.fileHandleForWriting.close()
        Watchdog.kill(process, after: 300)
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: outData.wait(), as: UTF8.self),
            stderr: String(decoding: errData.wait(), as: UTF8.self)
        )
    }
}

/// Drains a file handle on a background thread.
final class ReadAll: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}

/// A fresh working directory for one test.
final class Workspace {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("trace-analyze-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    func write(_ name: String, _ text: String) throws -> String {
        let path = path(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// Kills a child that outlives its limit, so a hung tool fails a test instead of hanging CI.
enum Watchdog {
    static func kill(_ process: Process, after seconds: Double) {
        let pid = process.processIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [weak process] in
            if process?.isRunning == true { Foundation.kill(pid, SIGKILL) }
        }
    }
}

extension Tool {
    /// Waits until `process` has installed a handler for `signal`, so a test that sends it
    /// exercises the handler rather than the default action (which would kill the child if the
    /// signal came first on a loaded machine). Reads `SigCgt` in /proc/PID/status on Linux;
    /// elsewhere it can only wait a while. False if the child exits or a minute passes first.
    static func waitUntilCatching(_ signal: Int32, _ process: Process) -> Bool {
        let status = "/proc/\(process.processIdentifier)/status"
        guard FileManager.default.fileExists(atPath: status) else {
            usleep(500_000)
            return process.isRunning
        }
        let end = Date().addingTimeInterval(60)
        while Date() < end, process.isRunning {
            let text = (try? String(contentsOfFile: status, encoding: .utf8)) ?? ""
            if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
               let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16),
               mask & (1 << UInt64(signal - 1)) != 0 {
                return true
            }
            usleep(10_000)
        }
        return false
    }
}
