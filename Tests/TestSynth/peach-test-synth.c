/*
 * peach-test-synth: a deliberately imperfect synth for calibration tests.
 *
 * An ALSA sequencer client with one writable port that renders sine tones in real time to an ALSA
 * PCM playback device (S16, stereo, 44.1 kHz), with imperfections chosen on the command line:
 *
 *   --name NAME          client and port name (default "Peach Test Synth")
 *   --device PCM         playback device (default hw:Loopback,0,0)
 *   --bend-scale C       cents per nominal bend semitone (default 100: exact)
 *   --bend-bits N        bend resolution, 7..14 bits: a 7-bit synth keeps only the top 7 bits of
 *                        the 14-bit bend (value >> 7), so ±2 semitones move in 3.125-cent steps
 *   --mistune K:C,...    keys sounding C cents off equal temperament (e.g. 67:+8.4,69:-5.6)
 *   --ignore-rpn         ignore RPN 0: the bend range stays ±2 semitones
 *   --delay-ms MS        a known extra MIDI-to-sound latency: each event takes effect MS ms of audio
 *                        (to the frame) after the frame it would otherwise have taken effect at
 *   --period-frames N    playback period (default: a quarter of the 100 ms buffer). Events are read
 *                        between writes, and a full buffer lets a write through once per period, so
 *                        the period is the synth's jitter: smaller periods, a steadier latency
 *   --report-latency     at exit, print one "CLICK-LATENCY MS" line per note-on on channel 10: when
 *                        its first frame played minus when its event arrived, both on CLOCK_MONOTONIC
 *                        (arrival stamped by the sequencer on a queue of the synth's own, the frame
 *                        placed by the playback's own timestamps)
 *
 * MIDI: note-on/off, pitch bend (applies to sounding notes on the channel), RPN 0 (CC101/100 = 0,
 * CC6 semitones, CC38 cents), CC120 (all sound off: a 5 ms fade), CC123 (all notes off: release),
 * CC121 (bend centred). A4 = 440 Hz. Prints "READY client:port buffer N period M" (its playback
 * buffer and period in frames) once the port exists; SIGTERM or
 * SIGINT fade every note out and exit, printing "UNDERRUNS N" (how often its playback underran and
 * restarted after a gap, so that everything after it sounded late) and last "REPORTED N" (the clicks
 * reported; 0 without --report-latency).
 *
 * Build: cc -O2 -Wall -o peach-test-synth peach-test-synth.c -lasound -lm
 */
#include <alsa/asoundlib.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define RATE 44100
#define CHUNK 256              /* frames rendered per loop: 5.8 ms, the event granularity */
#define VOICES 32
#define ATTACK_FRAMES (RATE * 5 / 1000)
#define RELEASE_FRAMES (RATE * 30 / 1000)
#define CUT_FRAMES (RATE * 5 / 1000)
#define LEVEL 0.2              /* per voice: a few voices together stay far from clipping */

struct voice {
    int active, channel, key;
    double phase, gain;        /* gain: the envelope, 0..1 */
    double step;               /* per-frame gain change: > 0 attack, < 0 release, 0 hold */
};

struct channel_state {
    int bend;                  /* signed 14-bit as received, -8192..8191 */
    int rpn_msb, rpn_lsb;
    int range_semitones, range_cents;
};

static struct voice voices[VOICES];
static struct channel_state channels[16];
static double mistune[128];
static double bend_scale = 100.0;
static int bend_bits = 14;
static int ignore_rpn = 0;
static volatile sig_atomic_t stopping = 0;

/* --delay-ms: events wait here until the frame they take effect at (frames counted from the start). */
#define PENDING 4096
struct pending_event { snd_seq_event_t event; long long frame; };
static struct pending_event pending[PENDING];
static int pending_first = 0, pending_count = 0;
static long long rendered = 0;     /* frames rendered so far */
static long long delay_frames = 0;
static long period_frames = 0;     /* 0: snd_pcm_set_params's choice */

/* --report-latency: the synth's own account of each click's MIDI-to-sound latency, for a test to
 * check a measurement through audio against. */
#define CLICKS 4096
static int report_latency = 0;
static int own_queue = -1;
static long long queue_offset_ns = 0;        /* the own queue's real time minus CLOCK_MONOTONIC */
static long long queue_bracket_ns = -1;      /* the width of the reading it came from */
/* The playback restarts after each underrun, after a gap: each stretch from one restart to the next (a
 * segment, from its first frame) has its own frame-0 time, from the least late bounds of its stamps. The
 * ORIGIN_BOUNDS lowest are kept, and the lowest that CONFIRMATIONS others lie within AGREEMENT_NS of is taken:
 * one status whose stamp and delay do not belong together (seen once in the VM: a bound a whole buffer too
 * early) cannot move it, and when nothing is wrong it is the lowest bound. */
#define SEGMENTS 1024
#define ORIGIN_BOUNDS 8
#define CONFIRMATIONS 3
#define AGREEMENT_NS 2000000LL
static long long segment_start[SEGMENTS];
static long long segment_bounds[SEGMENTS][ORIGIN_BOUNDS];
static int segments = 1;

static void clear_bounds(int segment) {
    for (int i = 0; i < ORIGIN_BOUNDS; i++) segment_bounds[segment][i] = LLONG_MAX;
}

/* Keeps `origin` if it is among the segment's ORIGIN_BOUNDS lowest bounds (sorted, lowest first). */
static void add_bound(int segment, long long origin) {
    long long *bounds = segment_bounds[segment];
    if (origin >= bounds[ORIGIN_BOUNDS - 1]) return;
    int i = ORIGIN_BOUNDS - 1;
    while (i > 0 && bounds[i - 1] > origin) { bounds[i] = bounds[i - 1]; i--; }
    bounds[i] = origin;
}

/* The segment's frame-0 time: the lowest confirmed bound, else the lowest (LLONG_MAX: no stamp). */
static long long segment_origin(int segment) {
    const long long *bounds = segment_bounds[segment];
    for (int i = 0; i + CONFIRMATIONS < ORIGIN_BOUNDS; i++) {
        if (bounds[i + CONFIRMATIONS] == LLONG_MAX) break;
        if (bounds[i + CONFIRMATIONS] - bounds[i] <= AGREEMENT_NS) return bounds[i];
    }
    return bounds[0];
}

static long long written_frames = 0;
static long long current_frame = 0;          /* the frame at which handle() applies an event */
static long long click_arrival_ns[CLICKS], click_frame[CLICKS];
static int click_count = 0;

static long long monotonic_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long long)now.tv_sec * 1000000000LL + now.tv_nsec;
}

/* The own queue against CLOCK_MONOTONIC: of 25 readings bracketed by the monotonic clock, the narrowest. */
static void read_queue_offset(snd_seq_t *seq) {
    snd_seq_queue_status_t *status;
    snd_seq_queue_status_alloca(&status);
    for (int i = 0; i < 25; i++) {
        long long before = monotonic_ns();
        int err = snd_seq_get_queue_status(seq, own_queue, status);
        long long after = monotonic_ns();
        if (err < 0) continue;
        const snd_seq_real_time_t *time = snd_seq_queue_status_get_real_time(status);
        if (queue_bracket_ns >= 0 && after - before >= queue_bracket_ns) continue;
        queue_bracket_ns = after - before;
        queue_offset_ns = (long long)time->tv_sec * 1000000000LL + time->tv_nsec - (before + (after - before) / 2);
    }
}

/* After a write: by the stamped time the device had played (written − delay) frames. A stamp is never
 * early, so each bounds frame 0's time from above; the lowest bound is kept. */
static void stamp_playback(snd_pcm_t *pcm) {
    snd_pcm_status_t *status;
    snd_pcm_status_alloca(&status);
    if (snd_pcm_status(pcm, status) < 0 || snd_pcm_status_get_state(status) != SND_PCM_STATE_RUNNING) return;
    snd_htimestamp_t stamp;
    snd_pcm_status_get_htstamp(status, &stamp);
    long long played = written_frames - (long long)snd_pcm_status_get_delay(status);
    long long origin = (long long)stamp.tv_sec * 1000000000LL + stamp.tv_nsec - played * 1000000000LL / RATE;
    if (stamp.tv_sec > 0) add_bound(segments - 1, origin);
}

/* An underrun: the frames from the next one written on play after a gap. */
static void start_segment(void) {
    if (segments == SEGMENTS) return;
    segment_start[segments] = written_frames;
    clear_bounds(segments++);
}

/* A note-on on channel 10 as it takes effect: its arrival (the sequencer's stamp on the own queue) and its frame. */
static void note_click(const snd_seq_event_t *ev) {
    if (!report_latency || click_count == CLICKS || (ev->data.note.channel & 15) != 9 || ev->data.note.velocity == 0) return;
    if ((ev->flags & SND_SEQ_TIME_STAMP_MASK) != SND_SEQ_TIME_STAMP_REAL || ev->queue != own_queue) return;
    long long arrival = (long long)ev->time.time.tv_sec * 1000000000LL + ev->time.time.tv_nsec - queue_offset_ns;
    click_arrival_ns[click_count] = arrival;
    click_frame[click_count++] = current_frame;
}

static void print_click_latencies(void) {
    for (int i = 0; i < click_count; i++) {
        int segment = segments - 1;
        while (segment > 0 && segment_start[segment] > click_frame[i]) segment--;
        long long origin = segment_origin(segment);
        if (origin == LLONG_MAX) continue;
        long long played = origin + click_frame[i] * 1000000000LL / RATE;
        printf("CLICK-LATENCY %.3f\n", (played - click_arrival_ns[i]) / 1e6);
    }
    for (int segment = 0; segment < segments; segment++) {
        /* The kept bounds against the origin taken, for a reference that comes out wrong. */
        long long origin = segment_origin(segment);
        printf("ORIGIN-BOUNDS %d:", segment);
        for (int i = 0; i < ORIGIN_BOUNDS && segment_bounds[segment][i] != LLONG_MAX; i++) {
            printf(" %.3f", (segment_bounds[segment][i] - origin) / 1e6);
        }
        printf("\n");
    }
}

static void on_signal(int signum) { (void)signum; stopping = 1; }

/* The bend the synth applies: with fewer than 14 bits the low bits of the wire value are dropped. */
static int quantised_bend(int bend) {
    int shift = 14 - bend_bits;
    int wire = bend + 8192;
    return ((wire >> shift) << shift) - 8192;
}

static double frequency(const struct voice *v) {
    const struct channel_state *c = &channels[v->channel];
    double range = ignore_rpn ? 2.0 : c->range_semitones + c->range_cents / 100.0;
    double bend_cents = quantised_bend(c->bend) / 8192.0 * range * bend_scale;
    double cents = (v->key - 69) * 100.0 + mistune[v->key] + bend_cents;
    return 440.0 * pow(2.0, cents / 1200.0);
}

/* A note ended before it was ever rendered (its note-on and note-off in the same batch, after a
 * stall) has nothing to fade: it must end at once, or it would attack and sound for ever. */
static void release(struct voice *v, int frames) {
    if (!v->active) return;
    if (v->gain <= 0) v->active = 0;
    else v->step = -1.0 / frames;
}

static void note_on(int channel, int key, int velocity) {
    if (velocity == 0) {
        for (int i = 0; i < VOICES; i++)
            if (voices[i].active && voices[i].channel == channel && voices[i].key == key && voices[i].step >= 0)
                release(&voices[i], RELEASE_FRAMES);
        return;
    }
    struct voice *slot = NULL;
    for (int i = 0; i < VOICES && !slot; i++) if (!voices[i].active) slot = &voices[i];
    if (!slot) slot = &voices[0];   /* all busy: steal the first */
    slot->active = 1;
    slot->channel = channel;
    slot->key = key;
    slot->phase = 0;
    slot->gain = 0;
    slot->step = 1.0 / ATTACK_FRAMES;
}

static void note_off(int channel, int key) {
    for (int i = 0; i < VOICES; i++)
        if (voices[i].active && voices[i].channel == channel && voices[i].key == key) release(&voices[i], RELEASE_FRAMES);
}

static void channel_off(int channel, int frames) {
    for (int i = 0; i < VOICES; i++)
        if (voices[i].active && voices[i].channel == channel) release(&voices[i], frames);
}

static void control(int channel, int controller, int value) {
    struct channel_state *c = &channels[channel];
    switch (controller) {
    case 101: c->rpn_msb = value; break;
    case 100: c->rpn_lsb = value; break;
    case 6: if (c->rpn_msb == 0 && c->rpn_lsb == 0) c->range_semitones = value; break;
    case 38: if (c->rpn_msb == 0 && c->rpn_lsb == 0) c->range_cents = value; break;
    case 120: channel_off(channel, CUT_FRAMES); break;
    case 121: c->bend = 0; break;
    case 123: channel_off(channel, RELEASE_FRAMES); break;
    default: break;
    }
}

static void handle(const snd_seq_event_t *ev) {
    int channel = ev->data.note.channel & 15;
    switch (ev->type) {
    case SND_SEQ_EVENT_NOTEON:
        note_click(ev);
        note_on(channel, ev->data.note.note & 127, ev->data.note.velocity);
        break;
    case SND_SEQ_EVENT_NOTEOFF: note_off(channel, ev->data.note.note & 127); break;
    case SND_SEQ_EVENT_PITCHBEND: {
        int value = ev->data.control.value;
        channels[ev->data.control.channel & 15].bend = value < -8192 ? -8192 : value > 8191 ? 8191 : value;
        break;
    }
    case SND_SEQ_EVENT_CONTROLLER:
        control(ev->data.control.channel & 15, (int)ev->data.control.param, ev->data.control.value & 127);
        break;
    default: break;
    }
}

static void render(short *out, int frames) {
    static double mix[CHUNK];
    memset(mix, 0, sizeof mix);
    if (frames <= 0) return;
    for (int i = 0; i < VOICES; i++) {
        struct voice *v = &voices[i];
        if (!v->active) continue;
        double increment = 2 * M_PI * frequency(v) / RATE;
        for (int n = 0; n < frames; n++) {
            mix[n] += LEVEL * v->gain * sin(v->phase);
            v->phase += increment;
            if (v->phase > 2 * M_PI) v->phase -= 2 * M_PI;
            v->gain += v->step;
            if (v->gain >= 1) { v->gain = 1; v->step = 0; }
            if (v->gain <= 0 && v->step < 0) { v->active = 0; break; }
        }
    }
    for (int n = 0; n < frames; n++) {
        double s = mix[n] > 1 ? 1 : mix[n] < -1 ? -1 : mix[n];
        out[2 * n] = out[2 * n + 1] = (short)lrint(s * 32767);
    }
}

/* An event just read: at once, or (with --delay-ms) queued for the frame it takes effect at. A full
 * queue takes it at once rather than losing it. */
static void receive(const snd_seq_event_t *ev) {
    current_frame = rendered;
    if (delay_frames == 0 || pending_count == PENDING) { handle(ev); return; }
    struct pending_event *slot = &pending[(pending_first + pending_count++) % PENDING];
    slot->event = *ev;
    slot->frame = rendered + delay_frames;
}

/* One chunk, split where a delayed event takes effect, so its sound starts at its own frame. */
static void render_chunk(short *out) {
    int done = 0;
    while (done < CHUNK) {
        while (pending_count > 0 && pending[pending_first].frame <= rendered + done) {
            current_frame = rendered + done;
            handle(&pending[pending_first].event);
            pending_first = (pending_first + 1) % PENDING;
            pending_count--;
        }
        long long next = pending_count > 0 ? pending[pending_first].frame - rendered : CHUNK;
        int until = next < CHUNK ? (int)next : CHUNK;
        render(out + 2 * done, until - done);
        done = until;
    }
    rendered += CHUNK;
}

static int parse_mistune(const char *text) {
    char *copy = strdup(text), *save = NULL;
    for (char *item = strtok_r(copy, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
        char *colon = strchr(item, ':'), *end;
        if (!colon) { free(copy); return -1; }
        long key = strtol(item, &end, 10);
        if (end != colon || key < 0 || key > 127) { free(copy); return -1; }
        double cents = strtod(colon + 1, &end);
        if (*end != '\0') { free(copy); return -1; }
        mistune[key] = cents;
    }
    free(copy);
    return 0;
}

/* S16 stereo at RATE with a 100 ms buffer in periods of `period_frames` (snd_pcm_set_params cannot
 * choose the period). */
static int set_period_params(snd_pcm_t *pcm) {
    snd_pcm_hw_params_t *hw;
    snd_pcm_hw_params_alloca(&hw);
    snd_pcm_uframes_t period = (snd_pcm_uframes_t)period_frames, buffer = RATE / 10;
    int err = snd_pcm_hw_params_any(pcm, hw);
    if (err >= 0) err = snd_pcm_hw_params_set_access(pcm, hw, SND_PCM_ACCESS_RW_INTERLEAVED);
    if (err >= 0) err = snd_pcm_hw_params_set_format(pcm, hw, SND_PCM_FORMAT_S16_LE);
    if (err >= 0) err = snd_pcm_hw_params_set_channels(pcm, hw, 2);
    if (err >= 0) err = snd_pcm_hw_params_set_rate(pcm, hw, RATE, 0);
    if (err >= 0) err = snd_pcm_hw_params_set_period_size_near(pcm, hw, &period, NULL);
    if (err >= 0) err = snd_pcm_hw_params_set_buffer_size_near(pcm, hw, &buffer);
    if (err >= 0) err = snd_pcm_hw_params(pcm, hw);
    return err;
}

#define PORT_CAPABILITIES (SND_SEQ_PORT_CAP_WRITE | SND_SEQ_PORT_CAP_SUBS_WRITE)
#define PORT_TYPES (SND_SEQ_PORT_TYPE_MIDI_GENERIC | SND_SEQ_PORT_TYPE_SYNTHESIZER | SND_SEQ_PORT_TYPE_APPLICATION)

/* --report-latency: a started queue of its own and a port the sequencer stamps every arrival on, in real time. */
static int create_stamping_port(snd_seq_t *seq, const char *name) {
    own_queue = snd_seq_alloc_named_queue(seq, "peach-test-synth clock");
    if (own_queue < 0 || snd_seq_start_queue(seq, own_queue, NULL) < 0 || snd_seq_drain_output(seq) < 0) return -1;
    snd_seq_port_info_t *info;
    snd_seq_port_info_alloca(&info);
    snd_seq_port_info_set_name(info, name);
    snd_seq_port_info_set_capability(info, PORT_CAPABILITIES);
    snd_seq_port_info_set_type(info, PORT_TYPES);
    snd_seq_port_info_set_timestamping(info, 1);
    snd_seq_port_info_set_timestamp_real(info, 1);
    snd_seq_port_info_set_timestamp_queue(info, own_queue);
    if (snd_seq_create_port(seq, info) < 0) return -1;
    read_queue_offset(seq);
    return snd_seq_port_info_get_port(info);
}

/* CLOCK_MONOTONIC timestamps on the playback's pointer (software parameters). */
static int enable_timestamps(snd_pcm_t *pcm) {
    snd_pcm_sw_params_t *params;
    snd_pcm_sw_params_alloca(&params);
    int err = snd_pcm_sw_params_current(pcm, params);
    if (err >= 0) err = snd_pcm_sw_params_set_tstamp_mode(pcm, params, SND_PCM_TSTAMP_ENABLE);
    if (err >= 0) err = snd_pcm_sw_params_set_tstamp_type(pcm, params, SND_PCM_TSTAMP_TYPE_MONOTONIC);
    if (err >= 0) err = snd_pcm_sw_params(pcm, params);
    return err;
}

static void usage(void) {
    fprintf(stderr, "usage: peach-test-synth [--name NAME] [--device PCM] [--bend-scale CENTS] [--bend-bits 7..14]\n"
                    "                        [--mistune KEY:CENTS,...] [--ignore-rpn] [--delay-ms MS]\n"
                    "                        [--period-frames N] [--report-latency]\n");
    exit(2);
}

static void parse_options(int argc, char **argv, const char **name, const char **device) {
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i], *value = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(arg, "--ignore-rpn")) { ignore_rpn = 1; continue; }
        if (!strcmp(arg, "--report-latency")) { report_latency = 1; continue; }
        if (!value) usage();
        if (!strcmp(arg, "--name")) *name = value;
        else if (!strcmp(arg, "--device")) *device = value;
        else if (!strcmp(arg, "--bend-scale")) bend_scale = atof(value);
        else if (!strcmp(arg, "--bend-bits")) bend_bits = atoi(value);
        else if (!strcmp(arg, "--period-frames")) period_frames = atol(value);
        else if (!strcmp(arg, "--delay-ms")) delay_frames = (long long)(atof(value) * RATE / 1000 + 0.5);
        else if (!strcmp(arg, "--mistune")) { if (parse_mistune(value)) { fprintf(stderr, "bad --mistune %s\n", value); usage(); } }
        else usage();
        i++;
    }
    if (bend_bits < 7 || bend_bits > 14 || !(bend_scale > 0) || delay_frames < 0 || period_frames < 0) usage();
}

/* The playback device, set up; NULL (said why) when it cannot be. */
static snd_pcm_t *open_playback(const char *device) {
    snd_pcm_t *pcm;
    int err = snd_pcm_open(&pcm, device, SND_PCM_STREAM_PLAYBACK, 0);
    if (err < 0) { fprintf(stderr, "peach-test-synth: cannot open %s: %s\n", device, snd_strerror(err)); return NULL; }
    /* 100 ms of buffer: room for the emulated test VM's hiccups; latency only shifts every note alike. */
    err = period_frames > 0 ? set_period_params(pcm)
        : snd_pcm_set_params(pcm, SND_PCM_FORMAT_S16_LE, SND_PCM_ACCESS_RW_INTERLEAVED, 2, RATE, 1, 100000);
    if (err >= 0 && report_latency) err = enable_timestamps(pcm);
    if (err < 0) { fprintf(stderr, "peach-test-synth: cannot set up %s: %s\n", device, snd_strerror(err)); return NULL; }
    return pcm;
}

static void handle_signals(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_signal;
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGINT, &action, NULL);
    /* A parent may have started it with these blocked (a signal mask survives exec): then SIGTERM
     * would stay pending for ever. */
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGTERM);
    sigaddset(&signals, SIGINT);
    sigprocmask(SIG_UNBLOCK, &signals, NULL);
}

/* Writes one rendered chunk; -1 when playing must end (stopping and the device takes no more, or it failed). */
static int write_chunk(snd_pcm_t *pcm, const short *buffer, int *stalled) {
    snd_pcm_sframes_t written = snd_pcm_writei(pcm, buffer, CHUNK);
    /* Stopping, the buffer full: wait for room for the same chunk, 20 chunks' time (120 ms) at most. */
    while (written == -EAGAIN && (*stalled)++ < 20) {
        usleep(CHUNK * 1000000 / RATE);
        written = snd_pcm_writei(pcm, buffer, CHUNK);
    }
    if (written == -EAGAIN) return -1;
    if (written < 0) {
        /* An underrun: the chunk did not go out. Write it again, so every rendered frame is played
         * and a frame's number stays its place in the stream; the stream restarts after a gap, so
         * the frames' times start over. */
        written = snd_pcm_recover(pcm, (int)written, 1);
        start_segment();
        if (written >= 0) written = snd_pcm_writei(pcm, buffer, CHUNK);
    }
    if (written < 0) { fprintf(stderr, "peach-test-synth: playback failed: %s\n", snd_strerror((int)written)); return -1; }
    written_frames += written;
    if (report_latency) stamp_playback(pcm);
    return 0;
}

/* Let the faded tail play out, but never wait for ever: a loopback whose capture side has come
 * and gone can leave a blocking drain hanging (seen in the test VM). */
static void close_playback(snd_pcm_t *pcm) {
    snd_pcm_nonblock(pcm, 1);
    if (snd_pcm_drain(pcm) == -EAGAIN)
        for (int i = 0; i < 50 && snd_pcm_state(pcm) == SND_PCM_STATE_DRAINING; i++) usleep(10000);
    snd_pcm_drop(pcm);
    snd_pcm_close(pcm);
}

int main(int argc, char **argv) {
    const char *name = "Peach Test Synth", *device = "hw:Loopback,0,0";
    parse_options(argc, argv, &name, &device);
    for (int c = 0; c < 16; c++) channels[c] = (struct channel_state){ 0, 127, 127, 2, 0 };
    clear_bounds(0);

    snd_seq_t *seq;
    /* Duplex only to start the own queue (a queue control event is output). */
    if (snd_seq_open(&seq, "default", report_latency ? SND_SEQ_OPEN_DUPLEX : SND_SEQ_OPEN_INPUT, SND_SEQ_NONBLOCK) < 0) {
        fprintf(stderr, "peach-test-synth: cannot open the ALSA sequencer\n");
        return 1;
    }
    snd_seq_set_client_name(seq, name);
    int port = report_latency ? create_stamping_port(seq, name)
        : snd_seq_create_simple_port(seq, name, PORT_CAPABILITIES, PORT_TYPES);
    if (port < 0) { fprintf(stderr, "peach-test-synth: cannot create the port\n"); return 1; }
    snd_pcm_t *pcm = open_playback(device);
    if (!pcm) return 1;
    handle_signals();

    /* The playback buffer and period as the device set them: what its latency can be (tests check it). */
    snd_pcm_uframes_t buffer_size = 0, period_size = 0;
    snd_pcm_get_params(pcm, &buffer_size, &period_size);
    printf("READY %d:%d buffer %lu period %lu\n", snd_seq_client_id(seq), port, (unsigned long)buffer_size,
           (unsigned long)period_size);
    fflush(stdout);

    short buffer[CHUNK * 2];
    int fading = 0, stalled = 0;
    for (;;) {
        snd_seq_event_t *ev;
        while (snd_seq_event_input(seq, &ev) >= 0) receive(ev);
        if (stopping && !fading) {
            for (int c = 0; c < 16; c++) channel_off(c, CUT_FRAMES);
            pending_count = 0;  /* a delayed note-on must not start once everything fades */
            fading = 1;
            /* From here on a write never waits: a loopback whose capture side has gone can stop
             * taking audio (seen in the test VM), and then nothing is audible anyway. */
            snd_pcm_nonblock(pcm, 1);
        }
        render_chunk(buffer);
        if (write_chunk(pcm, buffer, &stalled) < 0) break;
        int sounding = 0;
        for (int i = 0; i < VOICES; i++) sounding |= voices[i].active;
        if (fading && !sounding) break;
    }
    close_playback(pcm);
    if (report_latency) {
        read_queue_offset(seq);
        print_click_latencies();
    }
    printf("UNDERRUNS %d\n", segments - 1);
    printf("REPORTED %d\n", click_count);
    fflush(stdout);
    snd_seq_close(seq);
    return 0;
}
