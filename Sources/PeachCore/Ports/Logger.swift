/// Where the core reports what it cannot show as a result (failures it recovers from).
public protocol PeachLogger: Sendable {
    func log(_ level: LogLevel, _ message: String)
}

public enum LogLevel: String, Sendable, Comparable, CaseIterable {
    case debug, info, warning, error

    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// Discards everything; for tests and tools that do not care.
public struct SilentLogger: PeachLogger {
    public init() {}
    public func log(_ level: LogLevel, _ message: String) {}
}
