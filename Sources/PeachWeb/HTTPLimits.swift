/// What a client may send, at most: beyond any of these the request is refused with its own 4xx, before more of it
/// is read. Peach's page sends a few hundred bytes a request; these leave room and bound the memory a client costs.
public struct HTTPLimits: Equatable, Sendable {
    public var requestLineBytes: Int
    public var headerCount: Int
    public var headerBytes: Int
    public var bodyBytes: Int

    public init(requestLineBytes: Int = 8_192, headerCount: Int = 64, headerBytes: Int = 16_384, bodyBytes: Int = 65_536) {
        self.requestLineBytes = requestLineBytes
        self.headerCount = headerCount
        self.headerBytes = headerBytes
        self.bodyBytes = bodyBytes
    }

    public static let standard = HTTPLimits()
}
