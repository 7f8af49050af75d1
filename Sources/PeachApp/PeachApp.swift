import PeachCore

/// The composition root: wires ports to adapters. Filled in by the app issue.
public enum PeachApp {
    public static let version = "0.1.0"

    public static func main(arguments: [String]) async -> Int32 {
        print("peach \(version)")
        return 0
    }
}
