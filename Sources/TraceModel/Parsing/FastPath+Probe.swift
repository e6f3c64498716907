extension FastPath {
    /// The marker and the one space after it, as TraceProbe writes them.
    static let probeMarker: StaticString = "trace-analyze: "

    /// A structured line as TraceProbe writes it (`ProbeLine`): the marker at the first byte,
    /// then `key=value` pairs one space apart to the end; keys among those the format gives a
    /// meaning to, each once; values bare, printable ASCII without `"`, not empty; the same
    /// checks on kind, numbers, `identity` and `seen` as `StructuredMessage.parse` makes. Nil
    /// for anything else, a line the general parser would refuse above all: it is counted
    /// in `malformed_structured` there, with its reason.
    ///
    /// `type=` is checked and skipped: the event does not keep it, where the general parser
    /// made a string of it on every line.
    mutating func probeEvent(_ message: UnsafeRawBufferPointer, line: Int, envelope: inout Envelope) -> Event? {
        let count = message.count
        var index = Self.probeMarker.utf8CodeUnitCount
        var kind: EventKind?
        var view: Range<Int>?, instance: Range<Int>?, owner: Range<Int>?, type: Range<Int>?
        var duration: Double?, time: Double?
        var newIdentity = false
        var seen: Bool?
        while true {
            let keyStart = index
            while index < count, message[index] != UInt8(ascii: "=") {
                guard Self.isNameStart(message[index]) else { return nil }
                index += 1
            }
            let keyEnd = index
            index += 1
            let valueStart = index
            while index < count, message[index] != 0x20 {
                let byte = message[index]
                guard byte > 0x20, byte < 0x7F, byte != UInt8(ascii: "\"") else { return nil }
                index += 1
            }
            // An empty value (or a key with no `=`) is the general parser's to refuse.
            guard keyEnd < count, index > valueStart else { return nil }
            let value = valueStart..<index
            let bytes = UnsafeRawBufferPointer(rebasing: message[value])
            switch ProbeKey(UnsafeRawBufferPointer(rebasing: message[keyStart..<keyEnd])) {
            case .kind:
                guard kind == nil, let named = Self.kind(bytes) else { return nil }
                kind = named
            case .view:
                guard view == nil else { return nil }
                view = value
            case .id:
                guard instance == nil else { return nil }
                instance = value
            case .owner:
                guard owner == nil else { return nil }
                owner = value
            case .type:
                guard type == nil else { return nil }
                type = value
            case .ms:
                guard duration == nil, let number = StructuredMessage.number(bytes), number.isFinite, number >= 0 else { return nil }
                duration = number
            case .t:
                guard time == nil, let number = StructuredMessage.number(bytes), number.isFinite, number >= 0 else { return nil }
                time = number
            case .identity:
                guard !newIdentity, bytes.count == 3, Self.hasPrefix(bytes, "new") else { return nil }
                newIdentity = true
            case .seen:
                guard seen == nil, bytes.count == 1, bytes[0] == UInt8(ascii: "0") || bytes[0] == UInt8(ascii: "1") else { return nil }
                seen = bytes[0] == UInt8(ascii: "1")
            case nil:
                // A key of the app's own: the general parser ignores it, but its spelling
                // (`-`, `.`, digits) is its business.
                return nil
            }
            if index == count { break }
            // One space, then the next key: anything else is the general parser's.
            index += 1
            guard index < count, message[index] != 0x20 else { return nil }
        }
        guard let kind, let view else { return nil }
        if newIdentity && kind != .body { return nil }
        if seen != nil && kind != .`deinit` { return nil }
        if envelope.timestamp == nil, let time { envelope.timestamp = time }
        let tokens: [String]
        if newIdentity {
            tokens = [StructuredMessage.newIdentityToken]
        } else {
            switch seen {
            case true?: tokens = [StructuredMessage.endedToken]
            case false?: tokens = [StructuredMessage.discardedToken]
            case nil: tokens = []
            }
        }
        return Event(
            line: line, kind: kind, view: name(message, view), owner: owner.map { name(message, $0) },
            instance: instance.map { String(decoding: UnsafeRawBufferPointer(rebasing: message[$0]), as: UTF8.self) },
            origin: .structured, message: Self.text(message), tokens: tokens, envelope: Self.take(&envelope), durationMs: duration
        )
    }

    /// The lifecycle step `bytes` name (`kind=`'s value), or nil for any other word.
    private static func kind(_ bytes: UnsafeRawBufferPointer) -> EventKind? {
        switch bytes.count {
        case 4: hasPrefix(bytes, "body") ? .body : hasPrefix(bytes, "init") ? .`init` : hasPrefix(bytes, "task") ? .task : nil
        case 6: hasPrefix(bytes, "deinit") ? .`deinit` : hasPrefix(bytes, "appear") ? .appear : hasPrefix(bytes, "layout") ? .layout : nil
        case 9: hasPrefix(bytes, "disappear") ? .disappear : nil
        default: nil
        }
    }

    /// The keys a structured line gives a meaning to (`parent` is `owner`'s alias).
    private enum ProbeKey {
        case kind, view, id, owner, ms, type, t, identity, seen

        init?(_ bytes: UnsafeRawBufferPointer) {
            switch bytes.count {
            case 1 where bytes[0] == UInt8(ascii: "t"): self = .t
            case 2 where FastPath.hasPrefix(bytes, "id"): self = .id
            case 2 where FastPath.hasPrefix(bytes, "ms"): self = .ms
            case 4 where FastPath.hasPrefix(bytes, "kind"): self = .kind
            case 4 where FastPath.hasPrefix(bytes, "view"): self = .view
            case 4 where FastPath.hasPrefix(bytes, "type"): self = .type
            case 4 where FastPath.hasPrefix(bytes, "seen"): self = .seen
            case 5 where FastPath.hasPrefix(bytes, "owner"): self = .owner
            case 6 where FastPath.hasPrefix(bytes, "parent"): self = .owner
            case 8 where FastPath.hasPrefix(bytes, "identity"): self = .identity
            default: return nil
            }
        }
    }
}
