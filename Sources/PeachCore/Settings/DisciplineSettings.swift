/// A setting a discipline (or a family of disciplines) owns, declared in its folder with its default. The folder
/// reads and writes it as a property of `TrainingSettings` (an extension over `disciplines[Key.self]`), so the
/// core carries every discipline's settings without naming one.
public protocol DisciplineSettingKey {
    associatedtype Value: Hashable & Sendable
    static var defaultValue: Value { get }
}

/// The values of the `DisciplineSettingKey`s, each its default until set. A value set back to its default is
/// dropped, so two settings that read the same compare equal.
public struct DisciplineSettings: Hashable, Sendable {
    private var values: [ObjectIdentifier: SettingValue] = [:]

    public init() {}

    public subscript<Key: DisciplineSettingKey>(_ key: Key.Type) -> Key.Value {
        get { values[ObjectIdentifier(key)]?.base as? Key.Value ?? Key.defaultValue }
        set { values[ObjectIdentifier(key)] = newValue == Key.defaultValue ? nil : SettingValue(newValue) }
    }
}

/// One stored value. Only the subscript creates it, from a `Sendable` value, so sharing it across threads is safe.
private struct SettingValue: Hashable, @unchecked Sendable {
    let base: AnyHashable

    init(_ value: some Hashable & Sendable) { base = AnyHashable(value) }
}
