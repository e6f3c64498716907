import SwiftSource

/// One Swift file read the way instrument needs it: without anything an earlier run inserted,
/// tokenized, its brackets paired and its declarations found. Reading refuses, with one reason,
/// what a rewriter cannot follow for sure.
struct ReadSource {
    let path: String
    /// The file as it is on disk.
    let original: [UInt8]
    /// The file without any earlier instrumentation: what this run instruments.
    let source: [UInt8]
    let tokens: [SwiftToken]
    let brackets: SwiftBrackets
    let declarations: SwiftDeclarationScanner.Result

    /// Lines longer than this are refused: no source a person wrote has one, and a minified or
    /// binary file that has one is not worth rewriting.
    static let longestLine = 1 << 20
    /// Brackets nested deeper than this are refused.
    static let deepestNesting = 1_000

    /// Reads `bytes`, the contents of `path`; throws `InstrumentRefusal` with why it cannot.
    init(path: String, bytes: [UInt8]) throws(InstrumentRefusal) {
        self.path = path
        original = bytes
        // Cheapest first: a file refused for its shape is not decoded.
        if bytes.contains(0) { throw InstrumentRefusal("holds NUL bytes: binary, not Swift text") }
        try Self.checkLines(bytes)
        if String(validating: bytes, as: UTF8.self) == nil, let bad = Self.firstInvalidUTF8(bytes) {
            throw InstrumentRefusal("byte \(bad) is not UTF-8: Swift sources are UTF-8 text")
        }
        source = InstrumentMarker.removed(from: bytes)
        tokens = SwiftTokenizer.tokens(source)
        do {
            brackets = try SwiftBrackets(tokens, maxDepth: Self.deepestNesting)
        } catch {
            throw InstrumentRefusal("\(error.description); brackets must pair up to rewrite a file")
        }
        declarations = SwiftDeclarationScanner.scan(tokens: tokens, file: path)
    }

    /// Whether the file is part of a test target or the package manifest: left alone.
    var isTestOrManifest: Bool {
        let components = path.split(separator: "/")
        if components.last == "Package.swift" { return true }
        if components.dropLast().contains(where: { $0.hasSuffix("Tests") || $0.hasSuffix("UITests") }) { return true }
        return importedModules.contains("XCTest") || importedModules.contains("Testing")
    }

    /// Whether the file's own code already uses the name instrument gives its token and probes.
    var usesProbeName: Bool {
        tokens.contains { $0.isIdentifier && $0.text == FileInstrumenter.probeName }
    }

    /// The modules the file imports at its top level.
    var importedModules: Set<String> {
        var modules: Set<String> = []
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            if token.isIdentifier, token.text == "import", index + 1 < tokens.count {
                // `import struct Module.Type`: the module is the first dotted name after a kind.
                var name = index + 1
                if ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let", "actor"].contains(tokens[name].text), name + 1 < tokens.count { name += 1 }
                modules.insert(tokens[name].text)
            }
            let partner = Int(brackets.partner[index])
            index = partner > index ? partner + 1 : index + 1
        }
        return modules
    }

    private static func checkLines(_ bytes: [UInt8]) throws(InstrumentRefusal) {
        var lineStart = 0
        var line = 1
        func check(_ end: Int) throws(InstrumentRefusal) {
            if end - lineStart > longestLine {
                throw InstrumentRefusal("line \(line) is \(end - lineStart) bytes long (over \(longestLine)): not a source a person wrote")
            }
        }
        try bytes.withUnsafeBufferPointer { (buffer: UnsafeBufferPointer<UInt8>) throws(InstrumentRefusal) in
            for offset in 0..<buffer.count where buffer[offset] <= UInt8(ascii: "\r") {
                let byte = buffer[offset]
                if byte == UInt8(ascii: "\r"), offset + 1 < buffer.count, buffer[offset + 1] != UInt8(ascii: "\n") {
                    throw InstrumentRefusal("line \(line) ends in a lone CR: only LF and CRLF line ends are rewritten")
                }
                guard byte == UInt8(ascii: "\n") else { continue }
                try check(offset)
                lineStart = offset + 1
                line += 1
            }
        }
        try check(bytes.count)
    }

    private static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }
}

/// Why instrument leaves a file as it is: one line a user can act on.
package struct InstrumentRefusal: Error, Equatable, CustomStringConvertible {
    package let reason: String
    package init(_ reason: String) { self.reason = reason }
    package var description: String { reason }
}
