// docs/exact-mode.md's "a few lines per view or model", compiled against the probe and the stand-ins
// by `SwiftUILayerTypeCheckTests`: the documented usage cannot drift from the API.
import SwiftUI
import TraceProbe

struct PlayButton: View {
    @State private var probe = ViewProbe(PlayButton.self)
    @State private var model = DataModel()

    var body: some View {
        probe {
            Text(model.isPlaying ? "Pause" : "Play")
        }
    }
}

struct Row: View {
    @State private var probe: ViewProbe

    init(title: String) {
        let started = ProbeClock.now()
        _probe = State(wrappedValue: ViewProbe(Row.self, initStarted: started))
    }

    var body: some View {
        probe.body { Text("row") }.probeLifecycle(probe)
    }
}

final class DataModel {
    private let probe = ModelProbe(DataModel.self, owner: "PlayButton")
    var isPlaying = false
    init() { probe.ready() }
    deinit { probe.deinitializing() }
}

@MainActor func launch() {
    if !TraceProbe.isEnabled { TraceProbe.start(sink: .standardOutput) }
    if #available(macOS 11.0, iOS 14.0, *) { TraceProbe.start(sink: .logger(subsystem: "com.example.app")) }
}
