import PeachText

/// What kind of trial a record is: its discipline's stable name (the log's tag, the JSON's `kind`).
/// Open: each discipline defines its own (`DisciplineKind.comparison` is the comparison discipline's), so
/// a new discipline adds a kind without touching this file. Two kinds are equal when their raw values are.
public struct DisciplineKind: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: String
    /// The kind as a person reads it in a sentence: "comparison", "pitch matching".
    public let name: String

    public init(rawValue: String) { self.init(rawValue, name: rawValue) }

    public init(_ rawValue: String, name: String) {
        self.rawValue = rawValue
        self.name = name
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.rawValue == rhs.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { rawValue }

    /// `name` in the user's language: the catalog's "kind.<rawValue>" where a translation of it exists (a
    /// discipline adds one there), else `name`.
    public var localizedName: String { MessageID(rawValue: "kind." + rawValue).map { tr($0) } ?? name }
}
