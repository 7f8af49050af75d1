// rhythmprobe: the rhythm benchmark's own sequencer clients, in plain C (scripts/bench builds it into
// .build/bench/). See bench/README.md, "rhythm".
//
//   rhythmprobe capture OUT  one writable port whose arrivals the kernel stamps with real time on this client's
//                            own queue (snd_seq_port_info_set_timestamping/_real/_queue). Records every note-on
//                            and note-off to OUT as "ns on|off channel note velocity source-client". A line on
//                            stdin ("mark N") writes "ns mark 0 N 0 0" with the queue's time now, so a reader can
//                            tell trials apart. Prints "READY client:port"; ends when stdin closes.
//   rhythmprobe play DEST    the reference player: what Peach's MidiRhythmPlayer does, with no logic around it.
//                            Opens a client with a real-time queue started at once (before any pattern), connects
//                            to DEST, prints "READY client:port", then for each stdin line "pattern IOI_US STEPS
//                            LEAD_MS" schedules STEPS clicks IOI_US apart, the first LEAD_MS after the queue's
//                            time now: each a note-on at its absolute queue time (the first an accent: key 76 at
//                            110, the rest key 77 at 80, on channel 10) and its note-off 50 ms later (or at the next
//                            click), then an echo to itself at the last click; prints "DONE" when the echo is back.
//   rhythmprobe tap DEST QUEUE [CAPTURE]  a pad: connects to DEST (Peach:in), and to CAPTURE (a `rhythmprobe capture`
//                            port, the reference stamper) if given; prints "READY client:port"; for each stdin line
//                            "tap" reads queue QUEUE's real time (Peach's queue: any client may read a queue's status)
//                            and the capture's queue ("rhythm capture"), sends one note-on directly to both and prints
//                            "SENT ns capture-ns" with the times read just before it (capture-ns 0 without CAPTURE).
//   rhythmprobe burn         spins on the CPU until stdin closes (the "loaded" condition).
//   rhythmprobe wake HZ SECONDS  a user-space timer (timerfd) waking HZ times a second for SECONDS, read each time;
//                            prints "WAKE expirations N cpu-us U" (this process's user + system time). Needs no
//                            sequencer: run natively, it bounds what a queue waking as often costs (the queue's own
//                            wake-ups run in the kernel and wake no process, so they cost less).
// None of them sleeps to time an event: the clicks are the kernel queue's.
#define _GNU_SOURCE
#include <alsa/asoundlib.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/timerfd.h>
#include <unistd.h>

static snd_seq_t *open_client(const char *name) {
    snd_seq_t *seq;
    if (snd_seq_open(&seq, "default", SND_SEQ_OPEN_DUPLEX, 0) < 0) { perror("snd_seq_open"); exit(2); }
    snd_seq_set_client_name(seq, name);
    return seq;
}

/* PEACH_BENCH_QUEUE_HZ: the queue's wake-up frequency, as Peach's queue is given it (else the kernel's 1000 Hz). */
static void set_queue_frequency(snd_seq_t *seq, int queue) {
    const char *hz = getenv("PEACH_BENCH_QUEUE_HZ");
    if (!hz || atoi(hz) <= 0) return;
    snd_seq_queue_timer_t *timer;
    snd_seq_queue_timer_alloca(&timer);
    int r = snd_seq_get_queue_timer(seq, queue, timer);
    if (r >= 0) {
        snd_seq_queue_timer_set_resolution(timer, (unsigned)atoi(hz));
        r = snd_seq_set_queue_timer(seq, queue, timer);
    }
    if (r < 0) { fprintf(stderr, "queue frequency %s Hz: %s\n", hz, snd_strerror(r)); exit(2); }
}

static int start_queue(snd_seq_t *seq, const char *name) {
    int queue = snd_seq_alloc_named_queue(seq, name);
    if (queue < 0) { fprintf(stderr, "alloc queue: %s\n", snd_strerror(queue)); exit(2); }
    set_queue_frequency(seq, queue);
    snd_seq_start_queue(seq, queue, NULL);
    snd_seq_drain_output(seq);
    return queue;
}

static unsigned long long queue_ns(snd_seq_t *seq, int queue) {
    snd_seq_queue_status_t *status;
    snd_seq_queue_status_malloc(&status);
    unsigned long long ns = 0;
    if (snd_seq_get_queue_status(seq, queue, status) >= 0) {
        const snd_seq_real_time_t *t = snd_seq_queue_status_get_real_time(status);
        ns = (unsigned long long)t->tv_sec * 1000000000ULL + t->tv_nsec;
    }
    snd_seq_queue_status_free(status);
    return ns;
}

static int capture(const char *out) {
    snd_seq_t *seq = open_client("rhythm-capture");
    int queue = start_queue(seq, "rhythm capture");
    snd_seq_port_info_t *info;
    snd_seq_port_info_malloc(&info);
    snd_seq_port_info_set_name(info, "capture");
    snd_seq_port_info_set_capability(info, SND_SEQ_PORT_CAP_WRITE | SND_SEQ_PORT_CAP_SUBS_WRITE);
    snd_seq_port_info_set_type(info, SND_SEQ_PORT_TYPE_MIDI_GENERIC | SND_SEQ_PORT_TYPE_APPLICATION | SND_SEQ_PORT_TYPE_SYNTHESIZER);
    snd_seq_port_info_set_timestamping(info, 1);
    snd_seq_port_info_set_timestamp_real(info, 1);
    snd_seq_port_info_set_timestamp_queue(info, queue);
    int r = snd_seq_create_port(seq, info);
    if (r < 0) { fprintf(stderr, "create port: %s\n", snd_strerror(r)); return 2; }
    int port = snd_seq_port_info_get_port(info);
    snd_seq_port_info_free(info);
    FILE *f = fopen(out, "w");
    if (!f) { perror(out); return 2; }
    static char buffer[1 << 22];
    setvbuf(f, buffer, _IOFBF, sizeof buffer);
    printf("READY %d:%d\n", snd_seq_client_id(seq), port);
    fflush(stdout);
    snd_seq_nonblock(seq, 1);
    struct pollfd fds[5];
    fds[0].fd = 0; fds[0].events = POLLIN;
    int n = 1 + snd_seq_poll_descriptors(seq, fds + 1, 4, POLLIN);
    char line[128];
    size_t used = 0;
    for (;;) {
        if (poll(fds, n, -1) < 0) continue;
        if (fds[0].revents) {
            ssize_t got = read(0, line + used, sizeof line - 1 - used);
            if (got <= 0) break;
            used += (size_t)got;
            line[used] = 0;
            char *end;
            while ((end = strchr(line, '\n'))) {
                *end = 0;
                int mark;
                if (sscanf(line, "mark %d", &mark) == 1) fprintf(f, "%llu mark 0 %d 0 0\n", queue_ns(seq, queue), mark);
                used -= (size_t)(end + 1 - line);
                memmove(line, end + 1, used + 1);
            }
            if (used >= sizeof line - 1) used = 0;
        }
        snd_seq_event_t *ev;
        while (snd_seq_event_input(seq, &ev) >= 0 && ev) {
            unsigned long long t = (unsigned long long)ev->time.time.tv_sec * 1000000000ULL + ev->time.time.tv_nsec;
            if (ev->type == SND_SEQ_EVENT_NOTEON || ev->type == SND_SEQ_EVENT_NOTEOFF) {
                int on = ev->type == SND_SEQ_EVENT_NOTEON && ev->data.note.velocity > 0;
                fprintf(f, "%llu %s %d %d %d %d\n", t, on ? "on" : "off", ev->data.note.channel, ev->data.note.note,
                        ev->data.note.velocity, ev->source.client);
            }
        }
    }
    fclose(f);
    snd_seq_close(seq);
    return 0;
}

static void schedule_at(snd_seq_t *seq, snd_seq_event_t *ev, int queue, unsigned long long ns) {
    snd_seq_real_time_t time = { (unsigned)(ns / 1000000000ULL), (unsigned)(ns % 1000000000ULL) };
    snd_seq_ev_schedule_real(ev, queue, 0, &time);
    snd_seq_event_output_direct(seq, ev);
}

static int play(const char *dest) {
    snd_seq_t *seq = open_client("rhythm-reference");
    int port = snd_seq_create_simple_port(seq, "out", SND_SEQ_PORT_CAP_READ | SND_SEQ_PORT_CAP_SUBS_READ | SND_SEQ_PORT_CAP_WRITE,
                                          SND_SEQ_PORT_TYPE_MIDI_GENERIC | SND_SEQ_PORT_TYPE_APPLICATION);
    snd_seq_addr_t addr;
    if (snd_seq_parse_address(seq, &addr, dest) < 0) { fprintf(stderr, "bad address %s\n", dest); return 2; }
    int r = snd_seq_connect_to(seq, port, addr.client, addr.port);
    if (r < 0) { fprintf(stderr, "connect to %s: %s\n", dest, snd_strerror(r)); return 2; }
    int queue = start_queue(seq, "rhythm reference");
    int me = snd_seq_client_id(seq);
    printf("READY %d:%d\n", me, port);
    fflush(stdout);
    char line[128];
    while (fgets(line, sizeof line, stdin)) {
        long ioi_us; int steps, lead_ms;
        if (sscanf(line, "pattern %ld %d %d", &ioi_us, &steps, &lead_ms) != 3 || steps < 1) continue;
        unsigned long long ioi = (unsigned long long)ioi_us * 1000ULL;
        unsigned long long length = 50000000ULL < ioi ? 50000000ULL : ioi;
        unsigned long long start = queue_ns(seq, queue) + (unsigned long long)lead_ms * 1000000ULL;
        for (int i = 0; i < steps; i++) {
            int note = i == 0 ? 76 : 77, velocity = i == 0 ? 110 : 80;
            snd_seq_event_t ev;
            snd_seq_ev_clear(&ev);
            snd_seq_ev_set_source(&ev, port);
            snd_seq_ev_set_subs(&ev);
            snd_seq_ev_set_noteon(&ev, 9, note, velocity);
            schedule_at(seq, &ev, queue, start + i * ioi);
            snd_seq_ev_clear(&ev);
            snd_seq_ev_set_source(&ev, port);
            snd_seq_ev_set_subs(&ev);
            snd_seq_ev_set_noteoff(&ev, 9, note, 0);
            schedule_at(seq, &ev, queue, start + i * ioi + length);
        }
        snd_seq_event_t echo;
        snd_seq_ev_clear(&echo);
        snd_seq_ev_set_source(&echo, port);
        snd_seq_ev_set_dest(&echo, me, port);
        echo.type = SND_SEQ_EVENT_ECHO;
        schedule_at(seq, &echo, queue, start + (steps - 1) * ioi);
        snd_seq_event_t *in;
        do { r = snd_seq_event_input(seq, &in); } while (r >= 0 && in && in->type != SND_SEQ_EVENT_ECHO);
        printf("DONE\n");
        fflush(stdout);
    }
    snd_seq_close(seq);
    return 0;
}

static int tap(const char *dest, int queue, const char *capture) {
    snd_seq_t *seq = open_client("rhythm-pad");
    int port = snd_seq_create_simple_port(seq, "pad", SND_SEQ_PORT_CAP_READ | SND_SEQ_PORT_CAP_SUBS_READ,
                                          SND_SEQ_PORT_TYPE_MIDI_GENERIC | SND_SEQ_PORT_TYPE_APPLICATION);
    snd_seq_addr_t addr;
    if (snd_seq_parse_address(seq, &addr, dest) < 0) { fprintf(stderr, "bad address %s\n", dest); return 2; }
    int r = snd_seq_connect_to(seq, port, addr.client, addr.port);
    if (r < 0) { fprintf(stderr, "connect to %s: %s\n", dest, snd_strerror(r)); return 2; }
    int capture_queue = -1;
    if (capture) {
        if (snd_seq_parse_address(seq, &addr, capture) < 0) { fprintf(stderr, "bad address %s\n", capture); return 2; }
        r = snd_seq_connect_to(seq, port, addr.client, addr.port);
        if (r < 0) { fprintf(stderr, "connect to %s: %s\n", capture, snd_strerror(r)); return 2; }
        capture_queue = snd_seq_query_named_queue(seq, "rhythm capture");
        if (capture_queue < 0) { fprintf(stderr, "no queue 'rhythm capture'\n"); return 2; }
    }
    printf("READY %d:%d\n", snd_seq_client_id(seq), port);
    fflush(stdout);
    char line[64];
    while (fgets(line, sizeof line, stdin)) {
        if (strncmp(line, "tap", 3)) continue;
        snd_seq_event_t ev;
        snd_seq_ev_clear(&ev);
        snd_seq_ev_set_source(&ev, port);
        snd_seq_ev_set_subs(&ev);
        snd_seq_ev_set_direct(&ev);
        snd_seq_ev_set_noteon(&ev, 0, 60, 100);
        unsigned long long sent = queue_ns(seq, queue);
        unsigned long long captured = capture_queue >= 0 ? queue_ns(seq, capture_queue) : 0;
        snd_seq_event_output_direct(seq, &ev);
        printf("SENT %llu %llu\n", sent, captured);
        fflush(stdout);
    }
    snd_seq_close(seq);
    return 0;
}

static int wake(int hz, int seconds) {
    if (hz <= 0 || seconds <= 0) { fprintf(stderr, "wake: HZ and SECONDS must be positive\n"); return 2; }
    int fd = timerfd_create(CLOCK_MONOTONIC, 0);
    if (fd < 0) { perror("timerfd_create"); return 2; }
    long period = 1000000000L / hz;
    struct itimerspec spec = { { 0, period }, { 0, period } };
    if (timerfd_settime(fd, 0, &spec, NULL) < 0) { perror("timerfd_settime"); return 2; }
    unsigned long long total = 0, wanted = (unsigned long long)hz * seconds;
    while (total < wanted) {
        unsigned long long expirations;
        if (read(fd, &expirations, sizeof expirations) != sizeof expirations) { perror("read"); return 2; }
        total += expirations;
    }
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    long long cpu = (long long)usage.ru_utime.tv_sec * 1000000 + usage.ru_utime.tv_usec
        + (long long)usage.ru_stime.tv_sec * 1000000 + usage.ru_stime.tv_usec;
    printf("WAKE expirations %llu cpu-us %lld\n", total, cpu);
    return 0;
}

static int burn(void) {
    volatile unsigned long long sink = 0;
    struct pollfd in = { 0, POLLIN, 0 };
    for (;;) {
        for (unsigned long i = 0; i < 20000000UL; i++) sink += i;
        if (poll(&in, 1, 0) > 0) {
            char c;
            if (read(0, &c, 1) <= 0) break;
        }
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc >= 3 && !strcmp(argv[1], "capture")) return capture(argv[2]);
    if (argc >= 3 && !strcmp(argv[1], "play")) return play(argv[2]);
    if (argc >= 4 && !strcmp(argv[1], "tap")) return tap(argv[2], atoi(argv[3]), argc >= 5 ? argv[4] : NULL);
    if (argc >= 2 && !strcmp(argv[1], "burn")) return burn();
    if (argc >= 4 && !strcmp(argv[1], "wake")) return wake(atoi(argv[2]), atoi(argv[3]));
    fprintf(stderr, "usage: rhythmprobe capture OUT | play DEST | tap DEST QUEUE [CAPTURE] | burn | wake HZ SECONDS\n");
    return 2;
}
