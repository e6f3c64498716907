// A line-aware mutator for libFuzzer. The parser keeps state across lines (a JSON array read one
// element at a time, held events, tab continuations, `address:` lines), so bugs hide in how lines
// combine: two array elements joined onto one line, a continuation after the wrong envelope, a
// line repeated. Byte mutations rarely build those, so one mutation in three works on whole lines
// (join, split, repeat, swap, drop, or insert a realistic line); the rest are libFuzzer's own,
// dictionary included.

@_cdecl("LLVMFuzzerCustomMutator")
public func fuzzMutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
    var random = SplitMix(state: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15)
    guard random.next() % 3 == 0 else { return LLVMFuzzerMutate(data, size, maxSize) }
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    guard let output = LineMutator.mutate(input, &random), output.count <= maxSize, output != input else {
        return LLVMFuzzerMutate(data, size, maxSize)
    }
    output.withUnsafeBufferPointer { data.update(from: $0.baseAddress!, count: $0.count) }
    return output.count
}

enum LineMutator {
    /// Lines the parser knows, one or two per envelope and message shape.
    static let pool: [[UInt8]] = [
        "ContentView: @self, @identity, _showPlayButton changed.",
        "2020-03-23 01:10:46.546218+0800 App[76375:18919854] 🚩 MyRootView appear",
        "2024-10-06 00:31:18.068529+0900 0x13983  Info  0x0  5224  0  MyApp: (SwiftUI) [com.apple.SwiftUI:Changed Body Properties] ContentView: @self changed.",
        "2026-08-11 17:15:22.031 I  MyApp[80328:9875ec] [com.apple.SwiftUI:Changed Body Properties] ContentView: @self changed.",
        "2022-08-25 15:22:01.008417+0100 localhost MyApp[1766]: (SwiftUI) [x.y:z] FirstView init",
        #"{"timestamp":"2025-07-27 15:41:33.057177-0400","processID":5224,"eventMessage":"ContentView: @self changed."}"#,
        "Jun  3 09:51:55.123456 MyApp(SwiftUI)[1234] <Info>: ContentView: @self changed.",
        "2024-01-01T00:00:00+0000 info my.label : k=v [MyModule] FirstView init",
        "[{", "},{", "}]", "[", "]", "{", "}",
        #"  "eventMessage" : "PlayButton DataModel init","#, #"  "timestamp" : "2024-10-06 00:31:18.068529+0900","#,
        "\tcontinued message line",
        "PlayButton DataModel init", "DataModel address: 0x0000600000c435d0",
        "trace-analyze: kind=init view=DetailView id=0x600003a0c000 owner=RecipeList ms=0.42",
        "Filtering the log data using \"process == 'MyApp'\"", "() $R6 = {}",
        "[Feed/Row#3] created", "Row -> appear",
    ].map { Array($0.utf8) }

    /// One line-level change to `input`; nil when there is nothing to change.
    static func mutate(_ input: [UInt8], _ random: inout SplitMix) -> [UInt8]? {
        var lines = input.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        let endsWithNewline = input.last == 0x0A
        if endsWithNewline { lines.removeLast() }
        func pick(_ count: Int) -> Int { Int(random.next() % UInt64(count)) }
        switch pick(7) {
        case 0 where lines.count >= 2:  // join a line to the next
            let index = pick(lines.count - 1)
            lines[index] += lines.remove(at: index + 1)
        case 1:  // split a line
            let index = lines.isEmpty ? 0 : pick(lines.count)
            if lines.isEmpty { lines = [[]] }
            let cut = pick(lines[index].count + 1)
            let tail = Array(lines[index][cut...])
            lines[index].removeSubrange(cut...)
            lines.insert(tail, at: index + 1)
        case 2 where !lines.isEmpty:  // repeat a line, elsewhere
            lines.insert(lines[pick(lines.count)], at: pick(lines.count + 1))
        case 3 where lines.count >= 2:  // swap two lines
            lines.swapAt(pick(lines.count), pick(lines.count))
        case 4 where !lines.isEmpty:  // drop a line
            lines.remove(at: pick(lines.count))
        default:  // insert a known line, sometimes glued to its neighbour
            let line = pool[pick(pool.count)]
            let index = pick(lines.count + 1)
            if index < lines.count, pick(4) == 0 {
                lines[index] += line
            } else {
                lines.insert(line, at: index)
            }
        }
        var output = Array(lines.joined(separator: [0x0A]))
        if endsWithNewline || input.isEmpty { output.append(0x0A) }
        return output
    }
}
