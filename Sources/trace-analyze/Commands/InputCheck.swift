import Foundation

/// Checks every input before any is ingested, so a typo in the third file stores nothing.
enum InputCheck {
    /// The paths to read for `inputs`: each as given, but an Instruments recording (`X.trace`),
    /// which is exported to XML first (`RecordingExport`).
    @discardableResult
    static func requireReadable(_ inputs: [String]) throws -> [String] {
        if inputs.filter({ $0 == "-" }).count > 1 {
            throw UsageError("stdin ('-') can be read only once")
        }
        for input in inputs where input != "-" {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory) else {
                throw ToolError("\(input): no such file")
            }
            if isDirectory.boolValue, !RecordingExport.isRecording(input) {
                throw ToolError("\(input): is a directory, not a log file")
            }
            guard FileManager.default.isReadableFile(atPath: input) else {
                throw ToolError("\(input): permission denied")
            }
        }
        // Exported only once every input checked out: a typo costs no export.
        return try inputs.map { RecordingExport.isRecording($0) ? try RecordingExport.export($0) : $0 }
    }
}
