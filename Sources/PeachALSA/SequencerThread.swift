import CALSA
import Foundation
import Glibc
import PeachCore
import Synchronization
import PeachText

/// The one thread that owns Peach's `snd_seq_t`. It sleeps in `poll()` on the sequencer's input
/// descriptors plus an eventfd; other threads hand it jobs (closures run with the session) and ring
/// the eventfd, so every libasound call happens here, in order, and incoming events are read as
/// soon as they arrive. Stopping is one more ring: the loop ends, the client closes, streams finish.
final class SequencerThread: Sendable {
    typealias Job = @Sendable (SequencerSession) -> Void

    struct Identity: Sendable {
        let client: Int
        let outputPort: Int
        let inputPort: Int
        let queue: Int
    }

    private struct Mailbox {
        var jobs: [Job] = []
        var stopping = false
    }

    private let mailbox = Mutex(Mailbox())
    private let wake: Int32

    private init(wake: Int32) { self.wake = wake }

    /// Opens the client on a new thread and waits until it is ready (or failed to open).
    static func start(clientName: String, queueFrequency: Int, logger: any PeachLogger) throws(SequencerError) -> (SequencerThread, Identity) {
        let wake = peach_eventfd()
        guard wake >= 0 else { throw .call("eventfd", code: -errno, detail: "") }
        let thread = SequencerThread(wake: wake)
        let opened = Mutex<Result<Identity, SequencerError>?>(nil)
        let ready = DispatchSemaphore(value: 0)
        let worker = Thread {
            let session: SequencerSession
            do throws(SequencerError) {
                session = try SequencerSession(clientName: clientName, queueFrequency: queueFrequency, logger: logger)
            } catch {
                opened.withLock { $0 = .failure(error) }
                ready.signal()
                close(wake)
                return
            }
            opened.withLock {
                $0 = .success(Identity(client: session.handle.clientID, outputPort: session.outputPort,
                                       inputPort: session.inputPort, queue: Int(session.queue)))
            }
            ready.signal()
            thread.run(session, logger: logger)
        }
        worker.name = "Peach ALSA sequencer"
        worker.start()
        ready.wait()
        switch opened.withLock({ $0 })! {
        case .success(let identity): return (thread, identity)
        case .failure(let error): throw error
        }
    }

    /// Queues `job` for the sequencer thread. Returns false (and drops it) once stopping.
    @discardableResult
    func submit(_ job: @escaping Job) -> Bool {
        mailbox.withLock { mailbox in
            guard !mailbox.stopping else { return false }
            mailbox.jobs.append(job)
            ring()
            return true
        }
    }

    /// Asks the loop to end after the jobs already queued. Idempotent; does not wait.
    func stop() {
        mailbox.withLock { mailbox in
            guard !mailbox.stopping else { return }
            mailbox.stopping = true
            ring()
        }
    }

    // Called with the mailbox locked, so the loop cannot close `wake` in between.
    private func ring() {
        var one: UInt64 = 1
        _ = write(wake, &one, 8)
    }

    private func run(_ session: SequencerSession, logger: any PeachLogger) {
        var descriptors = [pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
        do {
            descriptors += try session.handle.inputPollDescriptors()
        } catch {
            logger.log(.error, tr(.logCannotPollInput, ["error": "\(error)"]))
        }
        while true {
            // Waits for input or a job; while a routed position is untold, at most until it is due.
            let ready = poll(&descriptors, nfds_t(descriptors.count), session.millisecondsUntilTellDue)
            if ready < 0 {
                if errno == EINTR { continue }
                logger.log(.error, tr(.logPollFailed, ["errno": "\(errno)"]))
                break
            }
            if descriptors.dropFirst().contains(where: { $0.revents != 0 }) {
                session.readAvailable()
                // A dead device (module unloaded, PipeWire restarted) reports errors forever: stop
                // polling it rather than spin; jobs still run and report their failures.
                let broken = Int16(POLLERR | POLLHUP | POLLNVAL)
                if descriptors.dropFirst().contains(where: { $0.revents & broken != 0 }) {
                    logger.log(.error, tr(.logSequencerDeviceError))
                    descriptors = [descriptors[0]]
                }
            }
            if descriptors[0].revents != 0 {
                var count: UInt64 = 0
                _ = read(wake, &count, 8)
                let (jobs, stopping) = mailbox.withLock { mailbox in
                    defer { mailbox.jobs.removeAll() }
                    return (mailbox.jobs, mailbox.stopping)
                }
                for job in jobs { job(session) }
                if stopping { break }
            }
            session.tellPositionIfDue()
        }
        if let descriptor = try? session.handle.outputDescriptor() { EmergencySilence.disarm(descriptor: descriptor) }
        session.shutdown()
        mailbox.withLock { _ in _ = close(wake) }
    }
}
