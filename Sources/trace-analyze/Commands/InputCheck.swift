import Foundation

/// Checks every input before any is ingested, so a typo in the third file stores nothing.
enum InputCheck {
    static func requireReadable(_ inputs: [String]) throws {
        if inputs.filter({ $0 == "-" }).count > 1 {
            throw UsageError("stdin ('-') can be read only once")
        }
        for input in inputs where input != "-" {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory) else {
                throw ToolError("\(input): no such file")
            }
            if isDirectory.boolValue { throw ToolError("\(input): is a directory, not a log file") }
            guard FileManager.default.isReadableFile(atPath: input) else {
                throw ToolError("\(input): permission denied")
            }
        }
    }
}
