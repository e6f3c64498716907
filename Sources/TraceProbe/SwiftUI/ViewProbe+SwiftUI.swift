#if canImport(SwiftUI)
import SwiftUI

/// The SwiftUI face of the probe: one call in `body` measures it and reports appear and
/// disappear. Everything it does is `ViewProbe`'s, which is plain Swift and tested on Linux;
/// this file only wires it to SwiftUI, and is type-checked there against a stand-in.
extension ViewProbe {
    /// The body built by `content`, measured, with this token's onAppear/onDisappear reported.
    ///
    /// ```swift
    /// var body: some View {
    ///     probe { List(items) { Row(item: $0) } }
    /// }
    /// ```
    @MainActor
    public func callAsFunction<Content: View>(@ViewBuilder _ content: () -> Content) -> some View {
        body(content).probeLifecycle(self)
    }
}

extension View {
    /// Reports this view's onAppear and onDisappear as `probe`'s.
    ///
    /// Nonisolated, as `onAppear` and `onDisappear` are: a `body` declared in an extension apart
    /// from the `View` conformance is not inferred to be on the main actor, and must be able to
    /// call it.
    nonisolated public func probeLifecycle(_ probe: ViewProbe) -> some View {
        onAppear { probe.contentAppeared() }
            .onDisappear { probe.contentDisappeared() }
    }

    /// Ends the body that `probe.bodyBegins()` opened, and reports this view's onAppear and
    /// onDisappear as `probe`'s: what `trace-analyze instrument` puts after a body's last
    /// expression, so that its end is one `#if DEBUG` block. The body's last expression is
    /// evaluated by then; only the result builder's joining of its parts follows.
    nonisolated public func probeBodyEnds(_ probe: ViewProbe) -> some View {
        probe.bodyEnds()
        return probeLifecycle(probe)
    }
}
#endif
