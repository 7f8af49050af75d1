// seqprobe: the benchmark's own ALSA sequencer clients, in plain C so they cost the same on any
// machine and are not part of what is measured (scripts/bench builds it into .build/bench/).
//
//   seqprobe capture OUT     one writable port; records every note-on/off, bend and CC it receives with
//                            CLOCK_MONOTONIC receipt times to OUT ("ns kind channel a b" per line) until
//                            stdin closes. Prints "READY client:port" first.
//   seqprobe send DEST RATE COUNT OUT
//                            sends COUNT controller events (CC 1, channel 1) to DEST at RATE per second,
//                            values sweeping 0..127..0 so neighbours always differ; records the
//                            CLOCK_MONOTONIC time just before each send to OUT ("ns value" per line).
//   seqprobe notes DEST COUNT MS
//                            the reference for note timing: COUNT notes to DEST, each a direct note-on and a
//                            note-off scheduled MS later on a real-time queue (what Peach's player does),
//                            back to back, the next one once the note-off has been delivered (an echo).
//   seqprobe forward         the reference forwarder: the minimal CC in -> pitch bend out client
//                            (value v -> bend v*128-8192, no logic). Prints "READY in=c:p out=c:p";
//                            runs until stdin closes.
//   seqprobe maxrss PROGRAM ARGS...
//                            runs PROGRAM (stdin/stdout/stderr to /dev/null) and prints "ELAPSED_NS MAXRSS_KB"
//                            of that child alone. A child forked from this small process starts small: one
//                            forked from the large benchmark would report the benchmark's own peak (Linux
//                            carries the pre-exec high-water mark into ru_maxrss).
// All three block in poll() on the sequencer and stdin; none of them busy-waits.
#define _GNU_SOURCE
#include <alsa/asoundlib.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>

static unsigned long long now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (unsigned long long)t.tv_sec * 1000000000ULL + t.tv_nsec;
}

static snd_seq_t *open_client(const char *name, int mode) {
    snd_seq_t *seq;
    if (snd_seq_open(&seq, "default", mode, 0) < 0) { perror("snd_seq_open"); exit(2); }
    snd_seq_set_client_name(seq, name);
    return seq;
}

static int make_port(snd_seq_t *seq, const char *name, unsigned caps) {
    int port = snd_seq_create_simple_port(seq, name, caps, SND_SEQ_PORT_TYPE_MIDI_GENERIC | SND_SEQ_PORT_TYPE_APPLICATION);
    if (port < 0) { fprintf(stderr, "create port: %s\n", snd_strerror(port)); exit(2); }
    return port;
}

// Waits for sequencer input or stdin; returns 0 once stdin has closed (or said anything).
static int wait_input(snd_seq_t *seq, struct pollfd *fds, int n) {
    for (;;) {
        int r = poll(fds, n, -1);
        if (r < 0) continue;
        if (fds[0].revents) return 0;
        return 1;
    }
}

static int poll_setup(snd_seq_t *seq, struct pollfd *fds) {
    fds[0].fd = 0; fds[0].events = POLLIN;
    int n = snd_seq_poll_descriptors(seq, fds + 1, 4, POLLIN);
    return n + 1;
}

static int capture(const char *out) {
    snd_seq_t *seq = open_client("bench-capture", SND_SEQ_OPEN_DUPLEX);
    int port = make_port(seq, "capture", SND_SEQ_PORT_CAP_WRITE | SND_SEQ_PORT_CAP_SUBS_WRITE);
    FILE *f = fopen(out, "w");
    if (!f) { perror(out); return 2; }
    static char buffer[1 << 22];
    setvbuf(f, buffer, _IOFBF, sizeof buffer);
    printf("READY %d:%d\n", snd_seq_client_id(seq), port);
    fflush(stdout);
    snd_seq_nonblock(seq, 1);
    struct pollfd fds[5];
    int n = poll_setup(seq, fds);
    while (wait_input(seq, fds, n)) {
        snd_seq_event_t *ev;
        while (snd_seq_event_input(seq, &ev) >= 0 && ev) {
            unsigned long long t = now_ns();
            switch (ev->type) {
            case SND_SEQ_EVENT_NOTEON:
                fprintf(f, "%llu %s %d %d %d\n", t, ev->data.note.velocity ? "on" : "off", ev->data.note.channel,
                        ev->data.note.note, ev->data.note.velocity);
                break;
            case SND_SEQ_EVENT_NOTEOFF:
                fprintf(f, "%llu off %d %d %d\n", t, ev->data.note.channel, ev->data.note.note, ev->data.note.velocity);
                break;
            case SND_SEQ_EVENT_PITCHBEND:
                fprintf(f, "%llu bend %d %d 0\n", t, ev->data.control.channel, ev->data.control.value);
                break;
            case SND_SEQ_EVENT_CONTROLLER:
                fprintf(f, "%llu cc %d %u %d\n", t, ev->data.control.channel, ev->data.control.param, ev->data.control.value);
                break;
            default: break;
            }
        }
    }
    fclose(f);
    snd_seq_close(seq);
    return 0;
}

static int send_cc(const char *dest, double rate, int count, const char *out) {
    snd_seq_t *seq = open_client("bench-sender", SND_SEQ_OPEN_OUTPUT);
    int port = make_port(seq, "sender", SND_SEQ_PORT_CAP_READ | SND_SEQ_PORT_CAP_SUBS_READ);
    snd_seq_addr_t addr;
    if (snd_seq_parse_address(seq, &addr, dest) < 0) { fprintf(stderr, "bad address %s\n", dest); return 2; }
    int r = snd_seq_connect_to(seq, port, addr.client, addr.port);
    if (r < 0) { fprintf(stderr, "connect to %s: %s\n", dest, snd_strerror(r)); return 2; }
    unsigned long long *times = calloc(count, sizeof *times);
    int *values = calloc(count, sizeof *values);
    struct timespec next;
    clock_gettime(CLOCK_MONOTONIC, &next);
    long step = (long)(1e9 / rate);
    for (int i = 0; i < count; i++) {
        int phase = i % 254;
        int v = phase < 127 ? phase : 254 - phase;  // 0..126, 127..1: neighbours differ
        snd_seq_event_t ev;
        snd_seq_ev_clear(&ev);
        snd_seq_ev_set_source(&ev, port);
        snd_seq_ev_set_subs(&ev);
        snd_seq_ev_set_direct(&ev);
        snd_seq_ev_set_controller(&ev, 0, 1, v);
        values[i] = v;
        times[i] = now_ns();
        snd_seq_event_output_direct(seq, &ev);
        next.tv_nsec += step;
        while (next.tv_nsec >= 1000000000L) { next.tv_nsec -= 1000000000L; next.tv_sec++; }
        clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &next, NULL);
    }
    FILE *f = fopen(out, "w");
    if (!f) { perror(out); return 2; }
    for (int i = 0; i < count; i++) fprintf(f, "%llu %d\n", times[i], values[i]);
    fclose(f);
    snd_seq_close(seq);
    return 0;
}

static int forward(void) {
    snd_seq_t *seq = open_client("bench-forwarder", SND_SEQ_OPEN_DUPLEX);
    int in = make_port(seq, "in", SND_SEQ_PORT_CAP_WRITE | SND_SEQ_PORT_CAP_SUBS_WRITE);
    int outp = make_port(seq, "out", SND_SEQ_PORT_CAP_READ | SND_SEQ_PORT_CAP_SUBS_READ);
    int me = snd_seq_client_id(seq);
    printf("READY in=%d:%d out=%d:%d\n", me, in, me, outp);
    fflush(stdout);
    snd_seq_nonblock(seq, 1);
    struct pollfd fds[5];
    int n = poll_setup(seq, fds);
    while (wait_input(seq, fds, n)) {
        snd_seq_event_t *ev;
        while (snd_seq_event_input(seq, &ev) >= 0 && ev) {
            if (ev->type != SND_SEQ_EVENT_CONTROLLER) continue;
            snd_seq_event_t bend;
            snd_seq_ev_clear(&bend);
            snd_seq_ev_set_source(&bend, outp);
            snd_seq_ev_set_subs(&bend);
            snd_seq_ev_set_direct(&bend);
            snd_seq_ev_set_pitchbend(&bend, ev->data.control.channel, ev->data.control.value * 128 - 8192);
            snd_seq_event_output_direct(seq, &bend);
        }
    }
    snd_seq_close(seq);
    return 0;
}

static int notes(const char *dest, int count, int ms) {
    snd_seq_t *seq = open_client("bench-notes", SND_SEQ_OPEN_DUPLEX);
    int port = make_port(seq, "notes", SND_SEQ_PORT_CAP_READ | SND_SEQ_PORT_CAP_SUBS_READ | SND_SEQ_PORT_CAP_WRITE);
    snd_seq_addr_t addr;
    if (snd_seq_parse_address(seq, &addr, dest) < 0) { fprintf(stderr, "bad address %s\n", dest); return 2; }
    int r = snd_seq_connect_to(seq, port, addr.client, addr.port);
    if (r < 0) { fprintf(stderr, "connect to %s: %s\n", dest, snd_strerror(r)); return 2; }
    int queue = snd_seq_alloc_named_queue(seq, "bench");
    snd_seq_start_queue(seq, queue, NULL);
    snd_seq_drain_output(seq);
    int me = snd_seq_client_id(seq);
    for (int i = 0; i < count; i++) {
        snd_seq_event_t ev;
        snd_seq_ev_clear(&ev);
        snd_seq_ev_set_source(&ev, port);
        snd_seq_ev_set_subs(&ev);
        snd_seq_ev_set_direct(&ev);
        snd_seq_ev_set_noteon(&ev, 0, 60 + i % 12, 90);
        snd_seq_event_output_direct(seq, &ev);
        snd_seq_real_time_t later = { (unsigned)(ms / 1000), (unsigned)(ms % 1000) * 1000000u };
        snd_seq_ev_clear(&ev);
        snd_seq_ev_set_source(&ev, port);
        snd_seq_ev_set_subs(&ev);
        snd_seq_ev_schedule_real(&ev, queue, 1, &later);
        snd_seq_ev_set_noteoff(&ev, 0, 60 + i % 12, 0);
        snd_seq_event_output(seq, &ev);
        // An echo to ourselves at the same time: the note has ended when it comes back.
        snd_seq_ev_clear(&ev);
        snd_seq_ev_set_source(&ev, port);
        snd_seq_ev_set_dest(&ev, me, port);
        snd_seq_ev_schedule_real(&ev, queue, 1, &later);
        ev.type = SND_SEQ_EVENT_ECHO;
        snd_seq_event_output(seq, &ev);
        snd_seq_drain_output(seq);
        snd_seq_event_t *in;
        do { r = snd_seq_event_input(seq, &in); } while (r >= 0 && in && in->type != SND_SEQ_EVENT_ECHO);
    }
    snd_seq_close(seq);
    return 0;
}

static int maxrss(char **argv) {
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    pid_t pid = fork();
    if (pid < 0) { perror("fork"); return 1; }
    if (pid == 0) {
        int null = open("/dev/null", O_RDWR);
        dup2(null, 0); dup2(null, 1); dup2(null, 2);
        execvp(argv[0], argv);
        _exit(127);
    }
    int status;
    struct rusage usage;
    if (wait4(pid, &status, 0, &usage) < 0) { perror("wait4"); return 1; }
    clock_gettime(CLOCK_MONOTONIC, &end);
    long long ns = (long long)(end.tv_sec - start.tv_sec) * 1000000000LL + (end.tv_nsec - start.tv_nsec);
    printf("%lld %ld\n", ns, usage.ru_maxrss);
    return 0;
}

int main(int argc, char **argv) {
    if (argc >= 3 && !strcmp(argv[1], "maxrss")) return maxrss(argv + 2);
    if (argc >= 5 && !strcmp(argv[1], "notes")) return notes(argv[2], atoi(argv[3]), atoi(argv[4]));
    if (argc >= 3 && !strcmp(argv[1], "capture")) return capture(argv[2]);
    if (argc >= 6 && !strcmp(argv[1], "send")) return send_cc(argv[2], atof(argv[3]), atoi(argv[4]), argv[5]);
    if (argc >= 2 && !strcmp(argv[1], "forward")) return forward();
    fprintf(stderr, "usage: seqprobe capture OUT | send DEST RATE COUNT OUT | notes DEST COUNT MS | forward\n");
    return 2;
}
