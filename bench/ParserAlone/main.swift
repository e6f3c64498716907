import Foundation

// The parser alone: LineReader and TraceParser over a file, in 64 KB chunks, nothing stored.
// Built by bench/parser-alone.sh with TraceModel's sources as one module (not a SwiftPM
// target). Prints the counts to stderr; with --dump, every event to stdout, so two builds can
// be compared event for event.
let arguments = CommandLine.arguments.dropFirst()
let dump = arguments.contains("--dump")
guard let path = arguments.first(where: { $0 != "--dump" }) else {
    FileHandle.standardError.write(Data("usage: parser-alone LOG [--dump]\n".utf8))
    exit(2)
}
guard let data = FileManager.default.contents(atPath: path) else {
    FileHandle.standardError.write(Data("parser-alone: cannot read \(path)\n".utf8))
    exit(1)
}
var reader = LineReader()
var parser = TraceParser(undatedYear: 2024)
var events = 0
let emit: (consuming Event) -> Void = { event in
    events += 1
    if dump { print(event) }
}
data.withUnsafeBytes { bytes in
    var offset = 0
    while offset < bytes.count {
        let end = min(offset + 65536, bytes.count)
        reader.feed(UnsafeRawBufferPointer(rebasing: bytes[offset..<end])) { line in parser.consume(line, emit: emit) }
        offset = end
    }
    reader.finish { line in parser.consume(line, emit: emit) }
    parser.finish(emit: emit)
}
FileHandle.standardError.write(Data("lines \(parser.stats.lines) events \(events)\n".utf8))
