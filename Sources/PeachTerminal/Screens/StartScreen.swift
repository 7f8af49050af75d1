/// The Start screen's menu entries, in order; their 1-based position is the digit shortcut.
public enum StartMenuItem: Int, CaseIterable, Hashable, Sendable {
    case comparisonTraining = 1
    case pitchMatching
    case profile
    case settings
    case info

    public var title: String {
        switch self {
        case .comparisonTraining: "Start comparison training"
        case .pitchMatching: "Start pitch matching"
        case .profile: "Profile"
        case .settings: "Settings"
        case .info: "Info"
        }
    }

    /// The next or previous item, wrapping around.
    public func moved(by offset: Int) -> StartMenuItem {
        let all = Self.allCases
        let index = (all.firstIndex(of: self)! + offset % all.count + all.count) % all.count
        return all[index]
    }
}

public struct StartScreenModel: Hashable, Sendable {
    public var selected: StartMenuItem
    public var profile: ProfileChartModel
    public var synth: DeviceStatus
    public var controller: DeviceStatus
    public var warnings: [StatusWarning]

    public init(selected: StartMenuItem = .comparisonTraining, profile: ProfileChartModel,
                synth: DeviceStatus, controller: DeviceStatus, warnings: [StatusWarning] = []) {
        self.selected = selected
        self.profile = profile
        self.synth = synth
        self.controller = controller
        self.warnings = warnings
    }
}

public enum StartScreen {
    public static func render(_ model: StartScreenModel, size: TerminalSize, style: Styler) -> [String] {
        var body: [String] = [""]
        for item in StartMenuItem.allCases {
            let entry = "\(item.rawValue)  \(item.title)"
            body.append(item == model.selected ? ">" + style.inverse(" " + entry + " ") : "  " + entry)
        }
        body.append("")
        let previewWidth = min(max(size.columns - 30, 10), 64)
        let preview = CompactProfilePreview.render(model.profile, width: previewWidth, style: style)
        let trend = model.profile.trend.map { "trend " + $0.label } ?? (model.profile.hasData ? "" : "no training yet")
        body.append(style.bold("Profile     ") + preview[0] + "  " + trend)
        body.append("            " + preview[1] + (model.profile.hasData ? "  (lower is better)" : ""))
        body.append("")
        body.append(style.bold("Synth       ") + model.synth.rendered(style: style))
        body.append(style.bold("Controller  ") + model.controller.rendered(style: style))
        if !model.warnings.isEmpty { body.append("") }
        body += model.warnings.flatMap { $0.renderedLines(width: size.columns - 2, style: style) }
        return ScreenFrame.compose(title: "ear training", body: body,
                                   keyHints: "↑/↓ or j/k choose · Enter open · 1-5 jump · q quit",
                                   size: size, style: style)
    }
}
