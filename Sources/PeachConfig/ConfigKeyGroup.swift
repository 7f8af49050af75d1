/// Keys a discipline's folder contributes to the schema, where they stand in the file, and the rules that bind
/// them.
public struct ConfigKeyGroup: Sendable {
    /// Where a group stands in the file, the Settings screen and the man page.
    public enum Placement: Sendable {
        /// First in its section, or in a section of its own after [training].
        case ownSection
        /// Right after this key (a core key or one contributed before), or right before it.
        case after(ConfigKey)
        case before(ConfigKey)

        var anchor: ConfigKey? {
            switch self {
            case .ownSection: nil
            case .after(let key), .before(let key): key
            }
        }
    }

    public let keys: [ConfigKey]
    public let placement: Placement
    public let pairs: [ConfigKeyPair]

    public init(keys: [ConfigKey], placement: Placement = .ownSection, pairs: [ConfigKeyPair] = []) {
        precondition(placement.anchor.map { anchor in keys.allSatisfy { $0.section == anchor.section } } ?? true,
                     "keys placed beside a key stand in its section")
        self.keys = keys
        self.placement = placement
        self.pairs = pairs
    }
}
