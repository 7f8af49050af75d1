import PeachCore

/// What a discipline's Info-screen entries are read from (`Discipline.infoEntries`): the services the composition root
/// offered the modes (`SessionServices`), taken by type as the modes take them.
@MainActor
public struct InfoContext {
    public var services: SessionServices

    public init(services: SessionServices) {
        self.services = services
    }
}
