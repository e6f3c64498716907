import Testing
import TraceModel

/// What the heuristic made of a message: kind, view, owner, instance.
struct Lifecycle: Equatable, CustomStringConvertible {
    var kind: EventKind
    var view: String
    var owner: String?
    var instance: String?

    init(_ kind: EventKind, _ view: String, owner: String? = nil, instance: String? = nil) {
        self.kind = kind
        self.view = view
        self.owner = owner
        self.instance = instance
    }

    var description: String { "\(kind) \(view) owner=\(owner ?? "nil") instance=\(instance ?? "nil")" }
}

func parseLifecycle(_ text: String) -> Lifecycle? {
    Array(text.utf8).withUnsafeBytes { bytes in
        LifecycleMessage.parse(bytes).map { parsed in
            func string(_ range: Range<Int>) -> String { String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
            return Lifecycle(parsed.kind, string(parsed.view), owner: parsed.owner.map(string), instance: parsed.instance.map(string))
        }
    }
}

@Suite struct LifecycleMessageTests {
    @Test(arguments: [
        // The seeds' spellings.
        ("FirstView init", Lifecycle(.`init`, "FirstView")),
        ("1️⃣ FirstCoordinator init 🟢", Lifecycle(.`init`, "FirstCoordinator")),
        ("1️⃣ FirstCoordinator deinit 🔴", Lifecycle(.`deinit`, "FirstCoordinator")),
        ("---------1️⃣ FirstView appear-------", Lifecycle(.appear, "FirstView")),
        ("---------3️⃣ ThirdView disappear-------", Lifecycle(.disappear, "ThirdView")),
        ("🚩 MyRootView appear", Lifecycle(.appear, "MyRootView")),
        ("PlayButton DataModel init", Lifecycle(.`init`, "DataModel", owner: "PlayButton")),
        ("PlayButton DataModel deinit", Lifecycle(.`deinit`, "DataModel", owner: "PlayButton")),
        ("subview1 body update", Lifecycle(.body, "subview1")),
        ("subview2 init", Lifecycle(.`init`, "subview2")),
        ("outer evaluate", Lifecycle(.body, "outer")),
        ("helper layout", Lifecycle(.layout, "helper")),
        ("helper onAppear", Lifecycle(.appear, "helper")),
        ("root update", Lifecycle(.body, "root")),
        ("tab 1 appear", Lifecycle(.appear, "tab", instance: "1")),
        ("tab 2 disappear", Lifecycle(.disappear, "tab", instance: "2")),
        // A number alone after an appear word names the row too; after a body word it counts.
        ("RowView onAppear 1", Lifecycle(.appear, "RowView", instance: "1")),
        ("RowView onDisappear 12", Lifecycle(.disappear, "RowView", instance: "12")),
        ("RowView init 3", Lifecycle(.`init`, "RowView")),
        ("1 appear", Lifecycle(.appear, "1")),
        ("2 disappear", Lifecycle(.disappear, "2")),
        ("42 onAppear", Lifecycle(.appear, "42")),
        // Other common spellings.
        ("ContentView init()", Lifecycle(.`init`, "ContentView")),
        ("ViewModel.init", Lifecycle(.`init`, "ViewModel")),
        ("ViewModel.init()", Lifecycle(.`init`, "ViewModel")),
        ("CategoryList.Container.deinit", Lifecycle(.`deinit`, "CategoryList.Container")),
        (">>> Card.body: 60", Lifecycle(.body, "Card")),
        ("Card.body", Lifecycle(.body, "Card")),
        ("ContentView.onAppear()", Lifecycle(.appear, "ContentView")),
        ("ContentView initialized", Lifecycle(.`init`, "ContentView")),
        ("ContentView initialised", Lifecycle(.`init`, "ContentView")),
        ("ContentView deinitialized", Lifecycle(.`deinit`, "ContentView")),
        ("ContentView appeared", Lifecycle(.appear, "ContentView")),
        ("ContentView disappeared", Lifecycle(.disappear, "ContentView")),
        ("ContentView onDisappear", Lifecycle(.disappear, "ContentView")),
        ("ContentView body", Lifecycle(.body, "ContentView")),
        ("ContentView body evaluated", Lifecycle(.body, "ContentView")),
        ("ContentView evaluated", Lifecycle(.body, "ContentView")),
        ("ContentView task", Lifecycle(.task, "ContentView")),
        ("ContentView .task", Lifecycle(.task, "ContentView")),
        ("ContentView layout", Lifecycle(.layout, "ContentView")),
        ("ContentView: init", Lifecycle(.`init`, "ContentView")),
        ("[ContentView] onAppear called", Lifecycle(.appear, "ContentView")),
        ("ContentView INIT", Lifecycle(.`init`, "ContentView")),
        ("deinit ContentView", Lifecycle(.`deinit`, "ContentView")),
        ("onAppear: ContentView", Lifecycle(.appear, "ContentView")),
        ("BaseGraphView<WeekSectionViewModel> init", Lifecycle(.`init`, "BaseGraphView<WeekSectionViewModel>")),
        // Instances.
        ("DataModel init 0x0000600000c435d0", Lifecycle(.`init`, "DataModel", instance: "0x0000600000c435d0")),
        ("<DataModel: 0x600003a0c000> deinit", Lifecycle(.`deinit`, "DataModel", instance: "0x600003a0c000")),
        ("DetailView #3 init", Lifecycle(.`init`, "DetailView", instance: "#3")),
        ("DetailView init id=42", Lifecycle(.`init`, "DetailView", instance: "42")),
        ("DetailView init (id: A1)", Lifecycle(.`init`, "DetailView", instance: "A1")),
        ("DetailView E621E1F8-C36C-495A-93FC-0C247A3E6E5F onAppear", Lifecycle(.appear, "DetailView", instance: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")),
        ("3 ContentView init", Lifecycle(.`init`, "ContentView")),
        ("Feed Row 7 init", Lifecycle(.`init`, "Row", owner: "Feed", instance: "7")),
    ])
    func recognisesLifecyclePrints(line: String, expected: Lifecycle) {
        #expect(parseLifecycle(line) == expected, "\(line)")
    }

    /// Prose, data and seed lines that name no view must stay text.
    @Test(arguments: [
        "Failed to initialize the cache",
        "reinitialize the cache",
        "initial appearance",
        "Appearance settings loaded",
        "init",
        "deinit",
        "body",
        "load data 1",
        "will appear(render)",
        "Evaluating View Declaration Value",
        "View did appear",
        "The view will appear",
        "Please update",
        "Check for update",
        "Starting layout",
        "task: 3",
        "appear: 0",
        "hello world",
        "count = 3",
        "user_id=7 init",
        "https://example.com/init",
        "Self.init",
        "body update",
        "ContentView Update",
        "ContentView Task",
        "A B C D init",
        "DataModel address: 0x0000600000c435d0",
        "2024-01-01 init done",
        "\"eventMessage\" : \"ListView onAppear\",",
        "screen = Home init",
        String(repeating: "x", count: 200) + " init",
    ])
    func leavesProseAlone(line: String) {
        #expect(parseLifecycle(line) == nil, "\(line) → \(String(describing: parseLifecycle(line)))")
    }

    @Test func addressLines() {
        func parse(_ text: String) -> (String, String)? {
            Array(text.utf8).withUnsafeBytes { bytes in
                AddressLine.parse(bytes).map {
                    (String(decoding: UnsafeRawBufferPointer(rebasing: bytes[$0.view]), as: UTF8.self),
                     String(decoding: UnsafeRawBufferPointer(rebasing: bytes[$0.address]), as: UTF8.self))
                }
            }
        }
        #expect(parse("DataModel address: 0x0000600000c435d0")! == ("DataModel", "0x0000600000c435d0"))
        #expect(parse("🟢 DataModel addr = 0x60000") ?? ("", "") == ("DataModel", "0x60000"))
        #expect(parse("DataModel address: unknown") == nil)
        #expect(parse("The address: 0x1234 is bad") == nil)
    }
}
