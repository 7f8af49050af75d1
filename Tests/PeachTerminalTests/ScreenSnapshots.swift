import PeachPresentation
@testable import PeachTerminal
import Testing

/// The expected monochrome 80×24 frames, trailing blanks trimmed. A change to any screen's text
/// or layout fails here; update the literal only when the change is intended.
enum ScreenSnapshots {
    static let expected: [String: String] = [
        "start": """
             Peach — ear training
            ────────────────────────────────────────────────────────────────────────────────

              > 1  Start comparison training
                2  Start pitch matching
                3  Profile
                4  Settings
                5  Info

              Profile     ▇▇▇··▆▆▆▅▅▅▄▃▄▅▅▅▆▆▆▆▇▇▇▇  trend ↗ improving
                          C3                     C5  (lower is better)

              Synth       ● FLUID Synth (128:0) — connected
              Controller  ● Arturia MiniLab (20:0) — connected








            ────────────────────────────────────────────────────────────────────────────────
             ↑/↓ or j/k choose · Enter open · 1-5 jump · q quit
            """,
        "start-warnings": """
             Peach — ear training
            ────────────────────────────────────────────────────────────────────────────────

                1  Start comparison training
                2  Start pitch matching
                3  Profile
              > 4  Settings
                5  Info

              Profile     ·················································  no training yet
                          C2                                             C6

              Synth       ✗ FLUID Synth (128:0) — disconnected
              Controller  ○ none

              ! Synth lost — training stopped. Start FluidSynth again, then choose a
                comparison.
              ! Results are NOT being saved: data directory is read-only




            ────────────────────────────────────────────────────────────────────────────────
             ↑/↓ or j/k choose · Enter open · 1-5 jump · q quit
            """,
        "comparison-note1": """
             Peach — Comparison training                                     0 answered · —
            ────────────────────────────────────────────────────────────────────────────────

                                          ● Note 1      ○ Note 2

                                             Listen: note 1…

                                        ↑ Higher          ↓ Lower



              Answered 0 · correct 0 · accuracy —










            ────────────────────────────────────────────────────────────────────────────────
             ↑/k/h higher · ↓/j/l lower · Esc/q stop
            """,
        "comparison-note2": """
             Peach — Comparison training                                  3 answered · 67 %
            ────────────────────────────────────────────────────────────────────────────────

                                          ○ Note 1      ● Note 2

                                   Listen: note 2… (you may answer now)

                                      [ ↑ Higher ]      [ ↓ Lower ]



              Answered 3 · correct 2 · accuracy 67 %










            ────────────────────────────────────────────────────────────────────────────────
             ↑/k/h higher · ↓/j/l lower · Esc/q stop
            """,
        "comparison-awaiting": """
             Peach — Comparison training                                  3 answered · 67 %
            ────────────────────────────────────────────────────────────────────────────────

                                          ○ Note 1      ○ Note 2

                                 Was note 2 higher or lower than note 1?

                                      [ ↑ Higher ]      [ ↓ Lower ]



              Answered 3 · correct 2 · accuracy 67 %










            ────────────────────────────────────────────────────────────────────────────────
             ↑/k/h higher · ↓/j/l lower · Esc/q stop
            """,
        "comparison-correct": """
             Peach — Comparison training                                  4 answered · 75 %
            ────────────────────────────────────────────────────────────────────────────────

                                          ○ Note 1      ○ Note 2



                                        ↑ Higher          ↓ Lower

                                  ✓ Correct — the difference was 12.5 ct

              Answered 4 · correct 3 · accuracy 75 %










            ────────────────────────────────────────────────────────────────────────────────
             ↑/k/h higher · ↓/j/l lower · Esc/q stop
            """,
        "comparison-wrong": """
             Peach — Comparison training                                  4 answered · 50 %
            ────────────────────────────────────────────────────────────────────────────────

                                          ○ Note 1      ○ Note 2



                                        ↑ Higher          ↓ Lower

                                   ✗ Wrong — the difference was 3.2 ct

              Answered 4 · correct 2 · accuracy 50 %

              ! Synth lost — training stopped. Reconnect it and press Esc.








            ────────────────────────────────────────────────────────────────────────────────
             ↑/k/h higher · ↓/j/l lower · Esc/q stop
            """,
        "pitch-listening": """
             Peach — Pitch matching                                               0 matched
            ────────────────────────────────────────────────────────────────────────────────

                                    ♪ Listening to the reference note…

                           Then tune the second note until it sounds the same.


              Matched 0 · mean error —













            ────────────────────────────────────────────────────────────────────────────────
             ←/→ fine · Shift+←/→ coarse · Enter commit · Esc/q stop
            """,
        "pitch-tuning-still": """
             Peach — Pitch matching                                               2 matched
            ────────────────────────────────────────────────────────────────────────────────

                                   Tuning — match the reference by ear

                                               Knob ○ still


              Matched 2 · mean error 4.0 ct













            ────────────────────────────────────────────────────────────────────────────────
             ←/→ fine · Shift+←/→ coarse · Enter commit · Esc/q stop
            """,
        "pitch-tuning-moving": """
             Peach — Pitch matching                                               2 matched
            ────────────────────────────────────────────────────────────────────────────────

                                   Tuning — match the reference by ear

                                              Knob ◉ moving


              Matched 2 · mean error 4.0 ct













            ────────────────────────────────────────────────────────────────────────────────
             ←/→ fine · Shift+←/→ coarse · Enter commit · Esc/q stop
            """,
        "pitch-sharp": """
             Peach — Pitch matching                                               3 matched
            ────────────────────────────────────────────────────────────────────────────────

                                    Off by +7.3 ct — sharp (too high)

                                          Next challenge coming…


              Matched 3 · mean error 5.1 ct













            ────────────────────────────────────────────────────────────────────────────────
             ←/→ fine · Shift+←/→ coarse · Enter commit · Esc/q stop
            """,
        "pitch-flat": """
             Peach — Pitch matching                                               3 matched
            ────────────────────────────────────────────────────────────────────────────────

                                     Off by -12.0 ct — flat (too low)

                                          Next challenge coming…


              Matched 3 · mean error 5.1 ct













            ────────────────────────────────────────────────────────────────────────────────
             ←/→ fine · Shift+←/→ coarse · Enter commit · Esc/q stop
            """,
        "pitch-spot-on": """
             Peach — Pitch matching                                               3 matched
            ────────────────────────────────────────────────────────────────────────────────

                                         Off by 0.0 ct — spot on

                                          Next challenge coming…


              Matched 3 · mean error 5.1 ct













            ────────────────────────────────────────────────────────────────────────────────
             ←/→ fine · Shift+←/→ coarse · Enter commit · Esc/q stop
            """,
        "profile": """
             Peach — Profile
            ────────────────────────────────────────────────────────────────────────────────
              100 ct┤
                    │
                    │●●░░░░                                    ░░░░░░●●
                    │░░●●●●    ░░░░                      ░░░░●●●●●●●●░░
                    │          ●●●●●●░░              ░░●●●●●●░░░░
                    │              ░░●●●●░░      ░░●●●●░░
               10 ct┤                  ░░●●░░  ░░●●░░
                    │                    ░░●●░░●●░░
                    │                      ░░●●░░
                    │                        ░░
                    │
                    │
                1 ct┤      ····
                    └┴───────────────────────┴───────────────────────┴─
                     C3                      C4                      C5

              Threshold       75 % point now 21.4 ct (95 %: 15.2–30.1)
              Progress        improved from 12.1 (9.8–15.0) to 7.9 (6.5–9.6) cents
              Pitch matching  bias +0.4 ct (95 %: -0.3–+1.1) · spread 2.1 ct (95 %: 1.7–2.7)
              Trained         412 comparisons · 37 pitch matches
            ────────────────────────────────────────────────────────────────────────────────
             ←/→ every discipline · Esc/q back
            """,
        "profile-empty": """
             Peach — Profile
            ────────────────────────────────────────────────────────────────────────────────
              100 ct┤
                    │
                    │
                    │
                    │
                    │
               10 ct┤
                    │
                    │
                    │
                    │
                    │
                1 ct┤·················································
                    └┴───────────┴───────────┴───────────┴───────────┴
                     C2          C3          C4          C5          C6

              Threshold       no comparisons yet
              Progress        not enough data yet
              Pitch matching  no pitch matches yet
              Trained         0 comparisons · 0 pitch matches
            ────────────────────────────────────────────────────────────────────────────────
             ←/→ every discipline · Esc/q back
            """,
        "settings": """
             Peach — Settings                                                          1/56
            ────────────────────────────────────────────────────────────────────────────────

              > [training] Lowest note               A2 *            a note name C-1...G9
                [training] Highest note              C6              a note name C-1...G9
                [training] Note duration             1               0.2...5 seconds
                [training] Reference pitch (A4)      442 *           380...500 Hz
                [training] Natural ↔ mechanical      0.5             0...1
                [training] Loudness (velocity)       90              1...127
                [training] Loudness variation        0               0...10 dB
                [training] Smallest difference       0.1             0.1...100 cents
                [training] Largest difference        100             0.1...100 cents
                [training] Pitch matching start offs 100             1...100 cents
                [training] Intervals                 m3 M3 P5 up     interval names m2 M2 m…
                [training] Tuning                    equal           equal, just, a named t…
                [training] Keyboard mapping          (auto)          the path of a .kbm fil…
                [training] Interval presentation     melodic         melodic, harmonic
                [training] Measurement trials (1 in  2               0...20
                [pitch_matching] Matching start side either          either, above, below
                [threshold_test] Test precision (×)  2.5             1.5...10 (upper / lowe…
                [threshold_test] Test trial cap      150             20...500 trials
              * = changed from the default
            ────────────────────────────────────────────────────────────────────────────────
             ↑/↓ choose · ←/→ change (Shift: ×10) · Enter edit · d default · Esc back
            """,
        "settings-scrolled-editing": """
             Peach — Settings                                                         31/56
            ────────────────────────────────────────────────────────────────────────────────

                [rhythm] Click key                   none            a note name C-1...G9 o…
                [rhythm] Accent key                  none            a note name C-1...G9 o…
                [rhythm] Tap sound key               none            a note name C-1...G9 o…
                [rhythm] Click velocity              80              1...127
                [rhythm] Accent velocity             110             1...127
                [rhythm] Tap sound velocity          70              1...127
                [rhythm] Queue wake-up rate          1000            10...6250 Hz
                [midi] Output port                   (auto)          any text
                [midi] Controller input              (auto)          any text
              > [midi] Synth                         3▏              auto, fluidsynth, exte…
                [midi] SoundFont                     (auto)          any text
                [midi] Audio driver                  auto            auto, pipewire, pulsea…
                [midi] Only play to the chosen synth off             on or off
                [midi] Reference channel             1               1...16
                [midi] Tunable channel               2               1...16
                [midi] Synth program                 0               0...127
                [midi] Bank                          0               0...16383
                [midi] Pitch-bend range              2               1...24 semitones
              Saved to /home/ann/.config/peach/peach.conf
            ────────────────────────────────────────────────────────────────────────────────
             type the value · Enter save · Esc cancel
            """,
        "info": """
             Peach — Info
            ────────────────────────────────────────────────────────────────────────────────

              Peach for Linux  0.1.0
              An ear trainer that plays its notes on a real synthesizer, measured in cents.

              Licence         MIT
              Data directory  /home/ann/.local/share/peach
              Config file     /home/ann/.config/peach/peach.conf

              Synth           ● FLUID Synth (128:0) — connected
              Controller      ○ none
              Volume ceiling  velocity 110 · CC7 100 (of 127) · volume 80 % of the ceiling









            ────────────────────────────────────────────────────────────────────────────────
             Esc/q back
            """,
        "break": """
             Peach — Quiet break
            ────────────────────────────────────────────────────────────────────────────────

                                       Quiet break — rest your ears

                                                05:00 left

                                 Peach is silent until the break is over.














            ────────────────────────────────────────────────────────────────────────────────
             s snooze 5 min (once) · Esc/q back to Start (training stays stopped)
            """,
        "break-snoozed": """
             Peach — Quiet break
            ────────────────────────────────────────────────────────────────────────────────

                                       Quiet break — rest your ears

                                                01:01 left

                                 Peach is silent until the break is over.














            ────────────────────────────────────────────────────────────────────────────────
             Esc/q back to Start (training stays stopped)
            """,
        "break-over": """
             Peach — Quiet break
            ────────────────────────────────────────────────────────────────────────────────

                                               Break over.

                         Welcome back. Training starts again when you choose it.
















            ────────────────────────────────────────────────────────────────────────────────
             Enter back to Start
            """,
    ]
}
