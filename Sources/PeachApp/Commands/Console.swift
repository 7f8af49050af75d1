import Foundation
import PeachSystem
import PeachTrainer

/// Where commands print: standard output for results, standard error for progress and errors.
/// Injected so command tests read what a user would see.
public struct Console: Sendable {
    public var out: @Sendable (String) -> Void
    public var err: @Sendable (String) -> Void
    /// Whether standard error is a terminal (progress is then redrawn in place).
    public var errIsTerminal: Bool

    public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
                errIsTerminal: Bool = false) {
        self.out = out
        self.err = err
        self.errIsTerminal = errIsTerminal
    }

    public static let standard = Console(
        out: { FileHandle.standardOutput.write(Data($0.utf8)) },
        err: { FileHandle.standardError.write(Data($0.utf8)) },
        errIsTerminal: TerminalMode.isTerminal(STDERR_FILENO))
}
