import Foundation
import PeachCore
import PeachPresentation
import PeachText

/// The tap calibration in the Start menu and plain mode: tap along with a steady click, with every device you
/// tap fill the gap with; each device's latency is measured, stored and taken off its taps from then on.
public struct TapCalibrationMode: TrainingMode {
    nonisolated public static let id = TrainingModeID(rawValue: "tapCalibration")
    public var id: TrainingModeID { Self.id }
    public var menuTitle: String { tr(.menuTapCalibration) }
    public let plainWords = ["tc", "tap calibration", "calibrate taps"]
    public var plainIntro: String { tr(.plainIntroTapCalibration, ["clicks": "\(TapCalibrationPattern.tappedClicks)"]) }
    public let plainAnswers: [String: Gesture] = ["x": .keyboardTap, "tap": .keyboardTap]
    public var plainAnswerHelp: String { tr(.plainAnswersTapCalibration) }
    public let menuRank = 75

    public init() {}

    /// The tap sources' calibrated latencies and the synth's: the calibration adds to them.
    public var services: [ServiceNeed] { [.of(TimingLatencies.self)] }

    public func makeSession(_ dependencies: SessionDependencies) -> any ModeSession {
        TapCalibrationModeSession(TapCalibrationSession(
            player: dependencies.rhythmPlayer, settings: dependencies.settings, latencies: dependencies.services[TimingLatencies.self] ?? TimingLatencies(),
            clock: dependencies.clock, logger: dependencies.logger, interruptions: dependencies.interruptions))
    }
}

/// How the tap calibration is shown and driven: its own screen, space to tap, a plain line for its result.
@MainActor
public final class TapCalibrationModeSession: GestureDrivenModeSession {
    public let calibration: TapCalibrationSession

    public init(_ calibration: TapCalibrationSession) { self.calibration = calibration }

    public var driven: TapCalibrationSession { calibration }
    /// Taps only.
    public let gestures: GestureMap<TapCalibrationSession.Input> = GestureMap(tap: { $0 })

    public func screen(_ context: ModeScreenContext) -> TrainingScreenModel {
        TapCalibrationScreen.model(calibration, warning: context.warning)
    }

    public func commands(for key: Key) -> [AppCommand] { Self.keys[key] ?? [] }

    private static let keys: [Key: [AppCommand]] = [
        .character(" "): [.input(.keyboardTap)], .enter: [.input(.keyboardTap)],
        .escape: [.back], .character("q"): [.back],
    ]

    public var plainProgress: PlainProgress {
        PlainProgress(phase: "\(calibration.state)", finished: calibration.result == nil ? 0 : 1)
    }

    public func plainLines(after previous: PlainProgress?) -> [String] {
        let now = plainProgress
        guard now.phase != previous?.phase else { return [] }
        switch calibration.state {
        case .playing: return [tr(.plainTapCalibrationStart)]
        case .finished:
            return calibration.result.map { [tr(.plainTapCalibrationDone, ["summary": TapCalibrationScreen.summary($0)])] } ?? []
        case .idle: return []
        }
    }

    public var wrongAnswerShowing: Date? { nil }
}
