/// The Composable Architecture's debug line for a `WithViewStore`, printed from its body each
/// time it is evaluated under `._printChanges()` (`.debug()` in older releases):
/// `WithViewStore<LoginView.ViewState, LoginView.ViewAction, _>@LoginSwiftUI/LoginView.swift:44 (Changed state)`.
///
/// The view is the file the `WithViewStore` stands in (`LoginView`): the generic arguments name
/// only its state and action types. The state dump on the indented lines after it stays text.
/// Only the default form is read, which starts the line: a custom prefix (`Login: WithViewStore<…`)
/// would cost a search on every text line for a format few logs hold.
enum ViewStoreDebugLine {
    private static let marker: StaticString = "WithViewStore<"

    /// The range of the view's name (the file's name without its extension), or nil when
    /// `message` is not such a line.
    static func parse(_ message: UnsafeRawBufferPointer) -> Range<Int>? {
        let markerEnd = marker.utf8CodeUnitCount
        // The first byte turns nearly every line away.
        guard message.count > markerEnd + 4, message[0] == UInt8(ascii: "W"),
              LifecycleWords.equals(UnsafeRawBufferPointer(rebasing: message[0..<markerEnd]), marker)
        else { return nil }
        return viewAfterArguments(message, from: markerEnd)
    }

    /// `…>@Module/File.swift:44`: the generic arguments to their closing `>`, then the file's name.
    @inline(never)
    private static func viewAfterArguments(_ message: UnsafeRawBufferPointer, from start: Int) -> Range<Int>? {
        var depth = 1
        var index = start
        while index < message.count, depth > 0 {
            if message[index] == UInt8(ascii: "<") {
                depth += 1
            } else if message[index] == UInt8(ascii: ">") {
                depth -= 1
            }
            index += 1
        }
        guard depth == 0, index < message.count, message[index] == UInt8(ascii: "@") else { return nil }
        let pathStart = index + 1
        var colon = pathStart
        while colon < message.count, message[colon] != UInt8(ascii: ":"), message[colon] != 0x20 { colon += 1 }
        guard colon + 1 < message.count, message[colon] == UInt8(ascii: ":"), LifecycleTokenizer.isDigit(message[colon + 1]) else {
            return nil
        }
        var nameStart = colon
        while nameStart > pathStart, message[nameStart - 1] != UInt8(ascii: "/") { nameStart -= 1 }
        let nameEnd = message[nameStart..<colon].lastIndex(of: UInt8(ascii: ".")) ?? colon
        guard nameStart < nameEnd, LifecycleTokenizer.isIdentifier(UnsafeRawBufferPointer(rebasing: message[nameStart..<nameEnd])) else {
            return nil
        }
        return nameStart..<nameEnd
    }
}
