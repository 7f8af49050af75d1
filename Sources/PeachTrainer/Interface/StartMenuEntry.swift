import PeachDisciplines
import PeachPresentation
import PeachTerminal
import PeachText

/// One line of the Start screen's menu: a training mode from the registry, or a viewer.
@MainActor
enum StartMenuEntry: Hashable {
    case train(TrainingModeID)
    case profile
    case settings
    case info

    /// The registry's modes in order, then Profile, Settings and Info.
    static func entries(for modes: [any TrainingMode]) -> [StartMenuEntry] {
        modes.map { .train($0.id) } + [.profile, .settings, .info]
    }

    /// The key that opens it on Start: the modes take the digits 1 to 9 in order, the viewers their letters
    /// (the same words as plain mode's `p` and `i`; `s` for Settings, which plain mode does not have).
    static func shortcuts(for entries: [StartMenuEntry]) -> [Character?] {
        entries.enumerated().map { index, entry in
            switch entry {
            case .train: index < 9 ? Character(String(index + 1)) : nil
            case .profile: "p"
            case .settings: "s"
            case .info: "i"
            }
        }
    }

    func title(in modes: [any TrainingMode]) -> String {
        switch self {
        case .train(let id): modes.first { $0.id == id }?.menuTitle ?? id.rawValue
        case .profile: tr(.menuProfile)
        case .settings: tr(.menuSettings)
        case .info: tr(.menuInfo)
        }
    }

    var command: AppCommand {
        switch self {
        case .train(let id): .open(.training(id))
        case .profile: .open(.profile)
        case .settings: .open(.settings)
        case .info: .open(.info)
        }
    }
}
