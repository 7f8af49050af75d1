import PeachText

/// The Start screen's menu: one entry per training mode, then the viewers. An entry's 1-based position
/// is its digit shortcut. The app builds the list from its mode registry.
public struct StartMenu: Hashable, Sendable {
    public var titles: [String]
    public var selectedIndex: Int

    public init(titles: [String], selectedIndex: Int = 0) {
        self.titles = titles
        self.selectedIndex = titles.indices.contains(selectedIndex) ? selectedIndex : 0
    }

    /// The next or previous entry, wrapping around.
    public func moved(by offset: Int) -> StartMenu {
        guard !titles.isEmpty else { return self }
        let count = titles.count
        return StartMenu(titles: titles, selectedIndex: ((selectedIndex + offset) % count + count) % count)
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

public enum StartScreen {
    public static func render(_ model: StartScreenModel, size: TerminalSize, style: Styler) -> [String] {
        var body: [String] = [""]
        for (index, title) in model.menu.titles.enumerated() {
            let entry = "\(index + 1)  \(title)"
            body.append(index == model.menu.selectedIndex ? ">" + style.inverse(" " + entry + " ") : "  " + entry)
        }
        body.append("")
        let previewWidth = min(max(size.columns - 30, 10), 64)
        let preview = CompactProfilePreview.render(model.profile, width: previewWidth, style: style)
        let trend = model.profile.trend.map { tr(.startTrend, ["trend": $0.label]) } ?? (model.profile.hasData ? "" : tr(.startNoTraining))
        body.append(style.bold(label(.startProfile)) + preview[0] + "  " + trend)
        body.append("            " + preview[1] + (model.profile.hasData ? "  " + tr(.startLowerIsBetter) : ""))
        body.append("")
        body.append(style.bold(label(.startSynth)) + model.synth.rendered(style: style))
        body.append(style.bold(label(.startController)) + model.controller.rendered(style: style))
        if !model.warnings.isEmpty { body.append("") }
        body += model.warnings.flatMap { $0.renderedLines(width: size.columns - 2, style: style) }
        return ScreenFrame.compose(title: tr(.startTitle), body: body,
                                   keyHints: tr(.startKeyHints, ["last": "\(min(model.menu.titles.count, 9))"]),
                                   size: size, style: style)
    }

    /// A row's label in its 12-column field.
    private static func label(_ id: MessageID) -> String { TextLayout.fit(tr(id), width: 12) }
}
