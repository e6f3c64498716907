import Foundation

// The types of the simulated apps: their names are what the lines carry.
struct ContentView {}
struct PlayButton {}
final class DataModel {}
struct MyRootView {}
struct FirstView {}
struct SecondView {}
struct ThirdView {}
final class FirstCoordinator {}
final class SecondCoordinator {}
final class ThirdCoordinator {}
struct CounterView {}
struct CountLabel {}
struct FeedView {}
struct PostRow {}
struct RecipeList {}
struct RecipeDetail {}

/// The seed articles' scenarios and healthy ones, played on `SimulatedSwiftUI`.
enum Scenario: String, CaseIterable {
    /// Seed 001: a Toggle hides and shows `PlayButton` (`if showPlayButton`); its `@State`
    /// resets each time it comes back.
    case toggleResets = "toggle-resets"
    /// Seed 001 (DataModel): `@State var model = DataModel()` is made again on every update of
    /// the parent and thrown away; SwiftUI keeps the first.
    case stateModelRecreation = "state-model-recreation"
    /// Seed 004: NavigationLink destinations (and their coordinators) made with the list,
    /// long before anyone opens them, one of them never.
    case eagerDestinations = "eager-destinations"
    /// Healthy: a counter whose label is made again on each update and evaluated each time.
    case healthyCounter = "healthy-counter"
    /// Healthy: a feed whose rows appear once and whose bodies are fast.
    case healthyFeed = "healthy-feed"
    /// Healthy: a detail screen pushed, popped and pushed again (value-based navigation): each
    /// push starts fresh by design, which is no identity churn.
    case healthyNavigation = "healthy-navigation"
    /// `ForEach(posts.map { Post(id: UUID(), …) })`: every update of the feed gives each row a
    /// new id, so SwiftUI drops the rows' state and makes it again.
    case rowsWithNewIDs = "rows-with-new-ids"
    /// A feed whose rows are slow to build (1.8 ms each time): Instruments' red.
    case slowFeed = "slow-feed"

    /// The log the app writes, with the probe or without it.
    func log(probe: Bool, keepsPrintChanges: Bool = false) -> String {
        let app = SimulatedSwiftUI(probe: probe, keepsPrintChanges: keepsPrintChanges)
        play(on: app)
        app.end()
        return app.log
    }

    private func play(on app: SimulatedSwiftUI) {
        switch self {
        case .toggleResets:
            app.child(ContentView.self, at: "root")
            app.child(PlayButton.self, at: "root/play")
            app.body(PlayButton.self, at: "root/play", changes: "_isPlaying", ms: 0.04)
            for _ in 0..<2 {
                app.wait(seconds: 1)
                app.body(ContentView.self, at: "root", changes: "_showPlayButton", ms: 0.1)
                app.remove(PlayButton.self, at: "root/play")
                app.wait(seconds: 1)
                app.body(ContentView.self, at: "root", changes: "_showPlayButton", ms: 0.1)
                app.child(PlayButton.self, at: "root/play")
                app.body(PlayButton.self, at: "root/play", changes: "_isPlaying", ms: 0.04)
            }
        case .stateModelRecreation:
            app.child(ContentView.self, at: "root")
            app.child(PlayButton.self, at: "root/play", model: (DataModel.self, 2.5))
            for _ in 0..<5 {
                app.wait(seconds: 1)
                app.body(ContentView.self, at: "root", changes: "_count", ms: 0.1)
                app.child(PlayButton.self, at: "root/play", model: (DataModel.self, 2.5), changes: nil)
            }
        case .eagerDestinations:
            app.child(MyRootView.self, at: "root")
            app.hold(FirstView.self, at: "root/1", model: (FirstCoordinator.self, 0.8))
            app.hold(SecondView.self, at: "root/2", model: (SecondCoordinator.self, 0.8))
            app.hold(ThirdView.self, at: "root/3", model: (ThirdCoordinator.self, 0.8))
            app.wait(seconds: 17)
            app.navigate(to: FirstView.self, at: "root/1")
            app.wait(seconds: 3)
            app.remove(FirstView.self, at: "root/1", model: FirstCoordinator.self)
            app.appear(MyRootView.self, at: "root")
            app.wait(seconds: 2)
            app.navigate(to: SecondView.self, at: "root/2")
            app.wait(seconds: 3)
            app.remove(SecondView.self, at: "root/2", model: SecondCoordinator.self)
            app.appear(MyRootView.self, at: "root")
        case .healthyCounter:
            app.child(CounterView.self, at: "root")
            app.child(CountLabel.self, at: "root/label")
            for _ in 0..<6 {
                app.wait(seconds: 0.8)
                app.body(CounterView.self, at: "root", changes: "_count", ms: 0.08)
                app.child(CountLabel.self, at: "root/label", changes: "@self", bodyMs: 0.03)
            }
        case .healthyNavigation:
            app.child(RecipeList.self, at: "root", bodyMs: 0.2)
            for _ in 0..<3 {
                app.wait(seconds: 2)
                app.push(RecipeDetail.self, at: "root/detail", bodyMs: 0.3)
                app.wait(seconds: 4)
                app.remove(RecipeDetail.self, at: "root/detail")
            }
        case .rowsWithNewIDs:
            app.child(FeedView.self, at: "root", bodyMs: 0.3)
            for row in 0..<3 { app.child(PostRow.self, at: "root/0/\(row)", bodyMs: 0.1) }
            for update in 1...2 {
                app.wait(seconds: 1)
                app.body(FeedView.self, at: "root", changes: "_posts", ms: 0.3)
                for row in 0..<3 {
                    app.remove(PostRow.self, at: "root/\(update - 1)/\(row)")
                    app.child(PostRow.self, at: "root/\(update)/\(row)", bodyMs: 0.1)
                }
            }
        case .healthyFeed, .slowFeed:
            let rowMs = self == .slowFeed ? 1.8 : 0.12
            app.child(FeedView.self, at: "root", bodyMs: 0.3)
            for row in 0..<4 { app.child(PostRow.self, at: "root/\(row)", bodyMs: rowMs) }
            app.wait(seconds: 2)
            app.body(FeedView.self, at: "root", changes: "_posts", ms: 0.3)
            for row in 0..<4 { app.child(PostRow.self, at: "root/\(row)", changes: nil) }
        }
    }
}
