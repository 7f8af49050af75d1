import PeachCore

/// The spring-loaded pitch-bend wheel as a tuning gesture (docs/pitch-wheel.md): push it out of
/// the dead zone and the tunable note moves with it, relative to where it was when the push
/// began; hold it still where the note sounds right; let go, and as the wheel snaps back into the
/// dead zone the pitch held last is put back and committed, which stops the note.
///
/// Relative, not through the knob's re-randomised absolute mapping: the note does not jump when
/// the wheel leaves the dead zone, and the wheel still gives nothing away (the starting offset is
/// random). A release with no steady hold (a flick) returns the note to where the push began and
/// commits nothing. While the wheel is out, a commit from elsewhere (pedal, key, keyboard) or a
/// new challenge ends the gesture: the wheel is ignored until it is back in the dead zone.
struct PitchWheelGesture: Sendable {
    private enum State: Sendable {
        /// In the dead zone: nothing to do.
        case atRest
        /// Out of the dead zone, tuning; `sent` is the tuning sent so far in this push.
        case tuning(sent: Cents, hold: SteadyHold)
        /// Out of the dead zone after the gesture ended some other way: wait for the dead zone.
        case waitingForRest
    }

    private var state = State.atRest

    /// The wheel moved to `bend` at `time` (arrival, nanoseconds): the actions for the trainer.
    mutating func move(to bend: PitchBend, at time: UInt64, settings: PitchWheelSettings) -> [ControllerAction] {
        let position = bend.value
        let deflected = settings.isDeflected(position)
        switch state {
        case .waitingForRest:
            if !deflected { state = .atRest }
            return []
        case .atRest:
            guard deflected else { return [] }
            let hold = SteadyHold(position, at: time, holdTime: settings.holdTime, tolerance: PitchWheelSettings.steadyTolerance)
            let tuning = settings.cents(at: position)
            state = .tuning(sent: tuning, hold: hold)
            return [.adjustByCents(tuning)]
        case .tuning(let sent, var hold):
            guard !deflected else {
                hold.observe(position, at: time)
                let tuning = settings.cents(at: position)
                state = .tuning(sent: tuning, hold: hold)
                return [.adjustByCents(tuning - sent)]
            }
            state = .atRest
            guard let held = hold.finish(at: time) else { return [.adjustByCents(-sent)] }
            return [.adjustByCents(settings.cents(at: held) - sent), .commit]
        }
    }

    /// The trial was answered another way, or a new one began: a push under way no longer tunes.
    mutating func interrupt() {
        switch state {
        case .tuning: state = .waitingForRest
        case .atRest, .waitingForRest: break
        }
    }

    /// The wheel was just learned at `bend`: the push that taught it must not tune or commit.
    mutating func learned(at bend: PitchBend, settings: PitchWheelSettings) {
        state = settings.isDeflected(bend.value) ? .waitingForRest : .atRest
    }
}
