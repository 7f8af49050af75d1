/// Two keys that are only valid together: the first not above the second (lowest ≤ highest), or the two different.
/// The schema holds the core's pairs and the ones a discipline's folder declares with its keys.
public struct ConfigKeyPair: Hashable, Sendable {
    public enum Rule: Hashable, Sendable { case notAbove, different }
    public let first: ConfigKey
    public let second: ConfigKey
    public let rule: Rule

    public init(first: ConfigKey, second: ConfigKey, rule: Rule) {
        self.first = first
        self.second = second
        self.rule = rule
    }

    public func holds(_ a: ConfigValue, _ b: ConfigValue) -> Bool {
        switch rule {
        case .different: return a != b || a == .note(nil)
        case .notAbove:
            if let x = a.decimalValue, let y = b.decimalValue { return x <= y }
            if case .note(let x?) = a, case .note(let y?) = b { return x <= y }
            return true
        }
    }

    public func involves(_ key: ConfigKey) -> Bool { first == key || second == key }
}
