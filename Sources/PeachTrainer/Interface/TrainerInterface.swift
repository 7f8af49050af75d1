import PeachDisciplines
/// A way to show the trainer and read the user's commands: the full-screen terminal UI, or plain
/// line mode. The runner calls `render` whenever anything it read has changed.
@MainActor
public protocol TrainerInterface: AnyObject {
    /// Draws (or, in line mode, reports) the controller's current state.
    func render(_ controller: TrainerController)
    /// Turns what the user typed into commands (keys, or whole lines in plain mode) for the screen
    /// `controller` shows (a training screen's keys are its mode's).
    func commands(from input: UserInput, in controller: TrainerController) -> [AppCommand]
    /// Ctrl-Z: gives the terminal back, stops the process for real, and returns after `fg`.
    func suspend()
    /// After `fg`: take the terminal again and redraw from scratch.
    func resume()
    /// Leaves the terminal as it was found. Idempotent.
    func close()
}
