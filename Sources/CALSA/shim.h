#ifndef PEACH_CALSA_SHIM_H
#define PEACH_CALSA_SHIM_H
// The one place Peach touches libasound's headers. Macros Swift cannot import get
// `static inline` twins here (see docs/alsa-and-fluidsynth.md, "ALSA from Swift"), and
// libasound's variadic error handler (which Swift cannot write) lives here too.
#include <alsa/asoundlib.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <errno.h>
#include <sys/eventfd.h>
#include <poll.h>
#include <unistd.h>

// MARK: - libasound's error messages
//
// By default libasound prints its diagnostics to stderr, which would garble the terminal UI.
// The handler below keeps the last message of the calling thread instead; the Swift wrapper
// reads it right after a failing call (on the same thread) and passes it to Peach's logger.
// Thread-local, so a second client on another thread (a test's capture client) cannot mix in.

// (A function-local static: Swift's importer does not emit file-scope static variables of headers.)
static inline char *peach_alsa_message_buffer(void) {
    static _Thread_local char message[512];
    return message;
}

static void peach_alsa_error_handler(const char *file, int line, const char *function, int err,
                                     const char *fmt, ...) {
    char text[384];
    va_list args;
    va_start(args, fmt);
    vsnprintf(text, sizeof text, fmt, args);
    va_end(args);
    snprintf(peach_alsa_message_buffer(), 512, "%s%s%s (%s:%d %s)", text,
             err ? ": " : "", err ? snd_strerror(err) : "", file ? file : "?", line, function ? function : "?");
}

/// Routes libasound's diagnostics away from stderr. Idempotent; call before the first snd_* call.
static inline int peach_alsa_install_error_handler(void) {
    return snd_lib_error_set_handler(peach_alsa_error_handler);
}

/// The calling thread's last libasound diagnostic ("" if none), cleared by reading it.
/// Copies into `buffer` (at least 512 bytes) so Swift never holds a pointer into thread-local storage.
static inline void peach_alsa_take_message(char *buffer, size_t size) {
    snprintf(buffer, size, "%s", peach_alsa_message_buffer());
    peach_alsa_message_buffer()[0] = '\0';
}

// MARK: - Event construction (the snd_seq_ev_set_* macros)

static inline void peach_ev_clear(snd_seq_event_t *ev) { memset(ev, 0, sizeof *ev); }

/// From our port to everyone subscribed to it, at once (not through a queue).
static inline void peach_ev_to_subscribers_direct(snd_seq_event_t *ev, int source_port) {
    ev->source.port = (unsigned char)source_port;
    ev->dest.client = SND_SEQ_ADDRESS_SUBSCRIBERS;
    ev->dest.port = SND_SEQ_ADDRESS_UNKNOWN;
    ev->queue = SND_SEQ_QUEUE_DIRECT;
}

static inline void peach_ev_set_dest(snd_seq_event_t *ev, int client, int port) {
    ev->dest.client = (unsigned char)client;
    ev->dest.port = (unsigned char)port;
}

/// Delivered by `queue` `seconds`+`nanoseconds` after the queue's current real time.
static inline void peach_ev_schedule_real_relative(snd_seq_event_t *ev, int queue,
                                                   unsigned int seconds, unsigned int nanoseconds) {
    snd_seq_real_time_t time = { seconds, nanoseconds };
    snd_seq_ev_schedule_real(ev, queue, 1, &time);
}

/// Delivered by `queue` when its real time reaches `seconds`+`nanoseconds` (an absolute time on the
/// queue's clock, as `snd_seq_queue_status_get_real_time` reads it). A time already past leaves at once.
static inline void peach_ev_schedule_real_absolute(snd_seq_event_t *ev, int queue,
                                                   unsigned int seconds, unsigned int nanoseconds) {
    snd_seq_real_time_t time = { seconds, nanoseconds };
    snd_seq_ev_schedule_real(ev, queue, 0, &time);
}

/// The event's 8-bit tag: `snd_seq_remove_events` with SND_SEQ_REMOVE_TAG_MATCH removes only the
/// scheduled events that carry it (Peach tags the rhythm's events, so cancelling a rhythm leaves a
/// note's queued note-off alone).
static inline void peach_ev_set_tag(snd_seq_event_t *ev, int tag) { ev->tag = (unsigned char)tag; }

static inline void peach_ev_set_noteon(snd_seq_event_t *ev, int channel, int note, int velocity) {
    snd_seq_ev_set_noteon(ev, channel, note, velocity);
}

static inline void peach_ev_set_noteoff(snd_seq_event_t *ev, int channel, int note, int velocity) {
    snd_seq_ev_set_noteoff(ev, channel, note, velocity);
}

static inline void peach_ev_set_controller(snd_seq_event_t *ev, int channel, int controller, int value) {
    snd_seq_ev_set_controller(ev, channel, controller, value);
}

static inline void peach_ev_set_pgmchange(snd_seq_event_t *ev, int channel, int program) {
    snd_seq_ev_set_pgmchange(ev, channel, program);
}

/// `value` is signed −8192…8191 as the sequencer carries it.
static inline void peach_ev_set_pitchbend(snd_seq_event_t *ev, int channel, int value) {
    snd_seq_ev_set_pitchbend(ev, channel, value);
}

/// A private marker event (USR0) carrying `tag`; Peach sends it to itself to learn when the queue
/// has delivered everything scheduled before it.
static inline void peach_ev_set_marker(snd_seq_event_t *ev, unsigned int tag) {
    ev->type = SND_SEQ_EVENT_USR0;
    snd_seq_ev_set_fixed(ev);
    ev->data.raw32.d[0] = tag;
}

// MARK: - Event reading

static inline int peach_ev_type(const snd_seq_event_t *ev) { return ev->type; }
static inline unsigned int peach_ev_marker_tag(const snd_seq_event_t *ev) { return ev->data.raw32.d[0]; }
/// True when the event carries a real-time stamp (set by a timestamping port).
static inline int peach_ev_has_real_time(const snd_seq_event_t *ev) {
    return (ev->flags & SND_SEQ_TIME_STAMP_MASK) == SND_SEQ_TIME_STAMP_REAL;
}
static inline unsigned long long peach_ev_real_time_ns(const snd_seq_event_t *ev) {
    return (unsigned long long)ev->time.time.tv_sec * 1000000000ULL + ev->time.time.tv_nsec;
}
/// The queue the event's time refers to (for a timestamping port: the queue it stamps with).
static inline int peach_ev_queue(const snd_seq_event_t *ev) { return ev->queue; }

// MARK: - Queue control and the input thread's wake-up descriptor

/// snd_seq_start_queue is a macro: puts a START event in the output buffer (drain it afterwards).
static inline int peach_seq_start_queue(snd_seq_t *seq, int queue) {
    return snd_seq_control_queue(seq, queue, SND_SEQ_EVENT_START, 0, NULL);
}

/// A non-blocking, close-on-exec eventfd (Glibc's Swift module does not export sys/eventfd.h).
static inline int peach_eventfd(void) { return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC); }

// MARK: - Constants Swift imports awkwardly (enum values and cast macros)

static inline int peach_timer_hrtimer(void) { return SND_TIMER_GLOBAL_HRTIMER; }
static inline int peach_timer_system(void) { return SND_TIMER_GLOBAL_SYSTEM; }
static inline int peach_timer_class_global(void) { return SND_TIMER_CLASS_GLOBAL; }
static inline int peach_seq_timer_alsa(void) { return SND_SEQ_TIMER_ALSA; }

// MARK: - Emergency output (async-signal-safe)

/// Writes `length` bytes of pre-encoded fixed-length events straight to the sequencer's descriptor
/// (what snd_seq_event_output_direct does underneath, without libasound). Only write(2) and
/// poll(2), both async-signal-safe, so a crash handler may call it. A full kernel pool is waited
/// for in 10 ms steps, `timeout_ms` in total at most: a crash never turns into a hang. The kernel
/// stops a write at the first event it cannot deliver (a destination that has gone): that event is
/// skipped and the rest still go out. errno is preserved. Returns 0 when every event was delivered.
static inline int peach_write_events_signal_safe(int fd, const void *bytes, size_t length, int timeout_ms) {
    int saved = errno;
    const size_t event_size = sizeof(snd_seq_event_t);
    const char *next = (const char *)bytes;
    size_t left = length;
    int waited = 0;
    int failed = 0;
    while (left >= event_size) {
        ssize_t written = write(fd, next, left);
        if (written > 0) { next += written; left -= (size_t)written; continue; }
        if (written < 0 && errno == EINTR) continue;
        if (written < 0 && errno == EAGAIN) {
            if (waited >= timeout_ms) { failed = 1; break; }
            struct pollfd room = { fd, POLLOUT, 0 };
            (void)poll(&room, 1, 10);
            waited += 10;
            continue;
        }
        failed = 1;
        next += event_size;
        left -= event_size;
    }
    errno = saved;
    return failed ? -1 : 0;
}

// MARK: - PCM capture (synth calibration through an audio input)

/// Asks the kernel to stamp the PCM's pointer with CLOCK_MONOTONIC (software parameters: timestamp
/// mode and type). `snd_pcm_status` then reports, with the frames waiting, the monotonic time at which
/// the pointer last moved: the same clock the sequencer queue's real time is interpolated with.
/// (`snd_pcm_sw_params_alloca` is a macro Swift cannot call.)
static inline int peach_pcm_enable_monotonic_timestamps(snd_pcm_t *pcm) {
    snd_pcm_sw_params_t *params;
    snd_pcm_sw_params_alloca(&params);
    int err = snd_pcm_sw_params_current(pcm, params);
    if (err >= 0) err = snd_pcm_sw_params_set_tstamp_mode(pcm, params, SND_PCM_TSTAMP_ENABLE);
    if (err >= 0) err = snd_pcm_sw_params_set_tstamp_type(pcm, params, SND_PCM_TSTAMP_TYPE_MONOTONIC);
    if (err >= 0) err = snd_pcm_sw_params(pcm, params);
    return err;
}

/// Opens `device` for capture as interleaved signed 16-bit at `rate` Hz with `channels` channels
/// (no resampling), ~500 ms of buffer (a busy machine must not overrun it), monotonic timestamps on,
/// and starts it.
static inline int peach_pcm_open_capture(snd_pcm_t **pcm, const char *device, unsigned int rate, unsigned int channels) {
    int err = snd_pcm_open(pcm, device, SND_PCM_STREAM_CAPTURE, 0);
    if (err < 0) return err;
    err = snd_pcm_set_params(*pcm, SND_PCM_FORMAT_S16_LE, SND_PCM_ACCESS_RW_INTERLEAVED, channels, rate, 0, 500000);
    if (err >= 0) err = peach_pcm_enable_monotonic_timestamps(*pcm);
    // set_params sets a start threshold of a whole buffer, which reads of one period never reach
    // (the read then times out with EIO): start explicitly.
    if (err >= 0) err = snd_pcm_start(*pcm);
    if (err < 0) { snd_pcm_close(*pcm); *pcm = NULL; }
    return err;
}

/// Reads up to `frames` frames. An overrun (-EPIPE, -ESTRPIPE) is recovered, counted in
/// `overruns` and returns 0 (the caller reads on; the audio has a gap). Otherwise frames read, or a
/// negative error.
static inline long peach_pcm_read(snd_pcm_t *pcm, short *buffer, unsigned long frames, int *overruns) {
    snd_pcm_sframes_t got = snd_pcm_readi(pcm, buffer, frames);
    if (got == -EPIPE || got == -ESTRPIPE) {
        (*overruns)++;
        int err = snd_pcm_recover(pcm, (int)got, 1);
        if (err >= 0) err = snd_pcm_start(pcm);  // recover only prepares it (see the start threshold above)
        return err < 0 ? err : 0;
    }
    return (long)got;
}

/// One timestamp of a running capture: `*delay` frames were captured but not yet read when the pointer
/// was last updated, at `*nanoseconds` of CLOCK_MONOTONIC (with the timestamps above). So the frame
/// position (frames read so far + delay) was reached at that time. -EBADFD when the capture is not running.
/// (`snd_pcm_status_alloca` is a macro Swift cannot call.)
static inline int peach_pcm_timestamp(snd_pcm_t *pcm, long *delay, long long *nanoseconds) {
    snd_pcm_status_t *status;
    snd_pcm_status_alloca(&status);
    int err = snd_pcm_status(pcm, status);
    if (err < 0) return err;
    if (snd_pcm_status_get_state(status) != SND_PCM_STATE_RUNNING) return -EBADFD;
    snd_htimestamp_t stamp;
    snd_pcm_status_get_htstamp(status, &stamp);
    *delay = (long)snd_pcm_status_get_delay(status);
    *nanoseconds = (long long)stamp.tv_sec * 1000000000LL + stamp.tv_nsec;
    return 0;
}

#endif
