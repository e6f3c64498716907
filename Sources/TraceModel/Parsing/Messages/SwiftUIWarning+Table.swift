/// The known texts of SwiftUI's runtime warnings: to recognise another, add an entry here with
/// its sample lines (the tests run every sample through the parser, in every wrapper).
extension SwiftUIWarning {
    /// One known text.
    public struct Known: Sendable {
        /// The warning it is.
        public let identifier: Identifier
        /// The bytes the text starts with: the cheap test that comes before `match`.
        public let prefix: StaticString
        /// Reads the values out of a message that starts with `prefix`; nil when the rest of
        /// the text is not the known one (an unknown variant stays text). `start` is where the
        /// prefix ends.
        let match: @Sendable (_ text: UnsafeRawBufferPointer, _ start: Int) -> SwiftUIWarning?
        /// Real lines (as SwiftUI prints them, without wrapper) and what they must yield.
        public let samples: [(line: String, warning: SwiftUIWarning)]
    }

    /// Every known text, in the order they are tried for a first byte.
    public static let known: [Known] = [
        Known(identifier: .publishDuringUpdate, prefix: "Publishing changes from within view updates", match: { _, _ in
            SwiftUIWarning(.publishDuringUpdate)
        }, samples: [
            ("Publishing changes from within view updates is not allowed, this will cause undefined behavior.", SwiftUIWarning(.publishDuringUpdate)),
        ]),
        Known(identifier: .stateModifiedDuringUpdate, prefix: "Modifying state during view update", match: { _, _ in
            SwiftUIWarning(.stateModifiedDuringUpdate)
        }, samples: [
            ("Modifying state during view update, this will cause undefined behavior.", SwiftUIWarning(.stateModifiedDuringUpdate)),
        ]),
        Known(identifier: .updateMultipleTimesPerFrame, prefix: "onChange(of: ", match: { text, start in
            // The type may hold parentheses itself (`onChange(of: (Int, Int))`): it ends at the
            // `)` right before the fixed tail.
            guard let value = value(in: text, from: start, before: ") action tried to update multiple times per frame") else { return nil }
            return SwiftUIWarning(.updateMultipleTimesPerFrame, type: string(text, value))
        }, samples: [
            ("onChange(of: CGFloat) action tried to update multiple times per frame.", SwiftUIWarning(.updateMultipleTimesPerFrame, type: "CGFloat")),
            ("onChange(of: Optional<Int>) action tried to update multiple times per frame.", SwiftUIWarning(.updateMultipleTimesPerFrame, type: "Optional<Int>")),
        ]),
        Known(identifier: .updateMultipleTimesPerFrame, prefix: "Bound preference ", match: { text, start in
            guard let value = value(in: text, from: start, before: " tried to update multiple times per frame") else { return nil }
            return SwiftUIWarning(.updateMultipleTimesPerFrame, type: string(text, value))
        }, samples: [
            ("Bound preference SizeKey tried to update multiple times per frame.", SwiftUIWarning(.updateMultipleTimesPerFrame, type: "SizeKey")),
        ]),
        Known(identifier: .updateMultipleTimesPerFrame, prefix: "<", match: { text, start in
            // `<OnScrollGeometryChange Modifier> tried to update multiple times per frame.`
            guard let value = value(in: text, from: start, before: "> tried to update multiple times per frame") else { return nil }
            return SwiftUIWarning(.updateMultipleTimesPerFrame, type: string(text, value))
        }, samples: [
            ("<OnScrollGeometryChange Modifier> tried to update multiple times per frame.",
             SwiftUIWarning(.updateMultipleTimesPerFrame, type: "OnScrollGeometryChange Modifier")),
        ]),
        Known(identifier: .updateMultipleTimesPerFrame, prefix: "FocusedValue update", match: { text, _ in
            guard range(of: " tried to update multiple times per frame", in: text) != nil else { return nil }
            return SwiftUIWarning(.updateMultipleTimesPerFrame, type: "FocusedValue")
        }, samples: [
            ("FocusedValue update tried to update multiple times per frame.", SwiftUIWarning(.updateMultipleTimesPerFrame, type: "FocusedValue")),
        ]),
        Known(identifier: .updateMultipleTimesPerFrame, prefix: "Update ", match: { text, start in
            // `Update NavigationAuthority bound path tried to update multiple times per frame.`
            guard let value = value(in: text, from: start, before: " tried to update multiple times per frame") else { return nil }
            return SwiftUIWarning(.updateMultipleTimesPerFrame, type: string(text, value))
        }, samples: [
            ("Update NavigationAuthority bound path tried to update multiple times per frame.",
             SwiftUIWarning(.updateMultipleTimesPerFrame, type: "NavigationAuthority bound path")),
        ]),
        Known(identifier: .attributeGraphCycle, prefix: "=== AttributeGraph: cycle detected", match: { text, start in
            attributeCycle(text, after: start)
        }, samples: [
            ("=== AttributeGraph: cycle detected through attribute 123456 ===", SwiftUIWarning(.attributeGraphCycle, attribute: 123456)),
            // Without the attribute, and with the developer's note after the closing `===`.
            ("=== AttributeGraph: cycle detected ===                     ← ERROR IMMEDIATELY!", SwiftUIWarning(.attributeGraphCycle)),
            ("=== AttributeGraph: cycle detected through attribute 33496 === <- here", SwiftUIWarning(.attributeGraphCycle, attribute: 33496)),
        ]),
        Known(identifier: .attributeGraphCycle, prefix: "AttributeGraph: cycle detected", match: { text, start in
            attributeCycle(text, after: start)
        }, samples: [
            ("AttributeGraph: cycle detected through attribute 278848", SwiftUIWarning(.attributeGraphCycle, attribute: 278848)),
        ]),
        Known(identifier: .attributeGraphCycle, prefix: "cycle detected", match: { text, start in
            // The bare text, as pasted from Xcode's console without its `AttributeGraph:` lead:
            // nothing but an attribute, punctuation or decoration may follow.
            var cursor = ByteCursor(text, position: start)
            cursor.skipSpaces()
            let rest = UnsafeRawBufferPointer(rebasing: text[cursor.position...])
            if rest.isEmpty || !rest.contains(where: { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A && $0 < 0x80 }) {
                return SwiftUIWarning(.attributeGraphCycle)
            }
            guard hasPrefix(rest, "through attribute") else { return nil }
            return attributeCycle(text, after: cursor.position)
        }, samples: [
            ("cycle detected", SwiftUIWarning(.attributeGraphCycle)),
            ("cycle detected through attribute 42", SwiftUIWarning(.attributeGraphCycle, attribute: 42)),
        ]),
        Known(identifier: .duplicateForEachID, prefix: "ForEach<", match: { text, start in
            // The type's generic arguments hold spaces, commas, parentheses and `:`; it ends
            // where its angle brackets balance. The ID may hold anything: it ends at the fixed tail.
            guard let close = closingAngle(text, from: start - 1), let tail = range(of: " occurs multiple times within the collection", in: text)
            else { return nil }
            var cursor = ByteCursor(text, position: close + 1)
            guard cursor.skip(": the ID"), cursor.position <= tail.lowerBound else { return nil }
            return SwiftUIWarning(.duplicateForEachID, type: string(text, 0..<(close + 1)), elementID: repeatedID(text, cursor.position..<tail.lowerBound))
        }, samples: [
            ("ForEach<Array<Item>, String, ItemRow>: the ID abc occurs multiple times within the collection, this will give undefined results!",
             SwiftUIWarning(.duplicateForEachID, type: "ForEach<Array<Item>, String, ItemRow>", elementID: "abc")),
            // Elements whose ID is the empty string: SwiftUI prints nothing between `ID` and `occurs`.
            ("ForEach<Array<RichTextAction>, String, Button>: the ID occurs multiple times within the collection, this will give undefined results!",
             SwiftUIWarning(.duplicateForEachID, type: "ForEach<Array<RichTextAction>, String, Button>", elementID: "")),
        ]),
        Known(identifier: .forEachCountChanged, prefix: "ForEach<", match: { text, start in
            // `ForEach<…> count (6) != its initial count (0). …`: the type, then the fixed words.
            guard let close = closingAngle(text, from: start - 1) else { return nil }
            var cursor = ByteCursor(text, position: close + 1)
            guard cursor.skip(" count ("), range(of: " != its initial count (", in: text, from: cursor.position) != nil else { return nil }
            return SwiftUIWarning(.forEachCountChanged, type: string(text, 0..<(close + 1)))
        }, samples: [
            ("ForEach<Array<Item>, Int, ItemRow> count (6) != its initial count (0). `ForEach(_:content:)` should only be used for *constant* data. Instead conform data to `Identifiable` or use `ForEach(_:id:content:)` and provide an explicit `id`!",
             SwiftUIWarning(.forEachCountChanged, type: "ForEach<Array<Item>, Int, ItemRow>")),
        ]),
        Known(identifier: .duplicateForEachID, prefix: "Lazy", match: { text, start in
            // `LazyVStackLayout: the ID X is used by multiple child views, ...` (and the
            // HStack and grid layouts).
            guard let colon = range(of: ": the ID", in: text),
                  let tail = range(of: " is used by multiple child views", in: text, from: colon.upperBound)
            else { return nil }
            return SwiftUIWarning(.duplicateForEachID, type: string(text, 0..<colon.lowerBound), elementID: repeatedID(text, colon.upperBound..<tail.lowerBound))
        }, samples: [
            ("LazyVGridLayout: the ID 7 is used by multiple child views, this will give undefined results!",
             SwiftUIWarning(.duplicateForEachID, type: "LazyVGridLayout", elementID: "7")),
            ("LazyVStackLayout: the ID is used by multiple child views, this will give undefined results!",
             SwiftUIWarning(.duplicateForEachID, type: "LazyVStackLayout", elementID: "")),
        ]),
        Known(identifier: .stateObjectOutsideView, prefix: "Accessing StateObject", match: { text, start in
            wrapperOutsideView(text, wrapper: start, tail: "'s object without being installed on a View", as: .stateObjectOutsideView)
        }, samples: [
            ("Accessing StateObject's object without being installed on a View. This will create a new instance each time.",
             SwiftUIWarning(.stateObjectOutsideView)),
            ("Accessing StateObject<GymOccupancyViewModel>'s object without being installed on a View. This will create a new instance each time.",
             SwiftUIWarning(.stateObjectOutsideView, type: "GymOccupancyViewModel")),
        ]),
        Known(identifier: .environmentOutsideView, prefix: "Accessing Environment", match: { text, start in
            wrapperOutsideView(text, wrapper: start, tail: "'s value outside of being installed on a View", as: .environmentOutsideView)
        }, samples: [
            ("Accessing Environment<Bool>'s value outside of being installed on a View. This will always read the default value and will not update.",
             SwiftUIWarning(.environmentOutsideView, type: "Bool")),
            ("Accessing Environment's value outside of being installed on a View. This will always read the default value and will not update.",
             SwiftUIWarning(.environmentOutsideView)),
        ]),
        Known(identifier: .stateOutsideView, prefix: "Accessing State", match: { text, start in
            wrapperOutsideView(text, wrapper: start, tail: "'s value outside of being installed on a View", as: .stateOutsideView)
        }, samples: [
            ("Accessing State's value outside of being installed on a View. This will result in a constant Binding of the initial value and will not update.",
             SwiftUIWarning(.stateOutsideView)),
            ("Accessing State<Bool>'s value outside of being installed on a View. This will result in a constant Binding of the initial value and will not update.",
             SwiftUIWarning(.stateOutsideView, type: "Bool")),
        ]),
        Known(identifier: .missingNavigationDestination, prefix: "A NavigationLink is presenting a value of type ", match: { text, start in
            guard let value = value(in: text, from: start, before: " but there is no matching navigationDestination") else { return nil }
            return SwiftUIWarning(.missingNavigationDestination, type: unquoted(text, value))
        }, samples: [
            ("A NavigationLink is presenting a value of type “Route” but there is no matching navigationDestination declaration visible from the location of the link. The link cannot be activated.",
             SwiftUIWarning(.missingNavigationDestination, type: "Route")),
            ("A NavigationLink is presenting a value of type \"Int\" but there is no matching navigationDestination declaration visible from the location of the link. The link cannot be activated.",
             SwiftUIWarning(.missingNavigationDestination, type: "Int")),
        ]),
        Known(identifier: .navigationLinkOutsideStack, prefix: "NavigationLink presenting a value must appear inside", match: { _, _ in
            SwiftUIWarning(.navigationLinkOutsideStack)
        }, samples: [
            ("NavigationLink presenting a value must appear inside a NavigationContent-based NavigationView. Link will be disabled.",
             SwiftUIWarning(.navigationLinkOutsideStack)),
        ]),
    ]

    /// The ID a duplicate-ID warning repeats: what stands between `the ID` and the fixed tail,
    /// without the space after `ID`; empty (not nil) when SwiftUI printed an empty ID, as it
    /// does for elements whose ID is the empty string.
    private static func repeatedID(_ text: UnsafeRawBufferPointer, _ range: Range<Int>) -> String {
        guard !range.isEmpty else { return "" }
        let start = text[range.lowerBound] == 0x20 ? range.lowerBound + 1 : range.lowerBound
        return string(text, start..<range.upperBound) ?? ""
    }

    /// The range of the value that starts at `start` (where the prefix ends) and ends where
    /// `tail` first follows; empty when the text leaves the value out, nil when no tail follows.
    /// The search starts on the prefix's last byte: a prefix and a tail that both hold the space
    /// between them (`Bound preference ` and ` tried to update …`) share it when nothing stands
    /// between, and a tail found there must not end the value before it begins.
    private static func value(in text: UnsafeRawBufferPointer, from start: Int, before tail: StaticString) -> Range<Int>? {
        guard let found = range(of: tail, in: text, from: max(start - 1, 0)) else { return nil }
        return start..<max(start, found.lowerBound)
    }

    /// ` through attribute 123456 ===` after `cycle detected`, the attribute or the words
    /// missing (` ===`): the attribute. What follows is the developer's (`← here`), or nothing.
    private static func attributeCycle(_ text: UnsafeRawBufferPointer, after start: Int) -> SwiftUIWarning? {
        var cursor = ByteCursor(text, position: start)
        cursor.skipSpaces()
        guard cursor.skip("through attribute") else { return SwiftUIWarning(.attributeGraphCycle) }
        cursor.skipSpaces()
        return SwiftUIWarning(.attributeGraphCycle, attribute: cursor.readInt())
    }

    /// `StateObject's …` or `StateObject<Model>'s …`: the value type when printed.
    private static func wrapperOutsideView(
        _ text: UnsafeRawBufferPointer, wrapper end: Int, tail: StaticString, as identifier: Identifier
    ) -> SwiftUIWarning? {
        guard let tail = range(of: tail, in: text, from: end) else { return nil }
        if tail.lowerBound == end { return SwiftUIWarning(identifier) }
        guard text[end] == UInt8(ascii: "<"), closingAngle(text, from: end) == tail.lowerBound - 1 else { return nil }
        return SwiftUIWarning(identifier, type: string(text, (end + 1)..<(tail.lowerBound - 1)))
    }

    /// The index of the `>` that closes the `<` at `open`.
    private static func closingAngle(_ text: UnsafeRawBufferPointer, from open: Int) -> Int? {
        var depth = 0
        var index = open
        while index < text.count {
            switch text[index] {
            case UInt8(ascii: "<"): depth += 1
            case UInt8(ascii: ">"):
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
            index += 1
        }
        return nil
    }

    /// The bytes of `range` without the quotes around them (“ ” or ").
    private static func unquoted(_ text: UnsafeRawBufferPointer, _ range: Range<Int>) -> String? {
        var range = range
        for quote in ["\u{201C}", "\""] as [StaticString] where hasPrefix(UnsafeRawBufferPointer(rebasing: text[range]), quote) {
            range = (range.lowerBound + quote.utf8CodeUnitCount)..<range.upperBound
            break
        }
        for quote in ["\u{201D}", "\""] as [StaticString] {
            let count = quote.utf8CodeUnitCount
            guard range.count >= count else { continue }
            let end = UnsafeRawBufferPointer(rebasing: text[(range.upperBound - count)..<range.upperBound])
            if hasPrefix(end, quote) {
                range = range.lowerBound..<(range.upperBound - count)
                break
            }
        }
        return string(text, range)
    }
}
