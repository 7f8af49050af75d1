import PeachSystem
import PeachWeb

/// The page's event streams: what waits to be sent, opening a stream, sending to every stream, keeping them alive.
extension LocalPageServer {
    /// Events published since the loop last sent, and the latest one for streams yet to open.
    struct Outbox: Sendable {
        var pending: [ServerSentEvent] = []
        var latest: [String: ServerSentEvent] = [:]
        /// The order in which the latest events of each name were first published (a new stream gets them in it).
        var names: [String] = []

        mutating func post(_ event: ServerSentEvent) {
            pending.append(event)
            if latest[event.name] == nil { names.append(event.name) }
            latest[event.name] = event
        }

        mutating func take() -> [ServerSentEvent] {
            defer { pending.removeAll() }
            return pending
        }

        var current: [ServerSentEvent] { names.compactMap { latest[$0] } }
    }

    /// A GET of the stream's path: the head, then the latest event of each name; the connection stays a stream.
    func openEventStream(_ connection: inout Connection, request: HTTPRequest, now: ContinuousClock.Instant) -> Bool {
        guard request.method == "GET" else {
            _ = SocketIO.sendAll(HTTPResponse.rejection(HTTPRejection(.methodNotAllowed, "the event stream is read with GET")).bytes,
                                 to: connection.descriptor)
            return false
        }
        connection.isEventStream = true
        connection.buffer.removeAll()
        connection.lastActivity = now
        let current = outbox.withLock { $0.current }
        return SocketIO.sendAll(ServerSentEvent.streamHead + current.flatMap(\.bytes), to: connection.descriptor,
                                timeoutMilliseconds: 500)
    }

    /// Sends what was published to every open stream; a stream that cannot take it within a moment is closed.
    func deliverEvents(_ connections: inout [Connection], now: ContinuousClock.Instant) {
        let events = outbox.withLock { $0.take() }
        guard !events.isEmpty else { return }
        let bytes = events.flatMap(\.bytes)
        for index in connections.indices.reversed() where connections[index].isEventStream {
            if SocketIO.sendAll(bytes, to: connections[index].descriptor, timeoutMilliseconds: 200) {
                connections[index].lastActivity = now
            } else {
                SocketIO.close(connections[index].descriptor)
                connections.remove(at: index)
            }
        }
    }

    /// A quiet stream gets a comment; false when the tab is gone.
    func keepAlive(_ connection: inout Connection, now: ContinuousClock.Instant) -> Bool {
        connection.lastActivity = now
        return SocketIO.sendAll(ServerSentEvent.heartbeat, to: connection.descriptor, timeoutMilliseconds: 200)
    }
}
