import Foundation
import PeachSystem
import PeachWeb
import Synchronization

/// Serves the local page on its own thread, off the sequencer thread and the main actor: one poll loop over the
/// listener, every connection and a stop link. Every request passes `LocalPageAccess` before the handler sees it.
/// A client cannot make it hold more than the limits, nor keep it from answering others: requests are read without
/// blocking, a connection idle too long or a request sent too slowly is closed, and when every slot is taken a new
/// connection takes the longest-idle one's. The page's event stream (`LocalPageAccess.eventStreamPath`) stays open:
/// every `publish`ed event reaches each open stream, and a new stream (a reload) gets the latest one at once.
public final class LocalPageServer: Sendable {
    public struct Limits: Sendable {
        public var connections: Int
        /// A connection with nothing to say for this long is closed.
        public var idle: Duration
        /// A request begun must be whole within this (a client dribbling bytes gets 408).
        public var request: Duration
        public var http: HTTPLimits
        /// An open event stream quiet for this long is sent a comment, so a tab that went away is noticed.
        public var heartbeat: Duration

        public init(connections: Int = 64, idle: Duration = .seconds(30), request: Duration = .seconds(10),
                    http: HTTPLimits = .standard, heartbeat: Duration = .seconds(5)) {
            self.connections = connections
            self.idle = idle
            self.request = request
            self.http = http
            self.heartbeat = heartbeat
        }
    }

    public typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse
    /// Told, on the server's thread, how many event streams are open whenever the count changes.
    public typealias StreamCountObserver = @Sendable (Int) -> Void

    public let port: UInt16
    private let listener: LoopbackListener
    private let access: LocalPageAccess
    private let limits: Limits
    private let handler: Handler
    private let streamCountChanged: StreamCountObserver
    /// Wakes the loop: a `stopByte` ends it, anything else says events wait in `outbox`.
    private let wakeLink: (wake: Int32, notice: Int32)
    let outbox = Mutex(Outbox())
    private let finished = Mutex(false)
    static let stopByte: UInt8 = 1
    static let eventByte: UInt8 = 2

    public init(listener: LoopbackListener, access: LocalPageAccess, limits: Limits = Limits(),
                streamCountChanged: @escaping StreamCountObserver = { _ in },
                handler: @escaping Handler) throws(SystemError) {
        self.listener = listener
        self.port = listener.port
        self.access = access
        self.limits = limits
        self.handler = handler
        self.streamCountChanged = streamCountChanged
        let (wake, notice) = try LocalSocket.pair()
        wakeLink = (wake, notice)
    }

    /// Runs the loop on a thread of its own until `stop`.
    public func start() {
        let thread = Thread { [self] in run() }
        thread.name = "Peach web"
        thread.start()
    }

    /// Ends the loop (every connection closed, the listener too) within one poll. Idempotent.
    public func stop() {
        _ = LocalSocket.send([Self.stopByte], on: wakeLink.wake)
    }

    /// Sends `event` to every open event stream (from any thread; the loop writes it) and keeps it for streams
    /// opened later: a reloaded page shows at once where the trainer is.
    public func publish(_ event: ServerSentEvent) {
        outbox.withLock { $0.post(event) }
        _ = LocalSocket.send([Self.eventByte], on: wakeLink.wake)
    }

    public var hasStopped: Bool { finished.withLock { $0 } }

    /// The loop: blocks until `stop`.
    public func run() {
        var connections: [Connection] = []
        defer {
            connections.forEach { SocketIO.close($0.descriptor) }
            listener.close()
            finished.withLock { $0 = true }
            if connections.contains(where: \.isEventStream) { streamCountChanged(0) }
        }
        while true {
            var descriptors = [Poll.readable(wakeLink.notice), Poll.readable(listener.pollDescriptor)]
                + connections.map { Poll.readable($0.descriptor) }
            switch Poll.wait(&descriptors, timeoutMilliseconds: 200) {
            case .failed: return
            case .interrupted: continue
            case .ready: break
            }
            let streamsBefore = connections.count { $0.isEventStream }
            let now = ContinuousClock.now
            if descriptors[0].revents != 0 {
                guard !wokenToStop() else { return }
                deliverEvents(&connections, now: now)
            }
            for index in connections.indices.reversed() where descriptors[index + 2].revents != 0 {
                if !serve(&connections[index], now: now) { close(at: index, in: &connections) }
            }
            expire(&connections, now: now)
            if descriptors[1].revents != 0 { acceptWaiting(&connections, now: now) }
            let streams = connections.count { $0.isEventStream }
            if streams != streamsBefore { streamCountChanged(streams) }
        }
    }

    struct Connection {
        let descriptor: Int32
        var buffer: [UInt8] = []
        var lastActivity: ContinuousClock.Instant
        var requestBegan: ContinuousClock.Instant?
        /// An open event stream: written to, never read from again, kept open while the tab is there.
        var isEventStream = false
    }

    /// Reads the wake link; true when a stop is among what woke the loop.
    private func wokenToStop() -> Bool {
        guard case .bytes(let bytes) = SocketIO.receive(from: wakeLink.notice) else { return false }
        return bytes.contains(Self.stopByte)
    }

    private func acceptWaiting(_ connections: inout [Connection], now: ContinuousClock.Instant) {
        while let descriptor = listener.accept() {
            if connections.count >= limits.connections, let oldest = connections.indices.min(by: {
                connections[$0].lastActivity < connections[$1].lastActivity
            }) {
                close(at: oldest, in: &connections)
            }
            connections.append(Connection(descriptor: descriptor, lastActivity: now))
        }
    }

    /// Reads what arrived and answers every whole request in it; false when the connection is to be closed.
    private func serve(_ connection: inout Connection, now: ContinuousClock.Instant) -> Bool {
        // A stream's client has nothing more to say; readable means it closed (or sent what is ignored).
        if connection.isEventStream { return SocketIO.receive(from: connection.descriptor) != .closed }
        switch SocketIO.receive(from: connection.descriptor) {
        case .closed: return false
        case .nothingYet: return true
        case .bytes(let bytes):
            connection.buffer += bytes
            connection.lastActivity = now
        }
        while !connection.buffer.isEmpty {
            switch HTTPRequestReader.read(connection.buffer, limits: limits.http, admitsUpload: { self.access.decide($0) == .allow }) {
            case .incomplete:
                connection.requestBegan = connection.requestBegan ?? now
                return true
            case .rejected(let rejection):
                _ = SocketIO.sendAll(HTTPResponse.rejection(rejection).bytes, to: connection.descriptor)
                return false
            case .complete(let request, let consumed):
                connection.buffer.removeFirst(consumed)
                connection.requestBegan = nil
                if request.path == LocalPageAccess.eventStreamPath, access.decide(request) == .allow {
                    return openEventStream(&connection, request: request, now: now)
                }
                let (response, keepOpen) = answer(request)
                guard SocketIO.sendAll(response.bytes, to: connection.descriptor), keepOpen else { return false }
            }
        }
        return true
    }

    /// The response to a whole request, and whether the connection stays open after it.
    func answer(_ request: HTTPRequest) -> (HTTPResponse, Bool) {
        let closeAsked = request.header("Connection")?.lowercased() == "close"
        switch access.decide(request) {
        case .reject(let rejection):
            return (HTTPResponse.rejection(rejection), false)
        case .tradeSecretForCookie(let location):
            let response = HTTPResponse(.seeOther, headers: [HTTPHeader("Location", location),
                                                             HTTPHeader("Set-Cookie", access.sessionCookie)])
            return (response, !closeAsked)
        case .allow:
            return (handler(request), !closeAsked)
        }
    }

    /// Closes connections idle too long, and answers a request sent too slowly with 408 before closing it.
    private func expire(_ connections: inout [Connection], now: ContinuousClock.Instant) {
        for index in connections.indices.reversed() {
            let connection = connections[index]
            if connection.isEventStream {
                if now - connection.lastActivity > limits.heartbeat, !keepAlive(&connections[index], now: now) {
                    close(at: index, in: &connections)
                }
            } else if let began = connection.requestBegan, now - began > limits.request {
                let late = HTTPRejection(.requestTimeout, "the request did not arrive whole within \(limits.request)")
                _ = SocketIO.sendAll(HTTPResponse.rejection(late).bytes, to: connection.descriptor, timeoutMilliseconds: 100)
                close(at: index, in: &connections)
            } else if now - connection.lastActivity > limits.idle {
                close(at: index, in: &connections)
            }
        }
    }

    private func close(at index: Int, in connections: inout [Connection]) {
        SocketIO.close(connections[index].descriptor)
        connections.remove(at: index)
    }
}
