// Presentation modifiers the rules' Swift pairs use, with SwiftUI's signatures (iOS 18 / macOS 15
// SDK). For type-checking only: the renderer presents nothing.

extension View {
    nonisolated public func sheet<Content: View>(isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content) -> some View { self }
}
