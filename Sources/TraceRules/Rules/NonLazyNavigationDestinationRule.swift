import TraceModel

/// Destination views built together when a list or navigation root appears, long before use.
public enum NonLazyNavigationDestinationRule: Rule {
    static let minDestinations = Threshold.count(
        "min_destinations", default: 2, "Distinct view types initialised together that appear much later or never.")
    static let minDelaySeconds = Threshold.duration(
        "min_delay_seconds", default: 1,
        "Seconds between a destination's init and its appear that count as much later; inits this long after the root's appear are no longer part of its burst.")

    public static let description = RuleDescription(
        identifier: "non_lazy_navigation_destination",
        title: "Non-lazy navigation destination",
        defaultSeverity: .warning,
        summary: "Several destination views are initialised in one burst as a list or navigation root appears, long before (or without) being shown.",
        rationale: """
            `NavigationLink(destination:)` takes a view value, so SwiftUI builds every \
            destination as soon as the link's parent body runs: a list of 100 links builds 100 \
            destination views, with whatever their inits and stored properties create, before \
            the user taps anything. The rule looks for two or more view types initialised in one \
            burst right after a root's appear or body, which are shown (their own appear or body) \
            only after the root appeared again, at least `min_delay_seconds` later, or never; or \
            for as many values of one type (a list of links to one detail), first shown only that \
            late (never shown, they could be rows that print only their init). A warning: wasted \
            work and memory that grow with the list, not a wrong result.
            """,
        fix: """
            Use value-based navigation (`NavigationLink(value:)` with `.navigationDestination(for:)`), \
            which builds the destination when it is pushed, or wrap destinations in a lazy \
            wrapper (`LazyView { Destination() }`) on older systems; keep destination inits light.
            """,
        swiftFix: [
            SwiftPair(
                note: "`NavigationLink(destination:)` takes the destination as a view value, so each row makes its `CityDetailView` (and whatever its init makes) when the row is built, before any tap. `NavigationLink(value:)` with one `.navigationDestination(for:)` builds the destination when the link is activated.",
                before: #"""
                    import SwiftUI

                    struct City: Identifiable, Hashable {
                        let id: Int
                        let name: String
                    }

                    struct CityDetailView: View {
                        let city: City

                        var body: some View {
                            Text(city.name).font(.headline)
                        }
                    }

                    struct CitiesView: View {
                        let cities: [City]

                        var body: some View {
                            NavigationStack {
                                List {
                                    ForEach(cities) { city in
                                        // The destination is a view value: each row makes its CityDetailView when the row is built, before any tap.
                                        NavigationLink(destination: CityDetailView(city: city)) {
                                            Text(city.name)
                                        }
                                    }
                                }
                            }
                        }
                    }
                    """#,
                after: #"""
                    import SwiftUI

                    struct City: Identifiable, Hashable {
                        let id: Int
                        let name: String
                    }

                    struct CityDetailView: View {
                        let city: City

                        var body: some View {
                            Text(city.name).font(.headline)
                        }
                    }

                    struct CitiesView: View {
                        let cities: [City]

                        var body: some View {
                            NavigationStack {
                                List {
                                    ForEach(cities) { city in
                                        // A value: the destination is built when the link is activated.
                                        NavigationLink(city.name, value: city)
                                    }
                                }
                                .navigationDestination(for: City.self) { city in
                                    CityDetailView(city: city)
                                }
                            }
                        }
                    }
                    """#,
                lintRules: ["eager_navigation_destination"]
            ),
        ],
        seed: "004 (all three destinations and their coordinators initialised at `MyRootView appear`)",
        thresholds: [minDestinations, minDelaySeconds],
        triggeringExamples: [
            Example(note: "Seed 004: the destinations are built with the list; the coordinators they make are not counted as views.", """
                ↓2020-03-23 01:10:46.546218+0800 App[76375:18919854] 🚩 MyRootView appear
                2020-03-23 01:10:46.553204+0800 App[76375:18919854] 1️⃣ FirstCoordinator init 🟢
                ↓2020-03-23 01:10:46.553234+0800 App[76375:18919854] 1️⃣ FirstView init 🟢
                2020-03-23 01:10:46.558073+0800 App[76375:18919854] 2️⃣ SecondCoordinator init 🟢
                ↓2020-03-23 01:10:46.558104+0800 App[76375:18919854] 2️⃣ SecondView init 🟢
                2020-03-23 01:11:03.746197+0800 App[76375:18919854] ---------1️⃣ FirstView appear-------
                2020-03-23 01:11:06.641696+0800 App[76375:18919854] 🚩 MyRootView appear
                2020-03-23 01:11:08.618983+0800 App[76375:18919854] ---------2️⃣ SecondView appear-------
                """),
            Example(note: "A list of links to one detail type: a value per row, built as the list appears, the first shown 12 s later.", """
                ↓2024-05-01 10:00:00.000000+0000 App[1:2] OrdersList appear
                ↓2024-05-01 10:00:00.001000+0000 App[1:2] OrderDetail init
                ↓2024-05-01 10:00:00.002000+0000 App[1:2] OrderDetail init
                ↓2024-05-01 10:00:00.003000+0000 App[1:2] OrderDetail init
                2024-05-01 10:00:12.500000+0000 App[1:2] OrderDetail appear
                """),
            Example(note: "Without timestamps: the destinations appear only after the root appeared again, or never.", """
                ↓MenuView: @self, @identity changed.
                ↓SettingsView init
                ↓ProfileView init
                ↓AboutView init
                MenuView appear
                SettingsView appear
                MenuView appear
                ProfileView appear
                """),
        ],
        nonTriggeringExamples: [
            Example(note: "Seed 004 with LazyView: each destination is built when it is opened.", """
                2020-03-23 01:32:12.577138+0800 App[76407:18927258] 🚩 MyRootView appear
                2020-03-23 01:32:26.788288+0800 App[76407:18927258] 1️⃣ FirstCoordinator init 🟢
                2020-03-23 01:32:26.788380+0800 App[76407:18927258] 1️⃣ FirstView init 🟢
                2020-03-23 01:32:26.811396+0800 App[76407:18927258] ---------1️⃣ FirstView appear-------
                2020-03-23 01:32:57.753106+0800 App[76407:18927258] 🚩 MyRootView appear
                2020-03-23 01:32:57.969867+0800 App[76407:18927258] ---------1️⃣ FirstView disappear-------
                2020-03-23 01:33:00.826847+0800 App[76407:18927258] 2️⃣ SecondCoordinator init 🟢
                2020-03-23 01:33:00.826983+0800 App[76407:18927258] 2️⃣ SecondView init 🟢
                2020-03-23 01:33:00.850590+0800 App[76407:18927258] ---------2️⃣ SecondView appear-------
                """),
            Example(note: "A TabView's tab not selected is a child kept off screen, its body evaluated: its values made again with the parent are no destination.", """
                HomeView body
                FeedTab init
                SearchTab init
                SettingsView init
                FeedTab body
                SearchTab body
                HomeView appear
                FeedTab appear
                HomeView body
                FeedTab init
                SearchTab init
                SettingsView init
                """),
            Example(note: "Rows of one type, each shown as it is built: no destination.", """
                2024-05-01 10:00:00.000000+0000 App[1:2] OrdersList appear
                2024-05-01 10:00:00.001000+0000 App[1:2] OrderRow init
                2024-05-01 10:00:00.002000+0000 App[1:2] OrderRow init
                2024-05-01 10:00:00.003000+0000 App[1:2] OrderRow appear
                2024-05-01 10:00:00.004000+0000 App[1:2] OrderRow appear
                """),
            Example(note: "Values of one type never shown: rows that print only their init look the same, so the log cannot tell.", """
                OrdersList appear
                OrderRow init
                OrderRow init
                OrderRow init
                """),
            Example(note: "Children built with their parent and shown right away.", """
                2024-05-01 10:00:00.000000+0000 App[1:2] ContentView appear
                2024-05-01 10:00:00.001000+0000 App[1:2] HeaderView init
                2024-05-01 10:00:00.001100+0000 App[1:2] FooterView init
                2024-05-01 10:00:00.030000+0000 App[1:2] HeaderView appear
                2024-05-01 10:00:00.030100+0000 App[1:2] FooterView appear
                """),
            Example(note: "Children whose bodies run at once are on screen, appear lines or not.", """
                ContentView: @self, @identity changed.
                HeaderView init
                FooterView init
                HeaderView: @self, @identity changed.
                FooterView: @self, @identity changed.
                """),
            Example(note: "One destination per appear of the root: never two in one burst.", """
                MenuView appear
                SettingsView init
                MenuView appear
                ProfileView init
                MenuView appear
                SettingsView appear
                ProfileView appear
                """),
        ]
    )

    public static func detector(_ context: RuleContext) -> any Detector {
        LateDestinations(
            minDestinations: context.thresholds.count(minDestinations),
            minDelay: context.thresholds[minDelaySeconds]
        )
    }
}
