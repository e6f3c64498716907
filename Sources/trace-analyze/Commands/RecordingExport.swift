import Foundation
import TraceModel

/// An Instruments recording (`X.trace`, a bundle directory) named as an input: exported to XML
/// with `xcrun xctrace export`, one table after another into one file, which is then read like
/// any export. Only macOS has `xctrace`; elsewhere the error says how to export on a Mac.
enum RecordingExport {
    /// The tables exported from run 1, in this order: causes and updates before hitches, so
    /// a reader sees the updates a hitch is laid at first.
    static let tables = InstrumentsTable.allCases.map(\.rawValue)
    /// The tables whose rows become events.
    static let readTables = InstrumentsTable.allCases.filter(\.isRead).map(\.rawValue)

    /// True for a path that is an Instruments recording: a directory named `*.trace`.
    static func isRecording(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return path.hasSuffix(".trace") && FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The xpath of `table` in run 1, as `xctrace export --xpath` takes it.
    static func xpath(_ table: String) -> String {
        "/trace-toc/run[@number=\"1\"]/data/table[@schema=\"\(table)\"]"
    }

    /// The commands that export `recording` by hand, for messages.
    static func commands(_ recording: String, tables: [String] = tables) -> String {
        tables.map { "xcrun xctrace export --input \(recording) --xpath '\(xpath($0))' >> \(recording).xml" }.joined(separator: "\n  ")
    }

    /// Exports `recording` to an XML file in a temporary directory and returns its path; says so
    /// on stderr. Throws where `xcrun xctrace` cannot run.
    static func export(_ recording: String) throws -> String {
        let xcrun = "/usr/bin/xcrun"
        guard FileManager.default.isExecutableFile(atPath: xcrun) else {
            throw ToolError("""
                \(recording): an Instruments recording; reading it needs `xcrun xctrace` (Xcode on macOS), which this machine lacks. \
                Export it on a Mac and pass the XML instead:
                  \(commands(recording))
                """)
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("trace-analyze-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let output = directory.appendingPathComponent((recording as NSString).lastPathComponent + ".xml")
        guard FileManager.default.createFile(atPath: output.path, contents: nil) else {
            throw ToolError("\(output.path): cannot create the file to export \(recording) into")
        }
        let handle = try FileHandle(forWritingTo: output)
        defer { try? handle.close() }
        Console.note("\(recording): exporting \(tables.joined(separator: ", ")) with xcrun xctrace export")
        for table in tables {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: xcrun)
            process.arguments = ["xctrace", "export", "--input", recording, "--xpath", xpath(table)]
            process.standardOutput = handle
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            let message = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                let text = String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                throw ToolError("\(recording): xcrun xctrace export of \(table) failed (exit \(process.terminationStatus))\(text.isEmpty ? "" : ": \(text)")")
            }
        }
        return output.path
    }
}
