import PeachPresentation
import PeachText

extension StatusWarning {
    /// "! text", wrapped to `width` with continuation lines indented under the text.
    func renderedLines(width: Int, style: Styler) -> [String] {
        TextLayout.wrap(text, width: max(width - 2, 10)).enumerated().map { index, line in
            style.warning((index == 0 ? "! " : "  ") + line)
        }
    }
}

extension DeviceStatus {
    /// "● FLUID Synth (128:0) — connected", styled by state.
    func rendered(style: Styler) -> String {
        let name = ["name": self.name ?? tr(.deviceNone)]
        switch state {
        case .connected: return style.good("●") + " " + tr(.deviceConnected, name)
        case .lost: return style.bad("✗ " + tr(.deviceLost, name))
        case .starting: return "◌ " + tr(.deviceStarting, name)
        case .none: return style.dim("○ " + tr(.deviceNone))
        }
    }
}
