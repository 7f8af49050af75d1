import PeachText

/// The Start screen's menu: one entry per training mode, then the viewers, each with the key that opens it
/// (shown before its title). The app builds the list from its mode registry: the modes take the digits in
/// order, the viewers letters of their own, so a new mode never takes a viewer's key.
public struct StartMenu: Hashable, Sendable {
    public var titles: [String]
    /// Each entry's key; nil: reached by the arrows only.
    public var shortcuts: [Character?]
    public var selectedIndex: Int

    /// `shortcuts` nil: the digits 1 to 9 by position.
    public init(titles: [String], shortcuts: [Character?]? = nil, selectedIndex: Int = 0) {
        self.titles = titles
        self.shortcuts = shortcuts ?? titles.indices.map { $0 < 9 ? Character(String($0 + 1)) : nil }
        self.selectedIndex = titles.indices.contains(selectedIndex) ? selectedIndex : 0
    }

    /// The entry `key` opens, if any.
    public func entry(for key: Character) -> Int? { shortcuts.firstIndex(of: key) }

    /// The next or previous entry, wrapping around.
    public func moved(by offset: Int) -> StartMenu {
        guard !titles.isEmpty else { return self }
        let count = titles.count
        return StartMenu(titles: titles, shortcuts: shortcuts, selectedIndex: ((selectedIndex + offset) % count + count) % count)
    }
}

public struct StartScreenModel: Hashable, Sendable {
    public var menu: StartMenu
    public var profile: ProfileChartModel
    public var synth: DeviceStatus
    public var controller: DeviceStatus
    public var warnings: [StatusWarning]

    public init(menu: StartMenu, profile: ProfileChartModel,
                synth: DeviceStatus, controller: DeviceStatus, warnings: [StatusWarning] = []) {
        self.menu = menu
        self.profile = profile
        self.synth = synth
        self.controller = controller
        self.warnings = warnings
    }
}
