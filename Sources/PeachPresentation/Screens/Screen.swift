/// Whichever screen is showing, with its model: what a front end draws. The full-screen terminal keeps the
/// current value and re-renders it on every state change and on SIGWINCH with the new size; another front end
/// would draw the same models.
public enum Screen: Hashable, Sendable {
    case start(StartScreenModel)
    /// A training mode's screen, as its discipline describes it (`TrainingScreenModel`).
    case training(TrainingScreenModel)
    case profile(ProfileScreenModel)
    case settings(SettingsScreenModel)
    case info(InfoScreenModel)
    case quietBreak(BreakScreenModel)
}
