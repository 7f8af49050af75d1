/// A way to show the trainer and read the user's commands: the full-screen terminal UI, or plain
/// line mode. The runner calls `render` whenever anything it read has changed.
@MainActor
public protocol TrainerInterface: AnyObject {
    /// Draws (or, in line mode, reports) the controller's current state.
    func render(_ controller: TrainerController)
    /// Turns bytes typed by the user into commands (keys, or whole lines in plain mode).
    func commands(from input: [UInt8], on screen: AppScreen) -> [AppCommand]
    /// Ctrl-Z: give the terminal back before the process stops.
    func suspend()
    /// After `fg`: take the terminal again and redraw from scratch.
    func resume()
    /// Leaves the terminal as it was found. Idempotent.
    func close()
}
