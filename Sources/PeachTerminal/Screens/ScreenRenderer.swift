import PeachPresentation

extension Screen {
    /// Exactly `size.rows` lines of `size.columns` columns.
    public func render(size: TerminalSize, style: Styler) -> [String] {
        switch self {
        case .start(let model): StartScreen.render(model, size: size, style: style)
        case .training(let model): TrainingScreen.render(model, size: size, style: style)
        case .profile(let model): ProfileScreen.render(model, size: size, style: style)
        case .settings(let model): SettingsScreen.render(model, size: size, style: style)
        case .info(let model): InfoScreen.render(model, size: size, style: style)
        case .quietBreak(let model): BreakScreen.render(model, size: size, style: style)
        }
    }

    /// The whole frame as one string for a single write.
    public func frame(size: TerminalSize, style: Styler) -> String {
        FrameRenderer.frame(render(size: size, style: style))
    }
}
