// The `swift` target: any bytes as a Swift file, read the three ways the tool reads Swift. `lint`
// reads it (every rule, whatever the file; never a crash); `instrument` either refuses it (one
// reason) or rewrites it so that `--remove` gives back the very same bytes, and instrumenting
// what it wrote changes nothing. A file that already holds instrument's marker is only linted:
// removing it would take the file's own marked lines too, as it should.

enum SwiftFuzz {
    static let path = "Fuzz.swift"

    static func run(_ input: UnsafeRawBufferPointer) {
        let bytes = Array(input)
        _ = Linter().lint(files: [(path: path, bytes: bytes)])
        guard !InstrumentMarker.isPresent(in: bytes) else { return }
        for mode in [InstrumentOptions.Mode.probe, .printChanges] {
            let options = InstrumentOptions(mode: mode)
            guard let once = instrumented(bytes, options) else { return }
            let back = InstrumentMarker.removed(from: once)
            if back != bytes {
                FuzzTarget.fail("instrument (\(mode)) then --remove changed the file: \(bytes.count) bytes in, \(back.count) back")
            }
            if once != bytes, let twice = instrumented(once, options), twice != once {
                FuzzTarget.fail("instrument (\(mode)) run twice changed the file again: \(once.count) then \(twice.count) bytes")
            }
        }
    }

    /// The file as instrument rewrites it; nil when it refuses to read it.
    static func instrumented(_ bytes: [UInt8], _ options: InstrumentOptions) -> [UInt8]? {
        guard let file = try? ReadSource(path: path, bytes: bytes), !file.isTestOrManifest else { return nil }
        var instrumenter = FileInstrumenter(file: file, facts: AppFacts([file]), options: options)
        instrumenter.plan()
        return instrumenter.edits.applied()
    }
}
