/// Reassembles the objects of a pretty-printed JSON array (`log show --style json`) from the
/// lines they are spread over, one object at a time, so memory holds one object, not the file.
///
/// ```
/// [{
///   "eventMessage" : "ContentView: @self changed.",
///   ...
/// },{
///   ...
/// }]
/// ```
///
/// The stream keeps copies of the lines it has not yet handed out, so whatever goes wrong (a
/// byte outside the array grammar, a string running past the end of a line, an object over
/// `maxObjectBytes`, the input ending mid-object) those lines can be handed back and parsed as
/// ordinary lines: nothing is lost. The held copies are bounded by `maxObjectBytes` and
/// `maxObjectLines`.
///
/// A line may end one element and start the next (`},{`), but no line may start or end two:
/// an element's event takes its first line's number, and the lines it spans are counted once,
/// so two elements sharing a line would share a line number or count a line twice. A compact
/// one-line array (`[{...},{...}]`) is therefore not read as log objects; its lines are kept as text.
struct JSONArrayStream {
    /// A line held by the stream.
    struct PendingLine {
        let number: Int
        let bytes: [UInt8]
        /// The line holds part of an element: it is JSON, never a message of its own.
        let insideElement: Bool
    }

    /// What feeding a line produced, in order.
    enum Output {
        /// A complete element: its bytes, the line it starts on, and the lines newly spent on it.
        case object(bytes: [UInt8], firstLine: Int, lines: [PendingLine])
        /// The array closed; `lines` are the structural lines since the last object.
        case closed(lines: [PendingLine])
        /// The input is not (or no longer) a JSON array: these lines must be parsed as lines.
        /// `malformed` when it had looked like one (an element had begun): a truncated or
        /// damaged array rather than a line that merely started with `[`.
        case broken(lines: [PendingLine], malformed: Bool)
    }

    /// The largest element kept; a bigger one breaks the stream.
    static let maxObjectBytes = 4 << 20
    /// The most lines an element may span (a `log` object spans a few dozen); more breaks the stream.
    static let maxObjectLines = 10_000

    private var pending: [PendingLine] = []
    /// The current line is already in `pending` or was handed out with an object.
    private var currentLineHeld = false
    /// The current line holds part of an element.
    private var lineInsideElement = false
    private var object: [UInt8] = []
    private var objectFirstLine = 0
    private var nesting = JSONNesting()
    private var sawObject = false

    /// True when `line` opens an array of objects: `[` then `{` or nothing on the line.
    static func opens(_ line: UnsafeRawBufferPointer) -> Bool {
        var cursor = ByteCursor(line)
        cursor.skipSpaces()
        guard cursor.skip(UInt8(ascii: "[")) else { return false }
        cursor.skipSpaces()
        return cursor.isAtEnd || cursor.peek == UInt8(ascii: "{")
    }

    /// Feeds the next line (the first one being the line `opens` accepted).
    mutating func feed(_ line: LineReader.Line, opening: Bool) -> [Output] {
        var outputs: [Output] = []
        currentLineHeld = false
        lineInsideElement = nesting.isOpen
        var startedElement = false
        var endedElement = false
        var index = 0
        let bytes = line.bytes
        if opening {
            while index < bytes.count, bytes[index] != UInt8(ascii: "[") { index += 1 }
            index += 1
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if !nesting.isOpen {
                switch byte {
                case 0x20, 0x09, UInt8(ascii: ","):
                    continue
                case UInt8(ascii: "{"):
                    if startedElement { return handBack(outputs, line) }
                    startedElement = true
                    lineInsideElement = true
                    _ = nesting.step(byte)
                    object = [byte]
                    objectFirstLine = line.number
                    sawObject = true
                    continue
                case UInt8(ascii: "]"):
                    while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
                    guard index == bytes.count, sawObject else { return outputs + [.broken(lines: takePending(line), malformed: sawObject)] }
                    return outputs + [.closed(lines: takePending(line))]
                default:
                    return outputs + [.broken(lines: takePending(line), malformed: sawObject)]
                }
            }
            object.append(byte)
            if nesting.step(byte) {
                if endedElement { return handBack(outputs, line) }
                endedElement = true
                outputs.append(.object(bytes: object, firstLine: objectFirstLine, lines: takePending(line)))
                object = []
            }
        }
        if nesting.isOpen {
            // JSON strings never span lines; an unbounded element is not a log object.
            if nesting.inString || object.count > Self.maxObjectBytes || pending.count >= Self.maxObjectLines {
                return outputs + [.broken(lines: takePending(line), malformed: sawObject)]
            }
            object.append(0x0A)
        }
        hold(line)
        return outputs
    }

    /// The input ended: an unfinished array hands its lines back.
    mutating func finish() -> [Output] {
        pending.isEmpty ? [] : [.broken(lines: takePending(nil), malformed: sawObject)]
    }

    /// A second element starts or ends on this line: the elements this line completed are taken
    /// back, and their lines with every pending one are handed back as ordinary lines.
    private mutating func handBack(_ outputs: [Output], _ line: LineReader.Line) -> [Output] {
        var lines: [PendingLine] = []
        for case .object(_, _, let objectLines) in outputs { lines += objectLines }
        return [.broken(lines: lines + takePending(line), malformed: true)]
    }

    /// The lines not yet handed out, including the current one unless it already was.
    private mutating func takePending(_ line: LineReader.Line?) -> [PendingLine] {
        if let line { hold(line) }
        defer { pending = [] }
        return pending
    }

    private mutating func hold(_ line: LineReader.Line) {
        guard !currentLineHeld else { return }
        currentLineHeld = true
        pending.append(PendingLine(number: line.number, bytes: Array(line.bytes), insideElement: lineInsideElement))
    }
}
