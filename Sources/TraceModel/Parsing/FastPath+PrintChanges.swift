extension FastPath {
    /// `ContentView: @self, _count changed.` or `ContentView: unchanged.`, and nothing else:
    /// the type a run of letters, digits and `_`; each token `@` or `_` and at least one more
    /// such byte, tokens joined by exactly `, `; the message ending at `changed.`'s full stop.
    ///
    /// Why that is `PrintChangesMessage`'s answer: the message does not open with the probe's
    /// marker, and `SwiftUIWarning.mayStart` turned it away (the caller checked), so the
    /// general classifier tries `_printChanges` next, on the message from its first byte (a
    /// letter: no preamble is skipped). Its type name stops at the `:`, and has neither ` body`
    /// nor `.body` to drop; `unchanged.` is the whole rest; otherwise the first ` changed` of
    /// the rest is the last one (tokens hold no space), it closes the list at the end of the
    /// message, and the list splits at its commas into the same tokens, none with an elision
    /// mark, a backtick or a bracket. The multiplier is 1: the message ends in `.`.
    mutating func printChangesEvent(_ message: UnsafeRawBufferPointer, line: Int, envelope: inout Envelope) -> Event? {
        let count = message.count
        var index = 1
        while index < count, Self.isNameByte(message[index]) { index += 1 }
        let typeEnd = index
        guard index + 2 < count, message[index] == UInt8(ascii: ":"), message[index + 1] == 0x20 else { return nil }
        index += 2
        var tokens: [String] = []
        if count - index == 10, Self.hasPrefix(message, "unchanged.", at: index) {
            // No tokens: `[]`, as the general path makes it.
        } else {
            let listEnd = count - 9
            guard listEnd > index, Self.hasPrefix(message, " changed.", at: listEnd) else { return nil }
            // A list read whole before is taken again as it was: the same bytes, the same tokens.
            let list = UnsafeRawBufferPointer(rebasing: message[index..<listEnd])
            let key = TokenListCache.key(list)
            if let key, let kept = tokenLists.list(for: list, hash: key) {
                return Event(
                    line: line, kind: .body, view: name(message, 0..<typeEnd), origin: .printChanges,
                    message: Self.text(message), tokens: kept, envelope: Self.take(&envelope)
                )
            }
            tokens.reserveCapacity(4)
            while true {
                let sigil = message[index]
                guard sigil == UInt8(ascii: "@") || sigil == UInt8(ascii: "_") else { return nil }
                let start = index
                index += 1
                while index < listEnd, Self.isNameByte(message[index]) { index += 1 }
                guard index - start >= 2 else { return nil }
                tokens.append(name(message, start..<index))
                if index == listEnd { break }
                guard index + 2 < listEnd, message[index] == UInt8(ascii: ","), message[index + 1] == 0x20 else { return nil }
                index += 2
            }
            if let key { tokenLists.keep(tokens, for: list, hash: key) }
        }
        return Event(
            line: line, kind: .body, view: name(message, 0..<typeEnd), origin: .printChanges,
            message: Self.text(message), tokens: tokens, envelope: Self.take(&envelope)
        )
    }
}
